import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['content/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'tests/production/**', 'node_modules/**', 'dist/**'],
    // One real PostgreSQL server for the whole run (tests/support/global-setup.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/testing-library.ts'],
    // Three files at a time even on two cores (Vitest's default there is one): most of them
    // wait on real servers, sockets, fsync and retry delays far more than they compute (records 131, 450).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

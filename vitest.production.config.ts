// `npm test`'s production-install step: the built CLIs without dev dependencies.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/production/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});

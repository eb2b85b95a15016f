import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { loadEnvFile } from './env-file.js';

describe('loadEnvFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-env-'));
  afterEach(() => {
    delete process.env.CURBSIDE_TEST_FROM_FILE;
    delete process.env.CURBSIDE_TEST_BOTH;
  });

  it('fills in what the environment does not set, and the environment wins', () => {
    writeFileSync(join(dir, '.env'), 'CURBSIDE_TEST_FROM_FILE=file\nCURBSIDE_TEST_BOTH=file\n');
    process.env.CURBSIDE_TEST_BOTH = 'environment';
    loadEnvFile(dir);
    expect(process.env.CURBSIDE_TEST_FROM_FILE).toBe('file');
    expect(process.env.CURBSIDE_TEST_BOTH).toBe('environment');
    rmSync(dir, { recursive: true, force: true });
  });

  it('is no error without a file', () => {
    expect(() => loadEnvFile(join(dir, 'missing'))).not.toThrow();
  });

  it('the example file loads as it is, and its values make a valid configuration', () => {
    const example = Object.fromEntries(
      readFileSync('.env.example', 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.split('=', 2) as [string, string]),
    );
    expect(Object.keys(example)).toContain('DATA_DIR');
    const data = mkdtempSync(join(tmpdir(), 'curbside-env-data-'));
    expect(() => loadConfig({ ...example, DATA_DIR: data })).not.toThrow();
    rmSync(data, { recursive: true, force: true });
  });
});

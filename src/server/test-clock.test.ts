// The browser tests' clock (record 431): refused by any server not started with
// NODE_ENV=test; with it, the sale's clock runs the file's milliseconds ahead (none
// without the file), read at each use, and a change of the file is told at once.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from './config-error.js';
import { testClockFrom } from './test-clock.js';

const dir = mkdtempSync(join(tmpdir(), 'curbside-test-clock-'));
const file = join(dir, 'offset-ms');
afterEach(() => {
  vi.useRealTimers();
  rmSync(file, { force: true });
});

describe('TEST_CLOCK_FILE', () => {
  it('is refused unless NODE_ENV=test, naming itself', () => {
    for (const NODE_ENV of [undefined, 'production', 'development', '']) {
      expect(() => testClockFrom({ TEST_CLOCK_FILE: file, NODE_ENV })).toThrow(ConfigError);
      expect(() => testClockFrom({ TEST_CLOCK_FILE: file, NODE_ENV })).toThrow(/TEST_CLOCK_FILE .*NODE_ENV=test/);
    }
    expect(testClockFrom({ NODE_ENV: 'production' })).toBeUndefined();
    expect(testClockFrom({ NODE_ENV: 'test' })).toBeUndefined();
  });

  it('runs the file’s milliseconds ahead of the system’s, read at each use', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T12:00:00Z'));
    const { clock } = testClockFrom({ TEST_CLOCK_FILE: file, NODE_ENV: 'test' })!;
    expect(clock()).toBe(Date.parse('2030-01-01T12:00:00Z'));
    writeFileSync(file, String(8 * 24 * 60 * 60 * 1000));
    expect(clock()).toBe(Date.parse('2030-01-09T12:00:00Z'));
    writeFileSync(file, 'not a number');
    expect(clock()).toBe(Date.parse('2030-01-01T12:00:00Z'));
    rmSync(file);
    expect(clock()).toBe(Date.parse('2030-01-01T12:00:00Z'));
  });

  it('tells of each move of the file', async () => {
    const testClock = testClockFrom({ TEST_CLOCK_FILE: file, NODE_ENV: 'test' })!;
    const moved = new Promise<void>((resolve) => {
      const stop = testClock.onMove(() => {
        stop();
        resolve();
      });
    });
    writeFileSync(`${file}.new`, '1000');
    renameSync(`${file}.new`, file);
    await moved;
  });
});

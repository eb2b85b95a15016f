// The browser tests' clock (record 431), FOR TESTS ONLY: with NODE_ENV=test and
// TEST_CLOCK_FILE set, the server's sale clock (record 143) runs that many milliseconds
// ahead of the system's, as written in the file (an integer; no file: 0). A browser test
// writes it to move the days of the running production build (a hold's end), and takes
// it away after. Any other NODE_ENV with TEST_CLOCK_FILE set refuses to start, so a
// production server never reads it. Like buildApp's `clock`, it moves only the sale's
// calendar: the outbox's deliveries, leases and retries keep the system's time.
import { readFileSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { type Clock, systemClock } from './clock.js';
import { ConfigError } from './config-error.js';

export interface TestClock {
  clock: Clock;
  /** Calls `moved` each time the file changes (the reminders then sweep at once); returns the stop. */
  onMove(moved: () => void): () => void;
}

/** The clock TEST_CLOCK_FILE gives, or undefined without it; refused outside NODE_ENV=test. */
export function testClockFrom(env: NodeJS.ProcessEnv): TestClock | undefined {
  const file = env.TEST_CLOCK_FILE;
  if (!file) return undefined;
  if (env.NODE_ENV !== 'test') {
    throw new ConfigError(
      'TEST_CLOCK_FILE moves the server’s clock for browser tests only: it is refused unless NODE_ENV=test. Remove it.',
    );
  }
  const offset = () => {
    try {
      const ms = Number(readFileSync(file, 'utf8').trim());
      return Number.isSafeInteger(ms) ? ms : 0;
    } catch {
      return 0; // no file: the system's time
    }
  };
  return {
    clock: () => systemClock() + offset(),
    onMove(moved) {
      const watcher = watch(dirname(file), (_event, name) => {
        if (name === basename(file)) moved();
      });
      return () => watcher.close();
    },
  };
}

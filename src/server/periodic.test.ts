// The sweepers' timer (record 380), on fake timers: one run at start and one at each
// period, never two at once however often it is asked, and stop waits for the run
// under way and starts no other.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { periodic } from './periodic.js';

/** A task whose runs end only when the test says so; counts runs under way at once. */
function heldTask() {
  const ends: Array<() => void> = [];
  const state = { started: 0, atOnce: 0, most: 0 };
  const task = () =>
    new Promise<number>((resolve) => {
      state.started += 1;
      state.atOnce += 1;
      state.most = Math.max(state.most, state.atOnce);
      const run = state.started;
      ends.push(() => {
        state.atOnce -= 1;
        resolve(run);
      });
    });
  const endOldest = () => ends.shift()?.();
  return { task, state, endOldest };
}

describe('periodic', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at start and every period, never two runs at once', async () => {
    const { task, state, endOldest } = heldTask();
    const onError = vi.fn();
    const timed = periodic(task, { everyMs: 1000, onError });
    timed.start();
    timed.start(); // a second start changes nothing
    expect(state.started).toBe(1);
    await vi.advanceTimersByTimeAsync(3500); // three periods while the first run lasts
    const asked = timed.run();
    expect(state.started).toBe(1);
    endOldest();
    expect(await asked).toBe(1); // the one asking shares the run under way
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.started).toBe(2);
    endOldest();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.most).toBe(1);
    expect(onError).not.toHaveBeenCalled();
    await timed.stop();
  });

  it('stop waits for the running one and starts no other', async () => {
    const { task, state, endOldest } = heldTask();
    const timed = periodic(task, { everyMs: 1000, onError: vi.fn() });
    timed.start();
    let stopped = false;
    const stopping = timed.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    endOldest();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.started).toBe(1);
  });

  it('hands a timed run’s failure to onError and runs again at the next period', async () => {
    let calls = 0;
    const onError = vi.fn();
    const timed = periodic(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('store gone');
        return calls;
      },
      { everyMs: 1000, onError },
    );
    timed.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
    await timed.stop();
  });
});

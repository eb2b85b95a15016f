// Waits for something a server does in its own time (a message, a push, a state): reads
// until it gives a value, every 50 ms, failing after `timeoutMs` with what it waited for.
import { setTimeout as sleep } from 'node:timers/promises';

export async function until<T>(
  what: string,
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

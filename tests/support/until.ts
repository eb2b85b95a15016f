// Waits for something a server process does in its own time (an e-mail, a push, a
// status): what `read` gives once it is not undefined, or an error naming it after `timeoutMs`.
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

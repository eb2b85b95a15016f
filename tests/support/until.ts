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

/**
 * Waits until the server at `origin`, in its own process, has nothing on its way: its
 * outbox as /api/health/ready counts it holds nothing queued, retrying or in flight (a
 * claimed send counts as queued until it is settled), so everything it sent has arrived
 * and a count taken now is final (records 311, 381). Never a sleep: a late send is waited for.
 */
export async function outboxSettled(origin: string, timeoutMs = 20_000): Promise<void> {
  await until(
    'the outbox to hold nothing on its way',
    async () => {
      const ready = (await (await fetch(`${origin}/api/health/ready`)).json()) as { outbox?: { queued: number } };
      return ready.outbox?.queued === 0 ? true : undefined;
    },
    timeoutMs,
  );
}

// Group commit on its own, with a writer that records its batches: creates of one
// turn share a batch, and a failed batch is written again member by member so
// only the member at fault is refused. (The same on real engines: inquiry-store.test.ts.)
import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

/** A writer that doubles numbers, all or nothing, refusing any batch that holds a negative. */
function recordingWriter() {
  const batches: number[][] = [];
  const write = async (batch: number[]) => {
    batches.push([...batch]);
    const bad = batch.find((n) => n < 0);
    if (bad !== undefined) throw new Error(`refused ${bad}`);
    return batch.map((n) => n * 2);
  };
  return { batches, write };
}

describe('groupCommit', () => {
  it('writes the creates of one turn as one batch, each answered with its own result', async () => {
    const { batches, write } = recordingWriter();
    const commit = groupCommit(write, 100);
    const results = await Promise.all([1, 2, 3, 4].map((n) => commit.submit(n)));
    expect(results).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('writes each member of a failed batch alone: only the faulty one is refused, with its own error', async () => {
    const { batches, write } = recordingWriter();
    const commit = groupCommit(write, 100);
    const results = await Promise.allSettled([1, -7, 3, -9].map((n) => commit.submit(n)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('refused -7') },
      { status: 'fulfilled', value: 6 },
      { status: 'rejected', reason: new Error('refused -9') },
    ]);
    expect(batches).toEqual([[1, -7, 3, -9], [1], [-7], [3], [-9]]);
  });

  it('keeps batching after a failure, and drains', async () => {
    const { batches, write } = recordingWriter();
    const commit = groupCommit(write, 2);
    const first = Promise.allSettled([-1, 5].map((n) => commit.submit(n)));
    await commit.drain();
    expect((await first).map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(await Promise.all([6, 7, 8].map((n) => commit.submit(n)))).toEqual([12, 14, 16]);
    expect(batches.slice(3)).toEqual([[6, 7], [8]]);
  });
});

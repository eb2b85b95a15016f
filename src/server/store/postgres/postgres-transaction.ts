// One transaction on a client of the pool: committed when `work` resolves,
// rolled back when it throws (and the error passed on), the client always released.
// And `iso`, which the owner's stores read their timestamps through.
import type pg from 'pg';
import { storeFault } from '../store-faults.js';

/** A timestamptz column as the stores' contracts give it: an ISO string (null stays null). */
export const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost between two of the transaction's queries (the database restarted)
  // is reported as an 'error' event: without a listener it would crash the server. The
  // next query fails anyway, and the broken client is then discarded, not pooled.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A query that got no answer (a hung database) leaves the connection in an unknown
    // state: it is closed, not rolled back (which would wait as long again) and pooled.
    if (storeFault(error)?.kind === 'unanswered') broken = error as Error;
    else
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

// One store instance in a process of its own, placing orders all at once on a database
// another instance shares (preorder-store.test.ts's races): the orders come as JSON in
// argv[2] ({ engine, where, orders, at, holdUntil }), the results go out as JSON lines.
// A process per instance: on SQLite, two connections in one process never interleave.
import type { NewOrder } from '../../src/server/store/preorder-store.js';
import { openPostgresOwnerStore } from '../../src/server/store/postgres/postgres-owner-store.js';
import { openSqliteOwnerStore } from '../../src/server/store/sqlite/sqlite-owner-store.js';

interface Race {
  engine: 'sqlite' | 'postgres';
  /** The data directory, or the PostgreSQL URL. */
  where: string;
  orders: NewOrder[];
  at: string;
  holdUntil: string | null;
}

const race = JSON.parse(process.argv[2]!) as Race;
const owners =
  race.engine === 'sqlite' ? openSqliteOwnerStore(race.where) : await openPostgresOwnerStore(race.where, 10);
const results = await Promise.all(
  race.orders.map((order) =>
    owners.preorders.place(order, new Date(race.at), race.holdUntil ? new Date(race.holdUntil) : null),
  ),
);
await owners.close();
process.stdout.write(`${JSON.stringify(results)}\n`);

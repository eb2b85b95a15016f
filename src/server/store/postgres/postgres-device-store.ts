// The owners' push devices and the server's kept keys on PostgreSQL (device-store.ts),
// on the owner store's pool.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { DeviceStore, PushDevice } from '../device-store.js';
import { iso } from './postgres-transaction.js';

const PUSH_COLUMNS = '"id", "ownerId", "endpoint", "p256dh", "auth", "label", "createdAt"';
const toPushDevice = (row: Record<string, unknown>) => ({ ...row, createdAt: iso(row.createdAt) }) as PushDevice;

export function postgresDeviceStore(pool: pg.Pool): DeviceStore {
  return {
    async addPushDevice(ownerId, device, now) {
      const { rows } = await pool.query(
        `INSERT INTO "pushDevices" ("id", "ownerId", "endpoint", "p256dh", "auth", "label", "createdAt", "sessionHash")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ("endpoint") DO UPDATE SET "ownerId" = excluded."ownerId", "p256dh" = excluded."p256dh",
           "auth" = excluded."auth", "label" = excluded."label", "sessionHash" = excluded."sessionHash"
         RETURNING ${PUSH_COLUMNS}`,
        [
          randomUUID(),
          ownerId,
          device.endpoint,
          device.p256dh,
          device.auth,
          device.label,
          now,
          device.sessionHash ?? null,
        ],
      );
      return toPushDevice(rows[0]);
    },
    async pushDevices(ownerId) {
      const { rows } =
        ownerId === undefined
          ? await pool.query(`SELECT ${PUSH_COLUMNS} FROM "pushDevices" ORDER BY "createdAt", "id"`)
          : await pool.query(
              `SELECT ${PUSH_COLUMNS} FROM "pushDevices" WHERE "ownerId" = $1 ORDER BY "createdAt", "id"`,
              [ownerId],
            );
      return rows.map(toPushDevice);
    },
    async pushDevice(id) {
      const { rows } = await pool.query(`SELECT ${PUSH_COLUMNS} FROM "pushDevices" WHERE "id" = $1`, [id]);
      return rows[0] ? toPushDevice(rows[0]) : undefined;
    },
    async removePushDevice(ownerId, endpoint) {
      const { rowCount } = await pool.query('DELETE FROM "pushDevices" WHERE "ownerId" = $1 AND "endpoint" = $2', [
        ownerId,
        endpoint,
      ]);
      return (rowCount ?? 0) > 0;
    },
    async forgetPushDevice(id) {
      await pool.query('DELETE FROM "pushDevices" WHERE "id" = $1', [id]);
    },
    async removeDevicesNotFrom(ownerId, keep) {
      const { rowCount } =
        keep === undefined
          ? await pool.query('DELETE FROM "pushDevices" WHERE "ownerId" = $1', [ownerId])
          : await pool.query('DELETE FROM "pushDevices" WHERE "ownerId" = $1 AND "sessionHash" IS DISTINCT FROM $2', [
              ownerId,
              keep,
            ]);
      return rowCount ?? 0;
    },
    async serverKey(name, make) {
      const read = async () =>
        (await pool.query('SELECT "value" FROM "serverKeys" WHERE "name" = $1', [name])).rows[0]?.value as
          | string
          | undefined;
      const kept = await read();
      if (kept !== undefined) return kept;
      await pool.query('INSERT INTO "serverKeys" ("name", "value") VALUES ($1, $2) ON CONFLICT ("name") DO NOTHING', [
        name,
        make(),
      ]);
      return (await read())!; // another instance's, if it made one first
    },
  };
}

// The owners' push devices and the server's kept keys on SQLite (device-store.ts),
// on the owner store's connection.
import { randomUUID } from 'node:crypto';
import type { DeviceStore, PushDevice } from '../device-store.js';
import type { Prepare } from './sqlite-statements.js';

const PUSH_COLUMNS = 'id, ownerId, endpoint, p256dh, auth, label, createdAt';

export function sqliteDeviceStore(prepare: Prepare): DeviceStore {
  return {
    async addPushDevice(ownerId, device, now) {
      const id = randomUUID();
      prepare(
        `INSERT INTO pushDevices (id, ownerId, endpoint, p256dh, auth, label, createdAt, sessionHash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET ownerId = excluded.ownerId, p256dh = excluded.p256dh,
           auth = excluded.auth, label = excluded.label, sessionHash = excluded.sessionHash`,
      ).run(
        id,
        ownerId,
        device.endpoint,
        device.p256dh,
        device.auth,
        device.label,
        now.toISOString(),
        device.sessionHash ?? null,
      );
      return prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices WHERE endpoint = ?`).get(device.endpoint) as PushDevice;
    },
    async pushDevices(ownerId) {
      return (
        ownerId === undefined
          ? prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices ORDER BY createdAt, id`).all()
          : prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices WHERE ownerId = ? ORDER BY createdAt, id`).all(ownerId)
      ) as PushDevice[];
    },
    async pushDevice(id) {
      return prepare(`SELECT ${PUSH_COLUMNS} FROM pushDevices WHERE id = ?`).get(id) as PushDevice | undefined;
    },
    async removePushDevice(ownerId, endpoint) {
      return prepare('DELETE FROM pushDevices WHERE ownerId = ? AND endpoint = ?').run(ownerId, endpoint).changes > 0;
    },
    async forgetPushDevice(id) {
      prepare('DELETE FROM pushDevices WHERE id = ?').run(id);
    },
    async removeDevicesNotFrom(ownerId, keep) {
      return keep === undefined
        ? prepare('DELETE FROM pushDevices WHERE ownerId = ?').run(ownerId).changes
        : prepare('DELETE FROM pushDevices WHERE ownerId = ? AND sessionHash IS NOT ?').run(ownerId, keep).changes;
    },
    async serverKey(name, make) {
      const read = () => prepare('SELECT value FROM serverKeys WHERE name = ?').pluck().get(name) as string | undefined;
      const kept = read();
      if (kept !== undefined) return kept;
      prepare('INSERT INTO serverKeys (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING').run(name, make());
      return read()!; // another instance's, if it made one first
    },
  };
}

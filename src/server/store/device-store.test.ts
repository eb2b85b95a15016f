// The DeviceStore contract (device-store.ts) on a real SQLite file and a real
// PostgreSQL server: the owners' push devices and the server's kept keys.
import { describe, expect, it } from 'vitest';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';

const MINUTE = 60_000;

describe.each(OWNER_STORE_ENGINES)('DeviceStore contract on $name', (engine) => {
  const open = freshOwnerStores(engine);

  describe('push devices (record 121)', () => {
    const device = (name: string, label = name) => ({
      endpoint: `https://push.example/send/${name}`,
      p256dh: `B${name.padEnd(86, 'A')}`,
      auth: name.padEnd(22, 'A'),
      label,
    });
    const start = Date.now();
    const minutesAgo = (minutes: number) => new Date(start - minutes * MINUTE);

    it('keeps each owner’s devices, oldest first; an endpoint sent again renews its keys, and moves to its sender', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'hash');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const laptop = await owners.devices.addPushDevice(owner.id, device('laptop', 'Chrome on Linux'), minutesAgo(10));
      const phone = await owners.devices.addPushDevice(owner.id, device('phone', 'Chrome on Android'), minutesAgo(20));
      const tablet = await owners.devices.addPushDevice(helper.id, device('tablet'), minutesAgo(5));
      expect(phone).toMatchObject({ ownerId: owner.id, ...device('phone', 'Chrome on Android') });
      expect(phone.createdAt).toBe(minutesAgo(20).toISOString());
      expect((await owners.devices.pushDevices(owner.id)).map((d) => d.label)).toEqual([
        'Chrome on Android',
        'Chrome on Linux',
      ]);
      expect((await owners.devices.pushDevices()).map((d) => d.id)).toEqual([phone.id, laptop.id, tablet.id]);
      expect(await owners.devices.pushDevice(laptop.id)).toEqual(laptop);
      expect(await owners.devices.pushDevice('no-such-device')).toBeUndefined();

      const renewed = await owners.devices.addPushDevice(
        helper.id,
        { ...device('phone'), auth: 'R'.repeat(22) },
        new Date(),
      );
      expect(renewed).toEqual({ ...phone, ownerId: helper.id, label: 'phone', auth: 'R'.repeat(22) });
      expect((await owners.devices.pushDevices(owner.id)).map((d) => d.id)).toEqual([laptop.id]);
      expect((await owners.devices.pushDevices(helper.id)).map((d) => d.id)).toEqual([phone.id, tablet.id]);
    });

    it('removes a device by its owner and endpoint, forgets one by its id, and drops a removed owner’s', async () => {
      const opened = await open();
      const { owners } = opened;
      const owner = await owners.createOwner('owner@example.com', 'hash');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const phone = await owners.devices.addPushDevice(owner.id, device('phone'), minutesAgo(3));
      const gone = await owners.devices.addPushDevice(owner.id, device('gone'), minutesAgo(2));
      await owners.devices.addPushDevice(helper.id, device('tablet'), minutesAgo(1));
      expect(await owners.devices.removePushDevice(helper.id, phone.endpoint)).toBe(false);
      expect(await owners.devices.removePushDevice(owner.id, phone.endpoint)).toBe(true);
      expect(await owners.devices.removePushDevice(owner.id, phone.endpoint)).toBe(false);
      await owners.devices.forgetPushDevice(gone.id);
      await owners.devices.forgetPushDevice(gone.id); // forgetting twice (two instances) is harmless
      expect(await owners.devices.pushDevices(owner.id)).toEqual([]);
      expect(await owners.removeOwner('helper@example.com')).toBe(true);
      expect(await opened.rows('pushDevices')).toEqual([]);
    });

    it('removes the owner’s devices not added from a kept session, or all of them (record 155)', async () => {
      const { owners } = await open();
      const owner = await owners.createOwner('owner@example.com', 'hash');
      const helper = await owners.createOwner('helper@example.com', 'hash');
      const now = new Date();
      await owners.devices.addPushDevice(owner.id, { ...device('mine'), sessionHash: 'kept' }, now);
      await owners.devices.addPushDevice(owner.id, { ...device('thief'), sessionHash: 'ended' }, now);
      await owners.devices.addPushDevice(owner.id, device('from-before'), now);
      await owners.devices.addPushDevice(helper.id, { ...device('helpers'), sessionHash: 'ended' }, now);
      expect(await owners.devices.removeDevicesNotFrom(owner.id, 'kept')).toBe(2);
      expect((await owners.devices.pushDevices(owner.id)).map((d) => d.label)).toEqual(['mine']);
      // Added again from another session, a device belongs to that one.
      await owners.devices.addPushDevice(owner.id, { ...device('mine'), sessionHash: 'newer' }, now);
      expect(await owners.devices.removeDevicesNotFrom(owner.id, 'kept')).toBe(1);
      await owners.devices.addPushDevice(owner.id, { ...device('again'), sessionHash: 'kept' }, now);
      expect(await owners.devices.removeDevicesNotFrom(owner.id)).toBe(1);
      expect(await owners.devices.pushDevices(owner.id)).toEqual([]);
      expect((await owners.devices.pushDevices(helper.id)).map((d) => d.label)).toEqual(['helpers']);
    });

    it('makes a server key once, one for callers at once, and keeps it after a restart', async () => {
      const opened = await open();
      let made = 0;
      const make = () => `key-${++made}`;
      const [first, second] = await Promise.all([
        opened.owners.devices.serverKey('vapid', make),
        opened.owners.devices.serverKey('vapid', make),
      ]);
      expect(second).toBe(first);
      const before = made;
      expect(await opened.owners.devices.serverKey('vapid', make)).toBe(first);
      expect(made).toBe(before);
      const reopened = await opened.reopen();
      expect(await reopened.devices.serverKey('vapid', make)).toBe(first);
      expect(made).toBe(before);
      expect(await reopened.devices.serverKey('other', make)).not.toBe(first);
    });
  });
});

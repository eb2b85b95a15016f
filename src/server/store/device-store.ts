// The owners' devices for push (record 121), one interface for both engines: each
// browser's push subscription, and the keys the server makes once and keeps (VAPID).

/** A browser's PushSubscription, as the inbox sends it, with a name for the device. */
export interface NewPushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** What the owner sees in the list ("Chrome on Android"). */
  label: string;
}

export interface PushDevice extends NewPushDevice {
  id: string;
  ownerId: string;
  createdAt: string;
}

/** A device as added through a session: which one (its token's hash), so ending it can end the device's pushes too. */
export interface AddedPushDevice extends NewPushDevice {
  sessionHash?: string;
}

export interface DeviceStore {
  /** Keeps a browser's push subscription for the owner (a known endpoint is renewed, and moves to this owner). */
  addPushDevice(ownerId: string, device: AddedPushDevice, now: Date): Promise<PushDevice>;
  /** The owner's devices, or every owner's when no owner is given; oldest first. */
  pushDevices(ownerId?: string): Promise<PushDevice[]>;
  pushDevice(id: string): Promise<PushDevice | undefined>;
  /** Removes one of the owner's devices by its endpoint ("Remove", or the browser unsubscribing). False if it had none such. */
  removePushDevice(ownerId: string, endpoint: string): Promise<boolean>;
  /** Removes a device whose push service said it is gone (404 or 410). */
  forgetPushDevice(id: string): Promise<void>;
  /**
   * Removes the owner's devices but those added from the session whose hash is `keep`
   * (every one without it): the other sessions were ended, and their devices with them
   * (record 155). Returns how many.
   */
  removeDevicesNotFrom(ownerId: string, keep?: string): Promise<number>;
  /** A key the server makes once and keeps (`make` runs only the first time; two instances agree on one). */
  serverKey(name: string, make: () => string): Promise<string>;
}

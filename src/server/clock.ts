// The server's clock. Production reads the system's; a test moves it (buildApp's
// `clock` option, which only code can pass: no setting or request reaches it), so the
// reminders of the sale can be tested days ahead of now (record 143). It moves the
// sale's calendar (which day it is, what is due); the outbox's deliveries, leases and
// retries keep the system's time.
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

// The owner API's paths are written once, in src/shared/owner-api.ts (record 440): the
// inbox calls them and the routes register them. Each is a route the built app serves,
// and each owner route the app serves is named there (the pre-orders' join later), so a
// route renamed or added on one side alone fails here.
import { afterEach, describe, expect, it } from 'vitest';
import { routesOf } from '../../../tests/support/app-routes.js';
import { startApp, type TestApp } from '../../../tests/support/test-app.js';
import { OWNER_API, ownerPath } from '../../shared/owner-api.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const NOT_YET_SHARED = /^\/api\/owner\/preorders(\/|$)/;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the owner API’s paths', () => {
  it('are each a route of the app, and name every owner route it serves', async () => {
    t = await startApp();
    const app = t.app;
    for (const [name, url] of Object.entries(OWNER_API)) {
      expect(
        METHODS.some((method) => app.hasRoute({ method, url })),
        `${name}: ${url}`,
      ).toBe(true);
    }
    const shared = new Set<string>(Object.values(OWNER_API));
    const served = routesOf(app)
      .map((route) => route.split(' ')[1]!)
      .filter((path) => path.startsWith('/api/owner/') && !NOT_YET_SHARED.test(path));
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((path) => !shared.has(path))).toEqual([]);
  });

  it('are filled in with their parameters, each escaped', () => {
    expect(ownerPath(OWNER_API.paymentVoid, { id: 'a1', paymentId: 'b2' })).toBe(
      '/api/owner/inquiries/a1/payments/b2/void',
    );
    expect(ownerPath(OWNER_API.inquiryCalendar, { id: 'a/1' })).toBe('/api/owner/inquiries/a%2F1/calendar.ics');
  });
});

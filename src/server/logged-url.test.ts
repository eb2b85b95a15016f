// The log never holds a secret link's token, however its path is spelled (record 191):
// a percent-escaped prefix is routed like the plain one, so it is redacted like it.
// Through the real app at LOG_LEVEL=debug, its log captured.
import { describe, expect, it } from 'vitest';
import { bookedEvent } from '../../tests/support/booked-event.js';
import { call, cookieOf, startOwnerApp } from '../../tests/support/owner-app.js';
import type { OwnerAccountView } from '../shared/inbox-views.js';
import { loggedUrl } from './logged-url.js';

describe('the log’s request address', () => {
  it('keeps no quote or calendar token, with or without percent-escapes in the path', async () => {
    const logs: string[] = [];
    const t = await startOwnerApp(
      { LOG_LEVEL: 'debug' },
      { build: { logStream: { write: (line) => void logs.push(line) } } },
    );
    const cookie = await cookieOf(t.app);
    const { path } = await bookedEvent(t, cookie);
    const quoteToken = path.slice('/quote/'.length);
    const feed = new URL(
      ((await call(t.app, 'GET', '/api/owner/account', { cookie })).json() as OwnerAccountView).calendarFeedUrl,
    );
    const feedToken = /\/calendar\/([\w-]+)\.ics$/.exec(feed.pathname)![1]!;

    for (const url of [
      `/%71uote/${quoteToken}`,
      `/%71%75ote/${quoteToken}?x=1`,
      `/%63alendar/${feedToken}.ics`,
      feed.pathname,
    ]) {
      // Served: the router decodes the escapes.
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const text = logs.join('');
    expect(text).toContain('"url":"/quote/…"');
    expect(text).toContain('"url":"/calendar/…"');
    expect(text).not.toContain(quoteToken);
    expect(text).not.toContain(feedToken);
  });

  it('redacts the action links too, and leaves other paths as they are', () => {
    expect(loggedUrl('/%61ct/abc?x')).toBe('/act/…');
    expect(loggedUrl('/%2571uote/abc')).toBe('/%71uote/abc');
    expect(loggedUrl('/inbox/inquiries/42?q=maria')).toBe('/inbox/inquiries/42');
  });
});

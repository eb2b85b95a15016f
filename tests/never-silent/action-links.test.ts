// Answering from the notification (issue 31, record 182): the owner's e-mail and push
// about a lead carry "Mark as contacted" and "Decline" links that act without a
// password, once, only on that inquiry and only with that action, until they expire.
// A link's GET only asks (a mail scanner fetching it changes nothing); the page's
// button, or the phone's notification button (JSON), acts and says what it did. Once
// holds across instances: the store keeps a row per link used. Real SMTP and push.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openOwnerStore } from '../../src/server/store/open-owner-store.js';
import { openStore } from '../../src/server/store/open-store.js';
import { ORIGIN, OWNER } from '../support/owner-app.js';
import { receivedAt } from '../support/builders.js';
import { until } from '../support/until.js';
import { nextMinute, type NeverSilent, PUBLIC_URL, startNeverSilent } from './support.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the action links of a lead’s notifications', () => {
  let t: NeverSilent;
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await t?.stop();
  });

  /** Leads that came in a minute ago, and the owner's e-mail and push about each, once sent. */
  async function leads(...lastNames: string[]) {
    const opening = nextMinute(nextMinute(Date.now() + DAY, false));
    t = await startNeverSilent(opening + 60 * MINUTE);
    const created = lastNames.map((lastName) =>
      receivedAt(new Date(opening + 59 * MINUTE).toISOString(), { document: { firstName: 'Lena', lastName } }),
    );
    for (const each of created) await t.inquiries.create(each);
    await t.app.notifier.start();
    return Promise.all(
      created.map(async (inquiry) => {
        const mail = await until('the owner’s e-mail', () =>
          t.smtp.received.find((each) => each.rcptTo.includes(OWNER) && each.replyTo.includes(inquiry.document.email)),
        );
        const push = await until('the push', () =>
          t.pushes().find((each) => each.title === `New inquiry: Lena ${inquiry.document.lastName}`),
        );
        const mailed = (title: string) => new RegExp(`${title}: (${PUBLIC_URL}/act/[\\w-]+)`).exec(mail.text)?.[1];
        const pushed = (action: string) => push.actions!.find((each) => each.action === action)!.url;
        return {
          id: inquiry.id,
          mail: { contacted: path(mailed('Mark as contacted')!), decline: path(mailed('Decline')!) },
          push: { contacted: path(pushed('contacted')), decline: path(pushed('decline')) },
        };
      }),
    );
  }
  const path = (url: string) => new URL(url).pathname;

  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
  const post = (app: FastifyInstance, url: string, headers: Record<string, string> = { origin: ORIGIN }) =>
    app.inject({ method: 'POST', url, headers });
  const statusOf = async (id: string) => (await t.owners.inbox.getInquiry(id))!.inquiry.status;
  const statusChanges = async (id: string) =>
    (await t.owners.inbox.getInquiry(id))!.history.filter((entry) => entry.kind === 'status');

  it('asks on GET, acts once on the page’s POST, says what it did, and touches nothing else', {
    timeout: 60_000,
  }, async () => {
    const [lead, other] = await leads('Reyes', 'Other');
    const link = lead!.mail.contacted;

    const asked = await get(t.app, link);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers).toMatchObject({
      'referrer-policy': 'same-origin',
      'x-robots-tag': 'noindex, nofollow',
      'cache-control': 'no-store',
    });
    expect(asked.body).toContain('<h1>Mark this inquiry as contacted?</h1>');
    expect(asked.body).toContain(`<form method="post" action="${link}">`);
    expect(asked.body).toContain('<button type="submit">Mark as contacted</button>');
    expect(asked.body).toContain('Lena Reyes');
    expect(await statusOf(lead!.id)).toBe('new'); // the GET changed nothing

    expect((await post(t.app, link, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await statusOf(lead!.id)).toBe('new');

    const acted = await post(t.app, link);
    expect(acted.statusCode).toBe(303);
    expect(acted.headers.location).toBe(link);
    expect(await statusOf(lead!.id)).toBe('contacted');
    expect(await statusChanges(lead!.id)).toEqual([
      { kind: 'status', at: new Date(t.now.at).toISOString(), by: OWNER, status: 'contacted', note: null },
    ]);
    const done = await get(t.app, link);
    expect(done.body).toContain('<h1>Marked as contacted</h1>');
    expect(done.body).toContain('Lena Reyes’s inquiry: marked as contacted on');

    // Once: again, it changes nothing.
    expect((await post(t.app, link)).statusCode).toBe(303);
    expect(await statusChanges(lead!.id)).toHaveLength(1);
    // The same notification's other link finds the lead answered.
    expect((await get(t.app, lead!.mail.decline)).body).toContain('is Contacted now: this link changes nothing.');
    expect((await post(t.app, lead!.mail.decline)).statusCode).toBe(303);
    expect(await statusOf(lead!.id)).toBe('contacted');

    // Only for its inquiry: the other lead is untouched, and a link changed to name it opens nothing.
    expect(await statusOf(other!.id)).toBe('new');
    const token = Buffer.from(link.slice('/act/'.length), 'base64url');
    Buffer.from(other!.id.replace(/-/g, ''), 'hex').copy(token, 16);
    const forged = `/act/${token.toString('base64url')}`;
    expect((await get(t.app, forged)).statusCode).toBe(404);
    expect((await post(t.app, forged)).statusCode).toBe(404);
    expect(await statusOf(other!.id)).toBe('new');
  });

  it('expires after a week', { timeout: 60_000 }, async () => {
    const [lead] = await leads('Expiring');
    const sentAt = t.now.at;
    t.now.at = sentAt + 7 * DAY + MINUTE;
    const expired = await get(t.app, lead!.mail.decline);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect((await post(t.app, lead!.mail.decline)).statusCode).toBe(410);
    const json = await post(t.app, lead!.push.decline, { origin: ORIGIN, accept: 'application/json' });
    expect(json.statusCode).toBe(410);
    expect(json.json()).toEqual({ done: false, message: 'This link has expired' });
    expect(await statusOf(lead!.id)).toBe('new');
    t.now.at = sentAt + 7 * DAY - MINUTE;
    expect((await post(t.app, lead!.mail.decline)).statusCode).toBe(303);
    expect(await statusOf(lead!.id)).toBe('declined');
  });

  it('acts from the phone’s button (JSON), once across instances, as the device’s owner, and not once that owner is removed', {
    timeout: 60_000,
  }, async () => {
    const [lead, later] = await leads('Phone', 'Later');
    // A second instance on the same database: what the first used, it finds used.
    const inquiries = await openStore(t.config);
    const owners = await openOwnerStore(t.config);
    const second = await buildApp(t.config, inquiries, { ownerStore: owners, clock: () => t.now.at });
    closing.push(() => second.close());

    const json = { origin: ORIGIN, accept: 'application/json' };
    const first = await post(second, lead!.push.decline, json);
    expect(first.json()).toEqual({ done: true, message: 'Declined: Lena Phone' });
    expect((await post(t.app, lead!.push.decline, json)).json()).toEqual({
      done: false,
      message: 'Already done: Lena Phone',
    });
    expect(await statusOf(lead!.id)).toBe('declined');
    expect((await statusChanges(lead!.id)).map((entry) => entry.by)).toEqual([OWNER]);

    expect(await t.owners.removeOwner(OWNER)).toBe(true);
    const refused = await get(t.app, later!.push.contacted);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('It was sent to an owner account that has since been removed.');
    expect(await statusOf(later!.id)).toBe('new');
  });
});

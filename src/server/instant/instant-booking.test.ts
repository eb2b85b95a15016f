// Instant booking (issue 38 item 5, record 350) through the real app on both engines,
// with Stripe's API stood in for and a real SMTP server: a send of a package marked
// `instantBook`, on a free day in a travel area, answers a "Book now" address; "Book now"
// makes the quote from the kept estimate on the content's terms, accepted (the day held),
// and leads to the quote page, whose deposit books it with no step by the owner, who is
// told. Not offered, repeated, taken or posted from elsewhere: refused, nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { buildInquiryBody, dayFromToday } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { ORIGIN, OWNER, type OwnerApp, startOwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/support/stripe-stand-in.js';
import { newId, putInquiry, signIn } from '../../../tests/support/test-app.js';
import { DAY_TAKEN_MESSAGE } from '../../shared/availability.js';
import { buildSiteAddress } from '../../shared/inquiry.js';
import { draftAtEstimate } from '../kept-estimate.js';
import { INSTANT_SENDER } from '../store/quote-store.js';
import { bookNowPath, instantLinkKey } from './instant-booking.js';
import { REFUSALS } from './instant-routes.js';

const INSTANT = content.packageGroups.flatMap((group) => group.packages).find((card) => card.instantBook)!;
const NOT_INSTANT = content.packageGroups[0]!.packages.find((card) => card.pricing && !card.instantBook)!;
const AUSTIN = buildSiteAddress({ streetAddress: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' });
const NOWHERE = buildSiteAddress({ streetAddress: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80202' });

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn?.close());

/** Posts an empty form as a browser does from the page (same origin), or from `origin`. */
const postForm = (t: OwnerApp, url: string, origin = ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    payload: '',
  });

describe.each(['sqlite', 'postgres'] as const)('instant booking (%s)', (engine) => {
  it('offers “Book now” only where it may, books once, and the deposit makes it Booked; the owner told', {
    timeout: 120_000,
  }, async () => {
    const smtp = await startSmtp();
    try {
      const t = await startOwnerApp({
        ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
        ...standIn.env,
        PUBLIC_URL: ORIGIN,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'events@tacos.example',
        CONFIRMATION_EMAIL: 'off',
      });
      const token = await signIn(t.app);
      const send = async (overrides: Parameters<typeof buildInquiryBody>[0]) => {
        const id = newId();
        const body = buildInquiryBody({ package: INSTANT.name, siteAddress: AUSTIN, ...overrides });
        const answer = await putInquiry(t.app, id, body, { token });
        expect(answer.statusCode, answer.body).toBe(201);
        return { id, bookNow: answer.json().bookNow as string | undefined };
      };
      const quotesOf = (id: string) => t.owners.quotes.forInquiry(id);
      const day = dayFromToday(40);

      // Not offered: a package not marked, an address in no travel area; forced anyway, refused.
      const plain = await send({ package: NOT_INSTANT.name, eventDate: dayFromToday(41) });
      const far = await send({ siteAddress: NOWHERE, eventDate: dayFromToday(42) });
      expect([plain.bookNow, far.bookNow]).toEqual([undefined, undefined]);
      for (const { id } of [plain, far]) {
        const forced = await postForm(t, bookNowPath(instantLinkKey(t.config.sessionSecret), id));
        expect(forced.statusCode).toBe(409);
        expect(forced.body).toContain(REFUSALS.notOffered);
        expect(await quotesOf(id)).toEqual([]);
      }

      // Offered for two inquiries on one free day.
      const first = await send({ eventDate: day });
      const second = await send({ eventDate: day });
      expect(first.bookNow).toMatch(/^\/book-now\/[\w-]{43}$/);
      expect(second.bookNow).toMatch(/^\/book-now\/[\w-]{43}$/);
      expect((await postForm(t, '/book-now/not-a-token')).statusCode).toBe(404);
      // From another site: refused, nothing made.
      expect((await postForm(t, first.bookNow!, 'https://evil.example')).statusCode).toBe(403);
      expect(await quotesOf(first.id)).toEqual([]);

      // "Book now": the quote from the estimate on the content's terms, sent and accepted; on to its page.
      const booked = await postForm(t, first.bookNow!);
      expect(booked.statusCode, booked.body).toBe(303);
      expect(booked.headers.location).toMatch(/^\/quote\/[\w-]{43}$/);
      const [quote, ...more] = await quotesOf(first.id);
      expect(more).toEqual([]);
      const { inquiry } = (await t.owners.inbox.getInquiry(first.id))!;
      expect(quote!.lines).toEqual(draftAtEstimate(inquiry, content)!.lines);
      expect(quote!).toMatchObject({ terms: content.sale.terms, sentBy: INSTANT_SENDER, declinedAt: null });
      expect(quote!.accepted?.at).toBeTruthy();
      expect(inquiry.status).toBe('quoted');
      // The day is held (record 281): unavailable to everyone.
      const availability = await t.app.inject({ url: `/api/availability?from=${day}&to=${day}` });
      expect(availability.json().unavailable).toEqual([day]);

      // Again: refused, nothing changed. The other inquiry of that day: its day is taken now.
      const again = await postForm(t, first.bookNow!);
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('This inquiry has its quote already');
      expect(await quotesOf(first.id)).toHaveLength(1);
      const late = await postForm(t, second.bookNow!);
      expect(late.statusCode).toBe(409);
      expect(late.body).toContain(DAY_TAKEN_MESSAGE.slice(DAY_TAKEN_MESSAGE.indexOf('already')));
      expect(await quotesOf(second.id)).toEqual([]);

      // Two at once for one free day (each press twice): exactly one books it (the day claimed in the transaction).
      const other = dayFromToday(43);
      const [one, two] = [await send({ eventDate: other }), await send({ eventDate: other })];
      const raced = await Promise.all([one, two, one, two].map((each) => postForm(t, each.bookNow!)));
      expect(raced.map((each) => each.statusCode).sort()).toEqual([303, 409, 409, 409]);
      expect((await quotesOf(one.id)).length + (await quotesOf(two.id)).length).toBe(1);

      // The deposit through the quote page's "Pay deposit", and Stripe's signed event: Booked.
      const page = await t.app.inject({ url: booked.headers.location! });
      expect(page.body).toContain('>Pay deposit</button>');
      const pay = await postForm(t, `${booked.headers.location}/pay`);
      expect(pay.statusCode).toBe(303);
      const event = standIn.completed(pay.headers.location!.split('/').at(-1)!);
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
        payload: event.body,
      });
      expect(posted.statusCode).toBe(200);
      expect((await t.owners.inbox.getInquiry(first.id))!.inquiry.status).toBe('booked');

      // The owner told: each booked instantly (the first and the race's), then the deposit that booked the first.
      const toOwner = (subject: string) =>
        smtp.received.filter((mail) => mail.rcptTo.includes(OWNER) && mail.subject.startsWith(subject));
      await expect.poll(() => toOwner('Booked instantly:').length, { timeout: 20_000 }).toBe(2);
      await expect.poll(() => toOwner('Deposit paid:').length, { timeout: 20_000 }).toBe(1);
      expect(toOwner('Booked instantly:')[0]!.text).toContain('instantly with “Book now”');
      expect(toOwner('Deposit paid:')[0]!.text).toContain('booked instantly');
    } finally {
      await smtp.stop();
    }
  });
});

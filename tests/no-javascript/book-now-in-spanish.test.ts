// "Book now" (record 350) for an inquiry sent from /es/ (record 420), through the real app
// on both engines with Stripe's API stood in for: the thank-you page without JavaScript
// offers "Reservar ahora" (English keeps "Book now"), and every refusal page is in the
// inquiry's language (the page's it was posted from when no inquiry is known).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import { instantEs } from '../../src/server/words/instant-es.js';
import { buildSiteAddress, TRUCK_OPERATION } from '../../src/shared/inquiry.js';
import { INQUIRY_PAGE_FILES } from '../../src/shared/no-js-form-page.js';
import { InquiryPage } from '../../src/web/inquiry/no-js-page.js';
import { buildInquiryBody, dayFromToday } from '../support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../support/databases.js';
import { ORIGIN, type OwnerApp, startOwnerApp } from '../support/owner-app.js';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.js';
import { newId, putInquiry, signIn } from '../support/test-app.js';

const INSTANT = content.packageGroups.flatMap((group) => group.packages).find((card) => card.instantBook)!;
const AUSTIN = buildSiteAddress({ streetAddress: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' });

let standIn: StripeStandIn;
const removals: (() => void)[] = [];
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
  for (const remove of removals) remove();
});

/** Posts an empty form as a browser does from the page (same origin), or from `origin`. */
const postForm = (t: OwnerApp, url: string, origin = ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    payload: '',
  });

describe.each(['sqlite', 'postgres'] as const)('“Book now” in Spanish (%s)', (engine) => {
  it('speaks Spanish for an inquiry from /es/: the no-JavaScript “Book now” and every refusal (record 420)', {
    timeout: 60_000,
  }, async () => {
    const t = await startOwnerApp({
      ...(engine === 'postgres' ? { DATABASE_URL: await freshPostgresUrl() } : {}),
      ...standIn.env,
      PUBLIC_URL: ORIGIN,
      CONFIRMATION_EMAIL: 'off',
      CLIENT_DIR: formPages(),
    });
    const token = await signIn(t.app);
    const id = newId();
    const body = buildInquiryBody({ package: INSTANT.name, siteAddress: AUSTIN, eventDate: dayFromToday(44) });
    const sent = await putInquiry(t.app, id, { ...body, language: 'es' }, { token });
    expect(sent.statusCode, sent.body).toBe(201);
    const bookNow = sent.json().bookNow as string;

    // Refused in the inquiry's language, its page too, whatever page the post came from.
    const elsewhere = await postForm(t, bookNow, 'https://evil.example');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.body).toContain('<html lang="es">');
    expect(elsewhere.body).toContain(`<h1>${instantEs.notBooked}</h1>`);
    expect(elsewhere.body).toContain(instantEs.fromOurPage);
    expect((await postForm(t, bookNow)).statusCode).toBe(303);
    const again = await postForm(t, bookNow);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(instantEs.quoted);
    expect(again.body).toContain(instantEs.nothingChanged({ phone: content.contact.phone }));
    expect(again.body).not.toMatch(/Not booked|Nothing was changed|Questions/);
    // A link that leads nowhere, posted from the Spanish page: said in Spanish (no inquiry to ask).
    const nowhere = await t.app.inject({
      method: 'POST',
      url: '/book-now/not-a-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, referer: `${ORIGIN}/es/` },
      payload: '',
    });
    expect([nowhere.statusCode, nowhere.body.includes(instantEs.missing)]).toEqual([404, true]);

    // The thank-you page without JavaScript offers it in the page's language; English keeps "Book now".
    const formPost = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/inquiry',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...formFields(dayFromToday(45)), ...fields }).toString(),
      });
    const spanish = await formPost({ language: 'es', lastName: 'Herrera' });
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.body).toMatch(
      /<form method="post" action="\/book-now\/[\w-]{43}"><button class="button" type="submit">Reservar ahora<\/button><\/form>/,
    );
    expect(spanish.body).not.toContain('Book now');
    const english = await formPost({ lastName: 'Moreno' });
    expect(english.statusCode, english.body).toBe(200);
    expect(english.body).toContain('<button class="button" type="submit">Book now</button>');
  });
});

/** A client folder with the no-JavaScript form's pages (rendered from the page's own form, as the build does). */
function formPages(): string {
  const data = freshDataDir();
  removals.push(data.remove);
  const clientDir = join(data.dir, 'client');
  mkdirSync(clientDir);
  const page = (sent: boolean) =>
    `<!doctype html><html lang="en"><head><title>t</title></head><body>${renderToString(createElement(InquiryPage, { sent }))}</body></html>`;
  writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.form), page(false));
  writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.sent), page(true));
  return clientDir;
}

/** The no-JavaScript form's fields for the instant package at an address in a travel area. */
const formFields = (eventDate: string): Record<string, string> => ({
  firstName: 'Lucía',
  lastName: 'Herrera',
  email: `lucia.${newId()}@example.com`,
  phoneNumber: '+1 512 555 0142',
  eventName: 'Boda',
  eventDate,
  streetAddress: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  startTime: '11:00',
  endTime: '14:00',
  plannedGuestCount: '120',
  operation: TRUCK_OPERATION,
  packageChoice: INSTANT.name,
});

// "Book now" without JavaScript (record 350): the thank-you page of POST /inquiry carries
// the same form as the page's note, for the package the content marks `instantBook` when
// deposits are taken online, and none for another package.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { content } from '../../content/index.js';
import { buildApp } from '../../src/server/app.js';
import type { FastifyInstance } from 'fastify';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { INQUIRY_PAGE_FILES } from '../../src/shared/no-js-form-page.js';
import { TRUCK_OPERATION } from '../../src/shared/inquiry.js';
import { InquiryPage } from '../../src/web/inquiry/no-js-page.js';
import { buildTestConfig, dayFromToday } from '../support/builders.js';

const INSTANT = content.packageGroups.flatMap((group) => group.packages).find((card) => card.instantBook)!;

let app: FastifyInstance;
let remove: () => void;
beforeAll(async () => {
  // Stripe set up (its API is never asked here: nothing is paid).
  const built = buildTestConfig({
    RATE_LIMIT_INQUIRIES_PER_IP: '1000',
    STRIPE_SECRET_KEY: 'sk_test_instant0123456789abcdef',
    STRIPE_WEBHOOK_SECRET: `whsec_${Buffer.from('instant-webhook-secret-0123456789').toString('base64')}`,
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });
  const clientDir = join(built.dataDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  const page = (sent: boolean) =>
    `<!doctype html><html lang="en"><head><title>t</title></head><body>${renderToString(createElement(InquiryPage, { sent }))}</body></html>`;
  writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.form), page(false));
  writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.sent), page(true));
  writeFileSync(join(clientDir, 'index.html'), page(false));
  const config = { ...built.config, clientDir };
  app = await buildApp(config, openSqliteStore(config.dataDir));
  remove = built.remove;
});
afterAll(async () => {
  await app.close();
  remove();
});

const send = (packageChoice: string, n: number) =>
  app.inject({
    method: 'POST',
    url: '/inquiry',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      firstName: 'Rosa',
      lastName: 'Delgado',
      email: `rosa.instant${n}.${Date.now()}@example.com`,
      phoneNumber: '+1 512 555 0199',
      company: '',
      eventName: 'Spring fair',
      eventDate: dayFromToday(50 + n),
      streetAddress: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      startTime: '11:00',
      endTime: '14:30',
      plannedGuestCount: '250',
      operation: TRUCK_OPERATION,
      packageChoice,
      notes: '',
      reference: '',
      website: '',
    }).toString(),
  });

it('offers “Book now” on the thank-you page for the instant package only', async () => {
  const instant = await send(INSTANT.name, 1);
  expect(instant.statusCode).toBe(200);
  expect(instant.body).toMatch(
    /<form method="post" action="\/book-now\/[\w-]{43}"><button class="button" type="submit">Book now<\/button><\/form>/,
  );
  const other = content.packageGroups[0]!.packages.find((card) => card.pricing && !card.instantBook)!;
  const plain = await send(other.name, 2);
  expect(plain.statusCode).toBe(200);
  expect(plain.body).toContain('Estimate:');
  expect(plain.body).not.toContain('Book now');
});

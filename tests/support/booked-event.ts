// A booked event for the event plan's tests (record 170): an inquiry created in the
// store, its quote sent through the owner's API as drafted from the content's prices,
// accepted on the customer's page (a real form post), and the inquiry set Booked.
import { expect } from 'vitest';
import type { QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import type { InquiryDocument } from '../../src/shared/inquiry.js';
import type { Language } from '../../src/shared/language.js';
import { buildNewInquiry } from './builders.js';
import { call, ORIGIN, type OwnerApp } from './owner-app.js';

/** Posts a form of the quote page as a browser does (same origin). */
export const postForm = (t: OwnerApp, path: string, fields: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams(fields).toString(),
  });

export async function bookedEvent(
  t: OwnerApp,
  cookie: string,
  document: Partial<InquiryDocument> = {},
  language?: Language,
) {
  const inquiry = buildNewInquiry({ document, ...(language ? { language } : {}) });
  await t.inquiries.create(inquiry);
  const id = inquiry.id;
  const { draft } = (await call(t.app, 'GET', `/api/owner/inquiries/${id}/quotes`, { cookie })).json() as QuotesAnswer;
  const sent = await call(t.app, 'POST', `/api/owner/inquiries/${id}/quotes`, { cookie, body: draft });
  expect(sent.statusCode, sent.body).toBe(201);
  const quote = sent.json() as QuoteView;
  const path = new URL(quote.url).pathname;
  expect((await postForm(t, `${path}/accept`, { accept: 'yes' })).statusCode).toBe(303);
  // "Book anyway" (record 280): the event plan's tests book several events on one day.
  const body = { status: 'booked', override: true };
  const booked = await call(t.app, 'PUT', `/api/owner/inquiries/${id}/status`, { cookie, body });
  expect(booked.statusCode, booked.body).toBe(200);
  return { inquiry, id, quote, path };
}

// Test data builders: a valid request body, a valid store row and a test
// configuration, each overridable. Dates are relative to today so tests never rot.
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { content } from '../../content/index.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import type { NewInquiry } from '../../src/server/store/inquiry-store.js';
import type { Acceptance, NewQuote } from '../../src/server/store/quote-store.js';
import { quoteTotals, saleRates } from '../../src/shared/pricing.js';
import type { QuoteDraftBody, QuotesAnswer, QuoteView } from '../../src/shared/quote-views.js';
import {
  buildSiteAddress,
  isoDay,
  PACKAGE_NAMES,
  TRUCK_OPERATION,
  type InquiryBody,
  type InquiryDocument,
} from '../../src/shared/inquiry.js';
import { freshDataDir } from './databases.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day `days` from today (local time), as 'YYYY-MM-DD'. */
export function dayFromToday(days: number): string {
  return isoDay(new Date(Date.now() + days * DAY_MS));
}

let sequence = 0;

/** A valid PUT /api/inquiries/:id body, every key present, for a human-paced visitor. */
export function buildInquiryBody(overrides: Partial<InquiryBody> = {}): InquiryBody {
  const n = ++sequence;
  return {
    dateCreated: new Date().toISOString(),
    firstName: 'Rosa',
    lastName: `Delgado${n}`,
    email: `rosa.delgado${n}@example.com`,
    phoneNumber: '+1 512 555 0199',
    company: 'Hillside Primary School',
    eventName: 'Spring fair',
    eventDate: dayFromToday(30),
    siteAddress: buildSiteAddress({
      streetAddress: '100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
    }),
    startTime: '11:00',
    endTime: '14:30',
    plannedGuestCount: 250,
    operation: TRUCK_OPERATION,
    // A package of the content's truck (the second when there are several).
    package: PACKAGE_NAMES[Math.min(1, PACKAGE_NAMES.length - 1)]!,
    notes: 'Two vegan options, please.',
    reference: 'Saw the truck at the market',
    website: '',
    fillMs: 95_000,
    ...overrides,
  };
}

/** The document the server stores for `body`, given its createdAt. */
export function documentOf(body: InquiryBody, createdAt: string): InquiryDocument {
  const { website: _website, fillMs: _fillMs, ...fields } = body;
  return { ...fields, createdAt, source: 'web' };
}

/** A uid shaped like the ones session tokens carry (22 base64url characters). */
export function buildUid(): string {
  return randomUUID().replace(/-/g, '').slice(0, 22);
}

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

/** A valid row for InquiryStore.create. */
export function buildNewInquiry(
  overrides: Partial<Omit<NewInquiry, 'document'>> & { document?: Partial<InquiryDocument> } = {},
): NewInquiry {
  const { document: documentOverrides, ...rest } = overrides;
  const document = { ...documentOf(buildInquiryBody(), new Date().toISOString()), ...documentOverrides };
  return {
    id: randomUUID(),
    uid: buildUid(),
    bodyHash: hashOf(document),
    spamReason: null,
    ...rest,
    document,
  };
}

/**
 * The owner API's answer for an inquiry with no quote yet: a package line and a travel
 * line, in USD, 18 % service charge, 8.25 % tax on everything, 25 % deposit, 14 days.
 */
export function buildQuotesAnswer(overrides: Partial<QuotesAnswer> = {}): QuotesAnswer {
  return {
    quotes: [],
    draft: {
      lines: [
        { description: 'Taco bar package, per guest', quantity: 100, unitPrice: 1600, kind: 'package' },
        { description: 'Travel: Round Rock', quantity: 1, unitPrice: 7500, kind: 'travel' },
      ],
      serviceCharge: 18_000,
      deposit: 25_000,
      validUntil: dayFromToday(14),
    },
    currency: 'USD',
    locale: 'en-US',
    tax: { rate: 8250, onServiceCharge: true, onTravel: true },
    ...overrides,
  };
}

/** A version as the owner API lists it, sent from `draft` with buildQuotesAnswer's tax (totals as the server computes them). */
export function buildQuoteView(draft: QuoteDraftBody, overrides: Partial<QuoteView> = {}): QuoteView {
  const id = randomUUID();
  const tax = 8250;
  const rates = { ...draft, tax, taxOnServiceCharge: true, taxOnTravel: true };
  return {
    id,
    version: 1,
    state: 'sent',
    currency: 'USD',
    lines: draft.lines,
    serviceCharge: draft.serviceCharge,
    tax,
    deposit: draft.deposit,
    totals: quoteTotals(draft.lines, rates),
    validUntil: draft.validUntil,
    sentAt: new Date().toISOString(),
    sentBy: 'owner@example.com',
    viewedAt: null,
    acceptedAt: null,
    declinedAt: null,
    declineReason: null,
    message: draft.message ?? '',
    url: `https://tacos.example/quote/${id}`,
    ...overrides,
  };
}

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/**
 * A Config as the server would load it from `env`, with a fresh temporary
 * DATA_DIR (and no built site) unless `env` says otherwise. Call `remove()` after.
 */
export function buildTestConfig(env: Record<string, string | undefined> = {}): {
  config: Config;
  dataDir: string;
  remove: () => void;
} {
  const data = freshDataDir();
  const config = loadConfig({
    DATA_DIR: data.dir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    CLIENT_DIR: join(data.dir, 'no-client'),
    LOG_LEVEL: 'silent',
    // Tests send right after signing in; the spam timing is tested with its own setting.
    MIN_FILL_SECONDS: '0',
    ...env,
  });
  return { config, dataDir: data.dir, remove: data.remove };
}

/** A quote as the owner sends it (quote-store.ts): 100 guests of a package and a travel line, at the content's rates. */
export function buildQuote(overrides: Partial<NewQuote> = {}): NewQuote {
  const rates = overrides.rates ?? saleRates(content.sale);
  const lines = overrides.lines ?? [
    { description: 'Basic package, per guest', quantity: 100, unitPrice: 1600, kind: 'package' as const },
    { description: 'Travel: Round Rock', quantity: 1, unitPrice: 7500, kind: 'travel' as const },
  ];
  return {
    lines,
    rates,
    validUntil: '2099-12-31',
    currency: 'USD',
    totals: quoteTotals(lines, rates),
    terms: 'Deposit holds the date.',
    message: '',
    ...overrides,
  };
}

/** What the quote page keeps of an acceptance. */
export const buildAcceptance = (at = '2026-11-26T12:00:00.000Z'): Acceptance => ({
  at,
  from: '203.0.113.9',
  snapshot: '{"total":1}',
  hash: 'abc',
});

/** An inquiry received at `createdAt` (an ISO instant), with more overrides of its row. */
export function receivedAt(createdAt: string, overrides: Parameters<typeof buildNewInquiry>[0] = {}): NewInquiry {
  return buildNewInquiry({ ...overrides, document: { createdAt, dateCreated: createdAt, ...overrides.document } });
}

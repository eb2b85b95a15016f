// The estimate the customer was told, kept with the inquiry (record 204), on both
// engines through the real app: a price raised in the content the app reads leaves the
// told estimate on the list, the lead and the owner's e-mail (a real SMTP server), and
// the first quote's draft at the estimate's prices, saying which of today's differ.
import { afterEach, describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import { buildInquiryBody, buildNewInquiry, documentOf } from '../../../tests/support/builders.js';
import { freshPostgresUrl } from '../../../tests/support/databases.js';
import { call, cookieOf, startOwnerApp, type OwnerApp } from '../../../tests/support/owner-app.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { putInquiry, signIn } from '../../../tests/support/test-app.js';
import { instantDayInWords } from '../../shared/date-words.js';
import type { InboxPage, InquiryDetail } from '../../shared/inbox-views.js';
import { quoteTotals, saleRates } from '../../shared/pricing.js';
import type { QuotesAnswer } from '../../shared/quote-views.js';

const basic = content.packageGroups.flatMap((group) => group.packages).find((card) => card.name === 'Basic')!;
const roundRock = content.sale.travel.find((area) => area.postalCodes.includes('786'))!;
const before = { pricing: structuredClone(basic.pricing), fee: roundRock.fee };

/** Raises Basic to $17 a guest and Round Rock's travel to $90 in the content the app reads (put back after). */
function raisePrices() {
  basic.pricing = { per: 'guest', amount: 17 };
  roundRock.fee = 90;
}
afterEach(() => {
  basic.pricing = structuredClone(before.pricing);
  roundRock.fee = before.fee;
});

// The newcomer's lead: Basic for 120 guests, here in Round Rock so a travel fee applies too.
const lead = buildInquiryBody({
  package: 'Basic',
  plannedGuestCount: 120,
  siteAddress: '1 Main St, Round Rock, TX 78664',
});
// 120 × $16 = $1,920 + 18 % service $345.60 + $75 travel, 8.25 % tax on all three.
const TOLD = 'Estimate: $2,533.70';

const engines = [
  { name: 'sqlite', env: async (): Promise<Record<string, string>> => ({}) },
  { name: 'postgres', env: async (): Promise<Record<string, string>> => ({ DATABASE_URL: await freshPostgresUrl() }) },
];

describe.each(engines)('the estimate the customer was told, on $name', ({ env }) => {
  async function start(extra: Record<string, string> = {}) {
    const t = await startOwnerApp({ ...(await env()), ...extra });
    return { t, cookie: await cookieOf(t.app) };
  }

  async function told(t: OwnerApp) {
    const id = crypto.randomUUID();
    const created = await putInquiry(t.app, id, lead, { token: await signIn(t.app) });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().estimate).toBe(TOLD);
    return { id, createdAt: created.json().createdAt as string };
  }

  const get = async <T>(t: OwnerApp, cookie: string, url: string): Promise<T> => {
    const response = await call(t.app, 'GET', url, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('keeps it through a price raise: the list and the lead show it, the draft is at its prices and says today’s differ', async () => {
    const { t, cookie } = await start();
    const { id, createdAt } = await told(t);
    raisePrices();

    const page = await get<InboxPage>(t, cookie, '/api/owner/inquiries');
    expect(page.inquiries.find((row) => row.id === id)?.estimate).toBe(TOLD);
    expect((await get<InquiryDetail>(t, cookie, `/api/owner/inquiries/${id}`)).inquiry.estimate).toBe(TOLD);

    const answer = await get<QuotesAnswer>(t, cookie, `/api/owner/inquiries/${id}/quotes`);
    expect(answer.draft.lines).toEqual([
      { description: 'Basic package, per guest', quantity: 120, unitPrice: 1600, kind: 'package' },
      { description: `Travel: ${roundRock.name}`, quantity: 1, unitPrice: 7500, kind: 'travel' },
    ]);
    // Sent as drafted, the quote's total is the estimate the customer was told.
    const rates = {
      ...saleRates(content.sale),
      serviceCharge: answer.draft.serviceCharge,
      deposit: answer.draft.deposit,
    };
    expect(quoteTotals(answer.draft.lines, rates).total).toBe(253_370);
    const day = instantDayInWords(createdAt, content.locale, content.timeZone);
    expect(answer.draftNote).toBe(
      `Prefilled at the prices of the estimate the customer was told on ${day}; ` +
        `today's price for Basic is $17.00 per guest; today's travel fee for ${roundRock.name} is $90.00.`,
    );
  });

  it('says nothing extra when today’s prices are the estimate’s, and uses today’s for an inquiry with none kept', async () => {
    const { t, cookie } = await start();
    const { id } = await told(t);
    const same = await get<QuotesAnswer>(t, cookie, `/api/owner/inquiries/${id}/quotes`);
    expect(same.draft.lines.map((line) => line.unitPrice)).toEqual([1600, 7500]);
    expect(same).not.toHaveProperty('draftNote');

    // An inquiry from before estimates were kept: nothing shown, the draft at today's prices.
    const older = buildNewInquiry({ document: documentOf(lead, new Date().toISOString()) });
    await t.inquiries.create(older);
    raisePrices();
    const row = (await get<InboxPage>(t, cookie, '/api/owner/inquiries')).inquiries.find((r) => r.id === older.id)!;
    expect(row.estimate).toBeNull();
    const today = await get<QuotesAnswer>(t, cookie, `/api/owner/inquiries/${older.id}/quotes`);
    expect(today.draft.lines.map((line) => line.unitPrice)).toEqual([1700, 9000]);
    expect(today).not.toHaveProperty('draftNote');
  });

  it('puts it in the owner’s new-lead e-mail, as the customer was told it', async () => {
    const smtp = await startSmtp();
    try {
      const { t } = await start({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'inquiries@tacos.example',
        CONFIRMATION_EMAIL: 'off',
      });
      await told(t);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toMatch(/^New inquiry:/);
      expect(mail!.text).toContain(`\n${TOLD}\n`);
      expect(mail!.html).toContain(`<strong>${TOLD}</strong>`);
    } finally {
      await smtp.stop();
    }
  });
});

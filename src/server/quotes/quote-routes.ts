// The owner's quotes under /api/owner (in the signed-in part of the owner's area): an
// inquiry's versions with a draft to start from, and sending a new version. The server
// computes every total from the lines and rates; what the form shows is a preview.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Sale } from '../../../content/schema.js';
import { PATTERNS } from '../../shared/inquiry.js';
import { formatMoney, toRate } from '../../shared/money.js';
import { type QuoteRates, quoteTotals, saleRates, suggestedLines } from '../../shared/pricing.js';
import {
  draftProblems,
  LINE_KINDS,
  QUOTE_LIMITS,
  type QuoteDraftBody,
  type QuotesAnswer,
  type QuoteView,
} from '../../shared/quote-views.js';
import { todayIn } from '../../shared/time-zone.js';
import { httpError } from '../http-error.js';
import { draftAtEstimate } from '../kept-estimate.js';
import type { ContentPort } from '../site/content-port.js';
import type { Clock } from '../clock.js';
import type { Notifier } from '../notify/notifier.js';
import type { OwnerStore } from '../store/owner-store.js';
import { QUOTE_NOTES } from '../sale/history-words.js';
import { quoteState } from '../sale/quote-state.js';
import type { Quote, SendConflict } from '../store/quote-store.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import { OWNER_API } from '../../shared/owner-api.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a revision was not sent, for the owner (record 202). */
const conflictMessage = ({ conflict, version }: SendConflict) =>
  conflict === 'accepted'
    ? `Not sent: the customer just accepted version ${version}. Its acceptance is shown above; send again to revise the accepted quote.`
    : `Not sent: version ${version} was sent since this form opened. Look at it, then revise it.`;

export interface QuoteRouteOptions {
  owners: OwnerStore;
  clock: Clock;
  notifier: Pick<Notifier, 'kick'>;
  /** The customer's address of a quote. */
  quoteUrl(quoteId: string): string;
  /** The site's live content: its prices, rates and terms (record 251). */
  content: ContentPort;
}

const params = {
  type: 'object',
  properties: { id: { type: 'string', pattern: `^${PATTERNS.inquiryId}$` } },
  required: ['id'],
} as const;

// Bounds and words are draftProblems' (shared with the form), so every problem is named at once.
const rate = { type: 'integer' } as const;
const body = {
  type: 'object',
  additionalProperties: false,
  required: ['lines', 'serviceCharge', 'deposit', 'validUntil'],
  properties: {
    lines: {
      type: 'array',
      maxItems: QUOTE_LIMITS.lines,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['description', 'quantity', 'unitPrice', 'kind'],
        properties: {
          description: { type: 'string', maxLength: QUOTE_LIMITS.description },
          quantity: { type: 'integer' },
          unitPrice: { type: 'integer' },
          kind: { type: 'string', enum: LINE_KINDS },
        },
      },
    },
    serviceCharge: rate,
    deposit: rate,
    validUntil: { type: 'string', maxLength: 10 },
    message: { type: 'string', maxLength: 4 * QUOTE_LIMITS.message },
    revises: {
      type: 'object',
      additionalProperties: false,
      required: ['version', 'accepted'],
      properties: { version: { type: 'integer', minimum: 1 }, accepted: { type: 'boolean' } },
    },
  },
} as const;

/** The day `days` after `day` ('YYYY-MM-DD'). */
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The rates of a draft: its own service charge and deposit, the content's tax. */
function ratesOf(draft: Pick<QuoteDraftBody, 'serviceCharge' | 'deposit'>, sale: Sale): QuoteRates {
  return { ...saleRates(sale), serviceCharge: draft.serviceCharge, deposit: draft.deposit };
}

export const quoteRoutes: FastifyPluginAsync<QuoteRouteOptions> = async (
  app,
  { owners, notifier, quoteUrl, clock, content },
) => {
  const site = () => content.current().content;
  const today = () => todayIn(site().timeZone, clock());

  const view = (quote: Quote): QuoteView => ({
    id: quote.id,
    version: quote.version,
    state: quoteState(quote, today()),
    currency: quote.currency,
    lines: quote.lines,
    serviceCharge: quote.rates.serviceCharge,
    tax: quote.rates.tax,
    deposit: quote.rates.deposit,
    totals: quote.totals,
    validUntil: quote.validUntil,
    sentAt: quote.sentAt,
    sentBy: quote.sentBy,
    viewedAt: quote.viewedAt,
    acceptedAt: quote.accepted?.at ?? null,
    declinedAt: quote.declinedAt,
    declineReason: quote.declineReason,
    message: quote.message,
    url: quoteUrl(quote.id),
  });

  /** Where a new version starts: the newest one's lines and rates, or the inquiry and the content's prices. */
  const draftFor = (inquiry: StoredInquiry, latest: Quote | undefined): QuoteDraftBody => {
    const validUntil = daysAfter(today(), site().sale.quoteValidDays);
    if (latest) {
      const { serviceCharge, deposit } = latest.rates;
      // The version this draft revises, as it stands now: sent back, a revision answered since is refused.
      const revises = { version: latest.version, accepted: latest.accepted !== null };
      return {
        lines: latest.lines,
        serviceCharge,
        deposit,
        validUntil,
        ...(latest.message ? { message: latest.message } : {}),
        revises,
      };
    }
    // At the prices of the estimate the customer was told, when one was kept (record 204).
    const kept = draftAtEstimate(inquiry, site());
    if (kept) return { lines: kept.lines, serviceCharge: kept.serviceCharge, deposit: kept.deposit, validUntil };
    const rates = saleRates(site().sale);
    return {
      lines: suggestedLines(site(), inquiry),
      serviceCharge: rates.serviceCharge,
      deposit: rates.deposit,
      validUntil,
    };
  };

  /** A first draft's note when today's prices are not the estimate's (none for a revision). */
  const draftNoteOf = (inquiry: StoredInquiry, quotes: Quote[]): Pick<QuotesAnswer, 'draftNote'> => {
    const note = quotes.length === 0 ? draftAtEstimate(inquiry, site())?.note : undefined;
    return note ? { draftNote: note } : {};
  };

  const inquiryOr404 = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const found = await owners.inbox.getInquiry(request.params.id);
    if (!found) throw httpError(404, 'No such inquiry.');
    return found.inquiry;
  };

  app.get<{ Params: { id: string } }>(
    OWNER_API.quotes,
    { schema: { params } },
    async (request): Promise<QuotesAnswer> => {
      const inquiry = await inquiryOr404(request);
      const quotes = await owners.quotes.forInquiry(inquiry.id);
      const { tax } = site().sale;
      return {
        quotes: quotes.map(view),
        draft: draftFor(inquiry, quotes.at(-1)),
        ...draftNoteOf(inquiry, quotes),
        currency: site().sale.currency,
        locale: site().locale,
        tax: { rate: toRate(tax.percent)!, onServiceCharge: tax.onServiceCharge, onTravel: tax.onTravel },
      };
    },
  );

  app.post<{ Params: { id: string }; Body: QuoteDraftBody }>(
    OWNER_API.quotes,
    { schema: { params, body } },
    async (request, reply) => {
      const draft = request.body;
      const lines = draft.lines.map(({ description, quantity, unitPrice, kind }) => ({
        description: description.normalize('NFC').trim(),
        quantity,
        unitPrice,
        kind,
      }));
      const message = (draft.message ?? '').normalize('NFC').trim();
      const fields = draftProblems({ ...draft, lines, message }, today(), daysAfter(today(), QUOTE_LIMITS.validDays));
      const rates = ratesOf(draft, site().sale);
      const totals = quoteTotals(lines, rates);
      if (Object.keys(fields).length === 0 && totals.total <= 0) fields.lines = 'The total must be more than nothing.';
      if (Object.keys(fields).length > 0) {
        return reply.status(400).send({ error: 'invalid_body', message: Object.values(fields).join(' '), fields });
      }
      const inquiry = await inquiryOr404(request);
      const by = { id: request.owner!.id, email: request.owner!.email };
      const total = formatMoney(totals.total, site().sale.currency, site().locale);
      const versions = await owners.quotes.forInquiry(inquiry.id);
      const note = versions.length === 0 ? QUOTE_NOTES.sent(total) : QUOTE_NOTES.revised(versions.length + 1, total);
      const newQuote = {
        lines,
        rates,
        validUntil: draft.validUntil,
        currency: site().sale.currency,
        totals,
        terms: site().sale.terms,
        message,
      };
      const at = new Date(clock());
      const quote = draft.revises
        ? await owners.quotes.revise(inquiry.id, newQuote, by, at, note, draft.revises)
        : await owners.quotes.send(inquiry.id, newQuote, by, at, note);
      if (!quote) throw httpError(404, 'No such inquiry.');
      if ('conflict' in quote) throw httpError(409, conflictMessage(quote));
      notifier.kick(1);
      return reply.status(quote.version > versions.length ? 201 : 200).send(view(quote));
    },
  );
};

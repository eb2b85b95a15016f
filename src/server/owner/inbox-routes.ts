// The inbox's API under /api/owner: the list, an inquiry, its status, notes,
// calendar entry and erasure, the CSV export, and the session's own end. Every
// route here runs in the signed-in part of the owner's area (owner-scope.ts): a
// live session, the Origin rule, never cached.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PATTERNS } from '../../shared/inquiry.js';
import {
  type BookingRow,
  cursorOf,
  INQUIRY_STATUSES,
  type InboxPage,
  type InboxRow,
  type InquiryDetail,
  type InquiryStatus,
  MAX_NOTE_LENGTH,
  PAGE_SIZE,
  parseCursor,
  parseInboxQuery,
} from '../../shared/inbox-views.js';
import type { BusinessContent } from '../../../content/schema.js';
import { minorToInput } from '../../shared/money.js';
import { QUOTE_STATE_LABELS } from '../../shared/quote-views.js';
import { todayIn } from '../../shared/time-zone.js';
import { quoteState } from '../store/quote-store.js';
import { bookingRule } from '../calendar/day-rule.js';
import { DayFullError } from '../store/day-claim.js';
import { httpError } from '../http-error.js';
import { formatInquiries, inquiriesWithWork, WORK_COLUMNS } from '../inquiry-export.js';
import { keptEstimateLine } from '../kept-estimate.js';
import { BodyError } from '../json-body.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import type { InboxInquiry, ListQuery } from '../store/inbox-store.js';
import { type SaleFigures, saleFiguresOf } from '../event-plan/sale-figures.js';
import { calendarFile } from './calendar.js';
import { isSecure } from './owner-session.js';
import { clearedCookie, tokenHash } from './session-cookie.js';
import { OWNER_API } from '../../shared/owner-api.js';

/** Most upcoming bookings one answer lists. */
const MAX_BOOKINGS = 500;
/** Most rows one CSV export holds. */
const EXPORT_MAX_ROWS = 200_000;
/** An export of a large store reads page after page: more than a request's usual bound (record 150). */
const EXPORT_MAX_MS = 120_000;

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: `^${PATTERNS.inquiryId}$` } },
  required: ['id'],
} as const;
/** Control characters other than tab and line breaks, and halves of a surrogate pair: not well-formed text. */
const CONTROL = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

/** An inquiry as the owner's list and lead read it: no session, the kept estimate in words. */
export function toRow(inquiry: InboxInquiry, content: BusinessContent): InboxRow {
  const { uid: _uid, estimate: _kept, ...row } = inquiry;
  return { ...row, estimate: keptEstimateLine(inquiry, content) };
}

/** An inquiry's paid and balance due as plain numbers in the sale's currency; empty when there is neither. */
function csvAccount(
  figures: Pick<SaleFigures, 'paid' | 'balanceDue'>,
  currency: string,
): { paid: string; balanceDue: string } {
  const { paid, balanceDue } = figures;
  return {
    paid: paid !== 0 || balanceDue !== null ? minorToInput(paid, currency) : '',
    balanceDue: balanceDue !== null ? minorToInput(balanceDue, currency) : '',
  };
}

export const inboxRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'owners' | 'content'>> = async (
  app,
  { owners, content },
) => {
  const site = () => content.current().content;
  const actor = (request: FastifyRequest) => ({ id: request.owner!.id, email: request.owner!.email });

  app.get(OWNER_API.session, async (request) => ({ email: request.owner!.email }));

  app.delete(OWNER_API.session, async (request, reply) => {
    await owners.deleteSession(tokenHash(request.ownerToken!));
    reply.header('set-cookie', clearedCookie(isSecure(request)));
    return reply.status(204).send();
  });

  const listQuery = (request: FastifyRequest, limit: number): ListQuery => {
    const query = parseInboxQuery(new URLSearchParams(request.url.split('?')[1] ?? ''));
    return { ...query, before: parseCursor(query.before), limit };
  };

  app.get(OWNER_API.inquiries, async (request): Promise<InboxPage> => {
    const { rows, more } = await owners.inbox.listInquiries(listQuery(request, PAGE_SIZE));
    // What each lead is worth once quoted: the newest version's total (record 213).
    const quotes = await owners.quotes.latestOf(rows.map((row) => row.id));
    const inquiries = rows.map((row) => {
      const quote = quotes.get(row.id);
      return quote ? { ...toRow(row, site()), quoteTotal: quote.totals.total } : toRow(row, site());
    });
    return { inquiries, next: more && rows.length ? cursorOf(rows.at(-1)!) : null };
  });

  /** The newest quote and what was paid, after the owner's work in the inbox's CSV. */
  const CSV_QUOTE_COLUMNS = {
    quoteState: 'Quote',
    quoteTotal: `Quote total (${site().sale.currency})`,
    paid: `Paid (${site().sale.currency})`,
    balanceDue: `Balance due (${site().sale.currency})`,
  };

  app.get(OWNER_API.inquiriesCsv, { config: { answerWithinMs: EXPORT_MAX_MS } }, async (request, reply) => {
    const rows = await inquiriesWithWork(owners.inbox, listQuery(request, 1000), EXPORT_MAX_ROWS);
    const day = new Date().toISOString().slice(0, 10);
    const ids = rows.map((row) => row.id);
    const [quotes, accounts] = await Promise.all([owners.quotes.latestOf(ids), owners.payments.accountsOf(ids)]);
    // An accepted quote's balance is the one function's (the total for the final count, record 200).
    const accepted = rows.filter((row) => (accounts.get(row.id)?.total ?? null) !== null);
    const owing = new Map(
      await Promise.all(accepted.map(async (row) => [row.id, await saleFiguresOf(owners, row, site())] as const)),
    );
    const today = todayIn(site().timeZone);
    const withQuotes = rows.map((row) => {
      const quote = quotes.get(row.id);
      return {
        ...row,
        // The newest version's state and total, as a plain number a spreadsheet can add up.
        quoteState: quote ? QUOTE_STATE_LABELS[quoteState(quote, today)] : '',
        quoteTotal: quote ? minorToInput(quote.totals.total, quote.currency) : '',
        // What was paid, and what is left of the newest accepted quote's total (record 146).
        ...csvAccount(
          owing.get(row.id) ?? { paid: accounts.get(row.id)?.paid ?? 0, balanceDue: null },
          site().sale.currency,
        ),
      };
    });
    // For a spreadsheet and the people who read it (record 162).
    const people = { timeZone: site().timeZone, locale: site().locale, instants: ['statusChangedAt'] };
    const more = { ...WORK_COLUMNS, ...CSV_QUOTE_COLUMNS };
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inquiries-${day}.csv"`)
      .send(formatInquiries(withQuotes, 'csv', { titles: 'labels', more, people }));
  });

  app.get<{ Params: { id: string } }>(
    OWNER_API.inquiry,
    { schema: { params: idParams } },
    async (request): Promise<InquiryDetail> => {
      await owners.inbox.markRead(request.params.id, new Date());
      const found = await owners.inbox.getInquiry(request.params.id);
      if (!found) throw httpError(404, 'No such inquiry (it may have been erased).');
      const [sameDay, quotes] = await Promise.all([
        owners.inbox.bookedInquiries({ on: found.inquiry.eventDate }),
        owners.quotes.forInquiry(found.inquiry.id),
      ]);
      const inquiry = toRow(found.inquiry, site());
      const bookedSameDay = sameDay
        .filter((booked) => booked.id !== found.inquiry.id)
        .map((booked) => ({ id: booked.id, name: `${booked.firstName} ${booked.lastName}` }));
      // The flag of a deposit kept on a day that filled (record 280): paid, yet not Booked while others are.
      const depositOnBookedDay =
        bookedSameDay.length > 0 &&
        !['booked', 'declined'].includes(inquiry.status) &&
        quotes.some((quote) => quote.depositPaidAt !== null && quote.declinedAt === null);
      return { inquiry, history: found.history, bookedSameDay, depositOnBookedDay };
    },
  );

  // The Booked inquiries from a day on (the owner's today), by date: the inbox's upcoming bookings.
  app.get<{ Querystring: { from: string } }>(
    OWNER_API.bookings,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['from'],
          properties: { from: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
        },
      },
    },
    async (request): Promise<{ bookings: BookingRow[] }> => {
      const booked = (await owners.inbox.bookedInquiries({ from: request.query.from })).slice(0, MAX_BOOKINGS);
      const figures = await Promise.all(booked.map((row) => saleFiguresOf(owners, row, site())));
      return {
        bookings: booked.map((row, index) => ({
          id: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          company: row.company,
          eventName: row.eventName,
          operation: row.operation,
          eventDate: row.eventDate,
          startTime: row.startTime,
          endTime: row.endTime,
          plannedGuestCount: row.plannedGuestCount,
          guests: figures[index]!.guests,
          package: row.package,
          siteAddress: row.siteAddress,
        })),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    OWNER_API.inquiryCalendar,
    { schema: { params: idParams } },
    async (request, reply) => {
      const found = await owners.inbox.getInquiry(request.params.id);
      if (!found) throw httpError(404, 'No such inquiry (it may have been erased).');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${found.inquiry.eventDate}.ics"`)
        .send(calendarFile(found.inquiry, new Date(), site().timeZone));
    },
  );

  app.put<{ Params: { id: string }; Body: { status: InquiryStatus; override?: boolean } }>(
    OWNER_API.inquiryStatus,
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['status'],
          // override: the owner's "Book anyway" on a day already booked (record 280).
          properties: { status: { type: 'string', enum: [...INQUIRY_STATUSES] }, override: { type: 'boolean' } },
        },
      },
    },
    async (request) => {
      const { status, override } = request.body;
      const changed = await owners.inbox
        .setStatus(request.params.id, status, actor(request), new Date(), bookingRule(site(), override))
        .catch((error: unknown) => {
          if (error instanceof DayFullError) throw httpError(409, error.message);
          throw error;
        });
      if (!changed) throw httpError(404, 'No such inquiry (it may have been erased).');
      return { status: request.body.status };
    },
  );

  app.post<{ Params: { id: string }; Body: { note: string } }>(
    OWNER_API.inquiryNotes,
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['note'],
          properties: { note: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH, pattern: '\\S' } },
        },
      },
    },
    async (request, reply) => {
      const note = request.body.note.trim();
      if (CONTROL.test(note)) {
        throw new BodyError('The note holds control characters.', { note: 'note holds control characters.' });
      }
      if (!(await owners.inbox.addNote(request.params.id, note, actor(request), new Date()))) {
        throw httpError(404, 'No such inquiry (it may have been erased).');
      }
      return reply.status(201).send({ note });
    },
  );

  app.delete<{ Params: { id: string } }>(
    OWNER_API.inquiry,
    { schema: { params: idParams } },
    async (request, reply) => {
      if (!(await owners.inbox.erase(request.params.id, actor(request), new Date()))) {
        throw httpError(404, 'No such inquiry (it may have been erased).');
      }
      return reply.status(204).send();
    },
  );
};

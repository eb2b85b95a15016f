// What the owner and the customer are told of a booked event (issue 30, record 170),
// rendered at send time from the event sheet: the owner hears of a final count the
// customer gave and, the day before, "Tomorrow" with the sheet's link; the customer is
// reminded of the final count and the balance. A reminder whose inquiry is no longer
// Booked, has no accepted quote, or no longer needs it (the cutoff passed, nothing left
// to pay) answers nothing, and its delivery is skipped (record 143).
// The final-count reminders' events are named by their days before the event: this map answers
// (and the inbox labels) every day the schema allows, so whichever days the live content says
// are answered (record 371); what each notice says is written from the live content at send time.
import { type BusinessContent, MOST_EVENT_DAYS } from '../../../content/schema.js';
import { type DayTime, daysBetween, type EventSheetView } from '../../shared/event-plan.js';
import { formatMoney } from '../../shared/money.js';
import { wallClock } from '../../shared/time-zone.js';
import { CHANGES_NOTICE_MS, EVENT_PLAN_EVENTS, type FinalCount, parseChangesRef } from '../store/event-plan-store.js';
import { topicRef } from '../store/outbox-store.js';
import { eventDay, eventTime, type Notice } from './messages.js';
import type { NoticeContext, NoticeOf } from './notice-context.js';
import { wordsFor } from '../words/words.js';

const money = (of: BusinessContent, sheet: EventSheetView, amount: number) =>
  formatMoney(amount, sheet.currency, of.locale);
const guests = (count: number) => `${count} ${count === 1 ? 'guest' : 'guests'}`;

/** '10:00 AM', with the day when it is not the event's. */
function at(time: DayTime, of: BusinessContent): string {
  const day = time.dayOffset < 0 ? ' the day before' : time.dayOffset > 0 ? ' the next day' : '';
  return `${eventTime(time.time, of)}${day}`;
}

/** The event's sheet if it is still Booked. */
async function bookedSheet(context: NoticeContext): Promise<EventSheetView | undefined> {
  const sheet = await context.sale?.event?.sheet(context.inquiry.id);
  return sheet?.status === 'booked' ? sheet : undefined;
}

/** The line of what is paid and what is left, when there is an accepted quote. */
function moneyLine(sheet: EventSheetView, of: BusinessContent): string[] {
  if (!sheet.quote || sheet.balanceDue === null) return [];
  return [
    `Total: ${money(of, sheet, sheet.quote.totalForFinalCount)}. Paid: ${money(of, sheet, sheet.paid)}. Balance due: ${money(of, sheet, sheet.balanceDue)}.`,
  ];
}

const toSheet = (context: NoticeContext) => ({
  url: context.sale!.event!.sheetUrl(context.inquiry.id),
  linkText: 'Open the event sheet',
});

/** The owner's notice of a final count the customer set: the count in force, and what it was. */
async function finalCountNotice(
  context: NoticeContext,
  change: { count: FinalCount; was: number; changes?: number; from?: number } | undefined,
): Promise<Notice | undefined> {
  const sheet = change && (await context.sale?.event?.sheet(context.inquiry.id));
  if (!change || !sheet) return undefined;
  const { count, was, changes = 1, from = 0 } = change;
  const dietary = count.dietary.map((each) => `${each.label}: ${each.count}`).join(', ');
  const quarter = (at: number) => eventTime(wallClock(context.content.timeZone, at).time, context.content);
  return {
    subject: `Final guest count ${count.guests}: ${sheet.customer.name}, ${eventDay(sheet.date, context.content)}`,
    lines: [
      `${sheet.customer.name} set the final guest count to ${count.guests} (was ${was}) for ${eventDay(sheet.date, context.content)}.`,
      ...(changes > 1
        ? [
            `Changed ${changes} times between ${quarter(from)} and ${quarter(from + CHANGES_NOTICE_MS)}: this is the last.`,
          ]
        : []),
      ...(dietary ? [`Of them: ${dietary}.`] : []),
      ...moneyLine(sheet, context.content),
    ],
    ...toSheet(context),
  };
}

export const EVENT_PLAN_OWNER_NOTICES: Record<string, NoticeOf> = {
  async [EVENT_PLAN_EVENTS.finalCountChanged](context) {
    return finalCountNotice(context, await context.sale?.event?.finalCount(topicRef(context.topic)));
  },
  // One notice for the customer's changes of a quarter hour (record 190).
  async [EVENT_PLAN_EVENTS.finalCountChanges](context) {
    const ref = parseChangesRef(topicRef(context.topic));
    if (!ref || ref.inquiryId !== context.inquiry.id) return undefined;
    const changes = await context.sale?.event?.finalCountChanges(
      ref.inquiryId,
      ref.quarter,
      ref.quarter + CHANGES_NOTICE_MS,
    );
    return finalCountNotice(context, changes && { ...changes, from: ref.quarter });
  },
  async [EVENT_PLAN_EVENTS.tomorrow](context) {
    const sheet = await bookedSheet(context);
    if (!sheet) return undefined;
    const { times } = sheet;
    const contact = sheet.onSite ?? { name: sheet.customer.name, phone: sheet.customer.phone };
    return {
      subject: `Tomorrow: ${sheet.title}, ${sheet.customer.name}, arrive ${at(times.arrive, context.content)}`,
      lines: [
        `Tomorrow, ${eventDay(sheet.date, context.content)}: arrive ${at(times.arrive, context.content)}, serve ${at(times.start, context.content)}–${at(times.end, context.content)}, leave ${at(times.leave, context.content)}.`,
        `At ${sheet.address}, for ${guests(sheet.guests)}.`,
        `On site: ${[contact.name, contact.phone].filter(Boolean).join(', ')}.`,
        ...moneyLine(sheet, context.content),
      ],
      ...toSheet(context),
    };
  },
};

/** The customer's reminder of the final count (each of the content's days before the event says the same). */
function finalCountReminder(): NoticeOf {
  return async (context) => {
    const sheet = await bookedSheet(context);
    const today = context.sale?.event?.today();
    if (!sheet?.quote || !today || today > sheet.finalCountLastDay) return undefined;
    // In the language the customer wrote in (record 300).
    const words = wordsFor(context.inquiry.language, context.content);
    const { say } = words;
    const lastDay = words.longDay(sheet.finalCountLastDay);
    const last = today === sheet.finalCountLastDay;
    const ask = sheet.finalCount
      ? say.finalCountKept({ guests: sheet.finalCount.guests, last: lastDay })
      : say.finalCountAsk({ last: lastDay, guests: say.guests(sheet.guests) });
    return {
      subject: last
        ? say.finalCountLastSubject({ day: words.day(sheet.date) })
        : say.finalCountSubject({ day: words.day(sheet.date) }),
      lines: [
        say.eventOn({
          business: words.content.name,
          day: words.longDay(sheet.date),
          when: say.inDays(daysBetween(today, sheet.date)),
        }),
        ask,
      ],
      url: context.sale!.quoteUrl(sheet.quote.id),
      linkText: say.giveFinalCount,
    } satisfies Notice;
  };
}

/** Every number of days before the event a final-count reminder may be sent at (content/schema.ts). */
const REMINDER_DAYS = Array.from({ length: MOST_EVENT_DAYS + 1 }, (_, days) => days);

export const EVENT_PLAN_CUSTOMER_NOTICES: Record<string, NoticeOf> = {
  ...Object.fromEntries(
    REMINDER_DAYS.map((days) => [EVENT_PLAN_EVENTS.finalCountReminder(days), finalCountReminder()]),
  ),
  async [EVENT_PLAN_EVENTS.balanceDue](context) {
    const sheet = await bookedSheet(context);
    if (!sheet?.quote || sheet.balanceDue === null || sheet.balanceDue <= 0) return undefined;
    const words = wordsFor(context.inquiry.language, context.content);
    const { say } = words;
    const inWords = (amount: number) => words.money(amount, sheet.currency);
    return {
      subject: say.balanceSubject({ day: words.day(sheet.date) }),
      lines: [
        say.balanceLine({
          business: words.content.name,
          day: words.longDay(sheet.date),
          balance: inWords(sheet.balanceDue),
          total: inWords(sheet.quote.totalForFinalCount),
          paid: inWords(sheet.paid),
        }),
        words.content.sale.payOffline,
      ],
      url: context.sale!.quoteUrl(sheet.quote.id),
      linkText: say.seeQuote,
    };
  },
};

/** What the inbox's list of an inquiry's notifications calls each of these events. */
export const EVENT_PLAN_LABELS: Record<string, string> = {
  [EVENT_PLAN_EVENTS.finalCountChanged]: 'final count',
  [EVENT_PLAN_EVENTS.finalCountChanges]: 'final count',
  ...Object.fromEntries(
    REMINDER_DAYS.map((days) => [EVENT_PLAN_EVENTS.finalCountReminder(days), `final count, ${days} days before`]),
  ),
  [EVENT_PLAN_EVENTS.balanceDue]: 'balance due',
  [EVENT_PLAN_EVENTS.tomorrow]: 'tomorrow',
};

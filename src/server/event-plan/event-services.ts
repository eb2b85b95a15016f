// The booked event's records as the notices read them at send time (record 170): the
// sheet (status, final count, balance), a final count with the one it replaced, a
// quarter hour's final counts from the customer (record 190), and
// the owner's link to the sheet.
import { todayIn } from '../../shared/time-zone.js';
import type { Clock } from '../clock.js';
import type { EventServices } from '../notify/channels/channel.js';
import type { FinalCount } from '../store/event-plan-store.js';
import type { ContentPort } from '../site/content-port.js';
import type { OwnerStore } from '../store/owner-store.js';
import { eventSheet } from './event-sheet.js';
import type { PaymentsRead } from './payments.js';

/** The inbox's address of an inquiry's event sheet (signing in first returns there). */
export const eventSheetPath = (inquiryId: string) => `/inbox/inquiries/${encodeURIComponent(inquiryId)}/event-sheet`;

export function eventServices(
  owners: OwnerStore,
  payments: PaymentsRead,
  publicUrl: string,
  clock: Clock,
  digestKey: Buffer,
  content: ContentPort,
): EventServices {
  return {
    sheet: (inquiryId) => eventSheet(owners, payments, inquiryId, digestKey, content.current().content),
    async finalCount(id) {
      const count = await owners.eventPlans.finalCount(id);
      if (!count) return undefined;
      const all = await owners.eventPlans.finalCounts(count.inquiryId);
      const before = all[all.findIndex((each) => each.id === id) - 1];
      const found = before ? undefined : await owners.inbox.getInquiry(count.inquiryId);
      const was = before?.guests ?? found?.inquiry.plannedGuestCount;
      return was === undefined ? undefined : { count, was };
    },
    async finalCountChanges(inquiryId, from, to) {
      const all = await owners.eventPlans.finalCounts(inquiryId);
      const within = (each: FinalCount) => Date.parse(each.at) >= from && Date.parse(each.at) < to;
      const changes = all.filter((each) => each.by === null && within(each));
      const count = changes.at(-1);
      if (!count) return undefined;
      const before = all.filter((each) => Date.parse(each.at) < from).at(-1);
      const found = before ? undefined : await owners.inbox.getInquiry(inquiryId);
      const was = before?.guests ?? found?.inquiry.plannedGuestCount;
      return was === undefined ? undefined : { count, was, changes: changes.length };
    },
    sheetUrl: (inquiryId) => `${publicUrl}${eventSheetPath(inquiryId)}`,
    today: () => todayIn(content.current().content.timeZone, clock()),
  };
}

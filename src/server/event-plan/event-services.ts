// The booked event's records as the notices read them at send time (record 170): the
// sheet (status, final count, balance), a final count with the one it replaced, and
// the owner's link to the sheet.
import { content } from '../../../content/index.js';
import { todayIn } from '../../shared/time-zone.js';
import type { Clock } from '../clock.js';
import type { EventServices } from '../notify/channels/channel.js';
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
): EventServices {
  return {
    sheet: (inquiryId) => eventSheet(owners, payments, inquiryId, digestKey),
    async finalCount(id) {
      const count = await owners.eventPlans.finalCount(id);
      if (!count) return undefined;
      const all = await owners.eventPlans.finalCounts(count.inquiryId);
      const before = all[all.findIndex((each) => each.id === id) - 1];
      const found = before ? undefined : await owners.inbox.getInquiry(count.inquiryId);
      const was = before?.guests ?? found?.inquiry.plannedGuestCount;
      return was === undefined ? undefined : { count, was };
    },
    sheetUrl: (inquiryId) => `${publicUrl}${eventSheetPath(inquiryId)}`,
    today: () => todayIn(content.timeZone, clock()),
  };
}

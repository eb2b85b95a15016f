// What the never-silent reminders look for (issue 31, records 180 and 181), one
// interface for both engines: leads nobody answered, quotes nobody answered, events
// that are over. Each query leaves out what already has its reminder of `event` queued
// (the reminders table, record 143), so a sweep reads only what is newly due. And the
// inbox's view of the leads waiting for an answer, oldest first (record 184).
import type { InboxInquiry } from './inbox-store.js';

export interface WaitingLead {
  id: string;
  createdAt: string;
}

export interface OpenQuote {
  id: string;
  inquiryId: string;
  sentAt: string;
  /** 'YYYY-MM-DD', the last day it can be accepted. */
  validUntil: string;
}

export interface FollowUpStore {
  /**
   * The leads waiting for an answer (received from `from` on, not spam, New and never
   * answered), oldest first, at most `limit`, and how many there are in all.
   */
  waiting(from: Date, limit: number): Promise<{ rows: InboxInquiry[]; total: number }>;
  /**
   * Inquiries received in [from, before), not spam, still New and never answered (no
   * status change, note or quote by an owner), without a reminder of `event` queued yet,
   * oldest first.
   */
  waitingLeads(range: { from: Date; before: Date }, event: string): Promise<WaitingLead[]>;
  /**
   * Quotes sent before `sentBefore`, neither accepted nor declined, not replaced, still
   * valid on `today`, whose inquiry is not Booked, Declined or Spam, without a reminder
   * of `event` queued yet for the quote (topic `event:<quote id>`).
   */
  openQuotes(query: { sentBefore: Date; today: string }, event: string): Promise<OpenQuote[]>;
  /** Booked inquiries whose event day is in [from, before) ('YYYY-MM-DD'), without a reminder of `event` queued yet. */
  pastBookings(range: { from: string; before: string }, event: string): Promise<string[]>;
}

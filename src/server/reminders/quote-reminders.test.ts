// The quote nudge's timing on the business's clock (record 181): only in the day, as the
// customer's other reminders. The store's part (which quotes are open) has its own suite.
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import type { OwnerStore } from '../store/owner-store.js';
import { quoteNudgeRule } from './quote-reminders.js';

/** One open quote, sent long ago and valid for long: what the store would answer. */
const owners = {
  followUps: {
    openQuotes: async () => [{ id: 'q-1', inquiryId: 'i-1', validUntil: '2099-12-31' }],
  },
} as unknown as OwnerStore;
const followUp = { escalateAfterMs: 0, quoteNudgeDays: 3 };
/** An instant at a wall-clock time in the business's time zone (Chicago's demo: UTC-6 in winter). */
const at = (iso: string) => new Date(iso);

describe('the quote nudge', () => {
  it('waits for the day: none at night (20:00 to 09:00), one from 09:00', async () => {
    // 23:30, 08:59 and 20:00 in Chicago, then 09:00.
    for (const night of ['2026-12-03T05:30:00Z', '2026-12-03T14:59:00Z', '2026-12-03T02:00:00Z'])
      expect(await quoteNudgeRule.due({ owners, content, followUp, now: at(night) })).toEqual([]);
    expect(await quoteNudgeRule.due({ owners, content, followUp, now: at('2026-12-03T15:00:00Z') })).toEqual([
      { inquiryId: 'i-1', topic: 'quote-nudge:q-1' },
    ]);
  });
});

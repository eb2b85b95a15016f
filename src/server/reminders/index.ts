// Every kind of reminder the sale has, in no particular order (record 143).
// A new kind: one file beside this one, and one line here.
import { balanceDueReminder } from './balance-due.js';
import { finalCountReminders } from './final-count.js';
import { finalCountChangesRule } from './final-count-changes.js';
import { holdEndedRule } from './hold-ended.js';
import { leadWaitingRule } from './lead-waiting.js';
import { quoteExpiringRule, quoteNudgeRule } from './quote-reminders.js';
import type { ReminderRule } from './reminder-rule.js';
import { thankYouRule } from './thank-you.js';
import { tomorrowReminder } from './tomorrow.js';

export const REMINDER_RULES: readonly ReminderRule[] = [
  leadWaitingRule,
  quoteNudgeRule,
  quoteExpiringRule,
  thankYouRule,
  finalCountReminders,
  finalCountChangesRule,
  balanceDueReminder,
  tomorrowReminder,
  holdEndedRule,
];

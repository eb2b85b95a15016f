// Every kind of reminder the sale has, in no particular order (record 143).
// A new kind: one file beside this one, and one line here.
import { balanceDueReminder } from './balance-due.js';
import { finalCountReminders } from './final-count.js';
import type { ReminderRule } from './reminder-rule.js';
import { tomorrowReminder } from './tomorrow.js';

export const REMINDER_RULES: readonly ReminderRule[] = [finalCountReminders, balanceDueReminder, tomorrowReminder];

// Every kind of reminder the sale has, in no particular order (record 143).
// A new kind: one file beside this one, and one line here.
import type { ReminderRule } from './reminder-rule.js';

export const REMINDER_RULES: readonly ReminderRule[] = [];

// The content's `event` block with its defaults (record 170): read by the content's
// own check (a final-count reminder after the cutoff) and by the booked event's rules
// in src/shared/event-plan.ts, so it lives with the content, which imports nothing back.
import type { BusinessContent } from './content-types.js';

/** The content's `event` block with every default filled in. */
export interface EventSettings {
  eventsPerDay: number;
  setupMinutes: number;
  teardownMinutes: number;
  finalCountCutoffDays: number;
  fewerGuestsLowerPrice: boolean;
  dietaryCounts: string[];
  siteQuestions: string[];
  reminders: {
    sendAt: string;
    finalCount: { on: boolean; daysBefore: number[] };
    balanceDue: { on: boolean; daysBefore: number };
    tomorrow: { on: boolean };
  };
}

export function eventPlanning(content: Pick<BusinessContent, 'event'>): EventSettings {
  const event = content.event ?? {};
  const reminders = event.reminders ?? {};
  return {
    eventsPerDay: event.eventsPerDay ?? 1,
    setupMinutes: event.setupMinutes ?? 60,
    teardownMinutes: event.teardownMinutes ?? 30,
    finalCountCutoffDays: event.finalCountCutoffDays ?? 3,
    fewerGuestsLowerPrice: event.fewerGuestsLowerPrice ?? true,
    dietaryCounts: event.dietaryCounts ?? [],
    siteQuestions: event.siteQuestions ?? [],
    reminders: {
      sendAt: reminders.sendAt ?? '09:00',
      finalCount: {
        on: reminders.finalCount?.on ?? true,
        daysBefore: reminders.finalCount?.daysBefore ?? [14, 3],
      },
      balanceDue: { on: reminders.balanceDue?.on ?? true, daysBefore: reminders.balanceDue?.daysBefore ?? 7 },
      tomorrow: { on: reminders.tomorrow?.on ?? true },
    },
  };
}

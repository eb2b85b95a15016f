// The quote page's forms after acceptance (record 170), read from their posted fields:
// the final guest count with its dietary counts, and what the customer tells of the day.
// A problem is named in a sentence; what was typed comes back so the page keeps it.
import { type EventSettings, EVENT_LIMITS, finalCountProblem, type SiteAnswer } from '../../shared/event-plan.js';
import { cleanText, MIN_PHONE_DIGITS, textProblem } from '../../shared/text-rules.js';
import type { EventDetails, NewFinalCount } from '../store/event-plan-store.js';

/** The final count's fields as typed (the page shows them again after a problem). */
export interface TypedCount {
  guests: string;
  /** By dietary label, in the content's order. */
  dietary: string[];
}

/** The name of the dietary count's field: diet-1, diet-2, … in the content's order. */
export const dietaryField = (index: number) => `diet-${index + 1}`;
/** The name of the site question's field: site-1, site-2, … in the content's order. */
export const siteField = (index: number) => `site-${index + 1}`;

/** A posted field's label as the page's forms show it (a page asking to send them again lists them so). */
export function planFieldLabel(name: string, settings: Pick<EventSettings, 'dietaryCounts' | 'siteQuestions'>) {
  const fixed: Record<string, string> = {
    guests: 'Final guest count',
    onSiteName: 'On-site contact',
    onSitePhone: 'On-site phone',
  };
  const numbered = /^(diet|site)-(\d+)$/.exec(name);
  if (!numbered) return fixed[name];
  const index = Number(numbered[2]) - 1;
  return numbered[1] === 'diet' ? settings.dietaryCounts[index] : settings.siteQuestions[index];
}

const WHOLE = /^\d{1,7}$/;

export function readFinalCount(
  form: URLSearchParams,
  settings: Pick<EventSettings, 'dietaryCounts'>,
): { count: NewFinalCount } | { problem: string; typed: TypedCount } {
  const typed: TypedCount = {
    guests: (form.get('guests') ?? '').trim(),
    dietary: settings.dietaryCounts.map((_, index) => (form.get(dietaryField(index)) ?? '').trim()),
  };
  const number = (text: string) => (WHOLE.test(text) ? Number(text) : Number.NaN);
  const count: NewFinalCount = {
    guests: number(typed.guests),
    // Left empty: not given.
    dietary: settings.dietaryCounts.flatMap((label, index) =>
      typed.dietary[index] === '' ? [] : [{ label, count: number(typed.dietary[index]!) }],
    ),
  };
  const problem = finalCountProblem(count, settings);
  return problem ? { problem, typed } : { count };
}

export function readDetails(
  form: URLSearchParams,
  settings: Pick<EventSettings, 'siteQuestions'>,
): { details: EventDetails; problem?: string } {
  const details: EventDetails = {
    onSiteName: cleanText(form.get('onSiteName') ?? ''),
    onSitePhone: cleanText(form.get('onSitePhone') ?? ''),
    siteAnswers: settings.siteQuestions.map(
      (question, index): SiteAnswer => ({
        question,
        answer: cleanText((form.get(siteField(index)) ?? '').replace(/\r\n?/g, '\n')),
      }),
    ),
  };
  const problem = detailsProblem(details);
  return problem ? { details, problem } : { details };
}

function detailsProblem(details: EventDetails): string | undefined {
  const name = textProblem({ kind: 'line' }, details.onSiteName);
  if (name) return `The on-site contact ${name}.`;
  if (details.onSiteName.length > EVENT_LIMITS.onSiteName)
    return `The on-site contact must be at most ${EVENT_LIMITS.onSiteName} characters.`;
  if (details.onSitePhone !== '') {
    const phone = textProblem({ kind: 'line', minDigits: MIN_PHONE_DIGITS }, details.onSitePhone);
    if (
      phone ||
      !/^[0-9+().\- ]+$/.test(details.onSitePhone) ||
      details.onSitePhone.length > EVENT_LIMITS.onSitePhone
    ) {
      return `The on-site phone must be a phone number: ${MIN_PHONE_DIGITS} or more digits, and only + ( ) - . and spaces besides.`;
    }
  }
  for (const { question, answer } of details.siteAnswers) {
    const problem = textProblem({ kind: 'lines' }, answer);
    if (problem) return `Your answer to “${question}” ${problem}.`;
    if (answer.length > EVENT_LIMITS.siteAnswer)
      return `Your answer to “${question}” must be at most ${EVENT_LIMITS.siteAnswer} characters.`;
  }
  return undefined;
}

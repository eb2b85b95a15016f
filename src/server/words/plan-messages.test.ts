// The quote page's validation messages in Spanish (record 420): every message the final
// count's, the day's details' and the decline's rules write, made here by the real rules
// from wrong values, has its Spanish, and each passes the catalogs' check. The owner's
// labels and questions are stand-ins (X9, X8): they are shown as the owner wrote them.
import { describe, expect, it } from 'vitest';
import { EVENT_LIMITS, finalCountProblem } from '../../shared/event-plan.js';
import { catalogProblems } from '../../shared/catalog-check.js';
import { textProblem } from '../../shared/text-rules.js';
import { readDetails } from '../event-plan/event-plan-forms.js';
import { planMessageIn } from './plan-messages.js';
import { quoteFailuresEn } from './quote-failures-en.js';
import { quoteFailuresEs } from './quote-failures-es.js';
import { faultMessage } from '../store/store-faults.js';

const settings = { dietaryCounts: ['X9'], siteQuestions: ['X8'] };

/** Every kind of message the quote page's forms answer with, each made by the rules themselves. */
function messagesTheRulesWrite(): string[] {
  const messages = new Set<string>();
  const add = (message: string | undefined) => {
    if (message) messages.add(message);
  };
  add(finalCountProblem({ guests: 0, dietary: [] }, settings));
  add(finalCountProblem({ guests: 10, dietary: [{ label: 'X7', count: 1 }] }, settings));
  add(finalCountProblem({ guests: 10, dietary: [{ label: 'X9', count: 11 }] }, settings));
  const details = (fields: Record<string, string>) => readDetails(new URLSearchParams(fields), settings).problem;
  add(details({ onSiteName: 'a\u0001b' }));
  add(details({ onSiteName: 'x'.repeat(EVENT_LIMITS.onSiteName + 1) }));
  add(details({ onSitePhone: '12' }));
  add(details({ 'site-1': 'a\u0001b' }));
  add(details({ 'site-1': 'x'.repeat(EVENT_LIMITS.siteAnswer + 1) }));
  // The decline's reason (quote-page-routes.ts writes these two).
  add(`The reason ${textProblem({ kind: 'lines' }, 'a\u0001b')}.`);
  add('At most 500 characters.');
  return [...messages];
}

describe('the quote page’s validation messages in Spanish (record 420)', () => {
  it('has the Spanish of every message the rules write, in Spanish only', () => {
    const english = messagesTheRulesWrite();
    expect(english.length).toBe(10);
    expect(english.filter((message) => planMessageIn('es', message) === message)).toEqual([]);
    const keyed = (say: (message: string) => string) =>
      Object.fromEntries(english.map((message, index) => [`m${index}`, say(message)]));
    const spanish = keyed((message) => planMessageIn('es', message));
    expect(
      catalogProblems(
        keyed((message) => message),
        spanish,
      ),
    ).toEqual([]);
    expect(planMessageIn('en', english[0]!)).toBe(english[0]);
    expect(spanish.m0).toBe(
      `Indique el número final de invitados como un número entero de 1 a ${EVENT_LIMITS.guests.toLocaleString('es')}.`,
    );
  });

  it('has the failure pages’ words in both languages, English as the store says a fault', () => {
    expect(catalogProblems(quoteFailuresEn, quoteFailuresEs)).toEqual([]);
    expect(quoteFailuresEn.unavailable({ seconds: 30 })).toBe(faultMessage({ kind: 'full', code: 'SQLITE_FULL' }));
  });
});

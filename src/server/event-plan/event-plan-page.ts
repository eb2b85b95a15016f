// What the quote page shows after acceptance for the event itself (record 170): the
// "Final guest count" form with its dietary counts, and "On the day" (who meets the
// truck, the content's site questions), each open until the cutoff in the business's
// time zone; after it, what was given and whom to call. Plain forms posted back to the
// page, like the rest of it (record 142).
import type { BusinessContent } from '../../../content/schema.js';
import { EVENT_LIMITS, type EventSettings, finalCountLastDay } from '../../shared/event-plan.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { telHref } from '../../shared/inbox-views.js';
import { type Words, wordsFor } from '../words/words.js';
import type { EventDetails, FinalCount } from '../store/event-plan-store.js';
import type { StoredInquiry } from '../store/stored-inquiry.js';
import { dietaryField, siteField, type TypedCount } from './event-plan-forms.js';
import type { AcceptedTerms, SaleFigures } from './sale-figures.js';

export type EventPlanProblem =
  | { form: 'count'; message: string; typed: TypedCount }
  | { form: 'details'; message: string; typed: EventDetails };

export interface EventPlanSectionOptions {
  /** The site's live content (record 251): the business's name, phone and locale. */
  content: BusinessContent;
  /** The quote page's own address (the forms post below it). */
  path: string;
  inquiry: StoredInquiry;
  terms: AcceptedTerms;
  /** The inquiry's figures (sale-figures.ts): the total for the final count. */
  figures: Pick<SaleFigures, 'total'>;
  settings: EventSettings;
  finalCount: FinalCount | undefined;
  details: EventDetails | undefined;
  /** 'YYYY-MM-DD' in the business's time zone. */
  today: string;
  /** What the last post saved (the page after its redirect says so). */
  saved?: 'count' | 'details' | undefined;
  problem?: EventPlanProblem | undefined;
}

const alert = (message: string) => `<div class="notice problem" role="alert"><p>${escapeHtml(message)}</p></div>`;
const status = (message: string) => `<div class="notice" role="status"><p>${escapeHtml(message)}</p></div>`;

/** Whom to call once the page takes no more changes. */
function callUs(content: BusinessContent, words: Words): string {
  const { phone } = content.contact;
  return words.after.callUs({
    business: escapeHtml(content.name),
    phone: `<a href="${escapeHtml(telHref(phone))}">${escapeHtml(phone)}</a>`,
  });
}

const numberInput = (id: string, name: string, value: string, min: number) =>
  `<input type="number" id="${id}" name="${name}" inputmode="numeric" min="${min}" max="${EVENT_LIMITS.guests}" step="1" value="${escapeHtml(value)}"${min > 0 ? ' required' : ''}>`;

function countSection(options: EventPlanSectionOptions, open: boolean, words: Words): string {
  const { inquiry, terms, settings, finalCount, path, content } = options;
  const say = words.after;
  const money = (amount: number) => words.money(amount, terms.quote.currency);
  const lastDay = escapeHtml(words.longDay(finalCountLastDay(inquiry.eventDate, settings)));
  const dietaryCounts = finalCount?.dietary.map((each) => `${escapeHtml(each.label)} ${each.count}`).join(', ');
  const current = finalCount
    ? `<p>${say.yourFinalCount({ guests: say.guests(finalCount.guests), dietary: dietaryCounts ? ` (${dietaryCounts})` : '' })}</p>`
    : `<p>${say.quoteIsFor({ guests: say.guests(terms.guests) })}</p>`;
  const total = options.figures.total ?? terms.totals.total;
  const totalLine =
    finalCount && total !== terms.totals.total
      ? `<p>${say.totalWith({ guests: say.guests(finalCount.guests), total: money(total), accepted: money(terms.totals.total) })}</p>`
      : '';
  // A section, not a named region: "Final guest count" names the field alone (a label lookup finds one).
  const head = `<section><h2 id="final-count">${say.finalCount}</h2>`;
  if (!open) {
    return `${head}${current}${totalLine}<p>${say.countClosed({ day: lastDay, call: callUs(content, words) })}</p></section>`;
  }
  const problem = options.problem?.form === 'count' ? options.problem : undefined;
  const typed: TypedCount = problem?.typed ?? {
    guests: String(finalCount?.guests ?? terms.guests),
    dietary: settings.dietaryCounts.map((label) => {
      const given = finalCount?.dietary.find((each) => each.label === label);
      return given ? String(given.count) : '';
    }),
  };
  const dietary =
    settings.dietaryCounts.length === 0
      ? ''
      : `<fieldset><legend>${say.ofThem}</legend>${settings.dietaryCounts
          .map((label, index) => {
            const name = dietaryField(index);
            return `<p><label for="${name}">${escapeHtml(label)}</label>${numberInput(name, name, typed.dietary[index] ?? '', 0)}</p>`;
          })
          .join('')}</fieldset>`;
  return `${head}${options.saved === 'count' ? status(say.countSaved) : ''}${problem ? alert(problem.message) : ''}${current}${totalLine}
<p>${say.changeUntil({ day: lastDay })}</p>
<form method="post" action="${path}/final-count"><p><label for="final-guests">${say.finalCount}</label>${numberInput('final-guests', 'guests', typed.guests, 1)}</p>${dietary}
<p class="actions"><button type="submit">${say.saveCount}</button></p></form></section>`;
}

function detailsSection(options: EventPlanSectionOptions, open: boolean, words: Words): string {
  const { settings, path } = options;
  const say = words.after;
  const problem = options.problem?.form === 'details' ? options.problem : undefined;
  const details: EventDetails = problem?.typed ??
    options.details ?? { onSiteName: '', onSitePhone: '', siteAnswers: [] };
  const answerTo = (question: string) => details.siteAnswers.find((each) => each.question === question)?.answer ?? '';
  const head = `<section aria-labelledby="on-the-day"><h2 id="on-the-day">${say.onTheDay}</h2>`;
  if (!open) {
    const rows: [string, string][] = [
      [say.onSiteContact, [details.onSiteName, details.onSitePhone].filter(Boolean).join(', ')],
      ...settings.siteQuestions.map((question): [string, string] => [question, answerTo(question)]),
    ];
    const given = rows.filter(([, value]) => value !== '');
    const list = given.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
    return `${head}${given.length > 0 ? `<dl>${list}</dl>` : ''}<p>${say.anyChange({ call: callUs(options.content, words) })}</p></section>`;
  }
  const questions = settings.siteQuestions
    .map((question, index) => {
      const name = siteField(index);
      return `<p><label for="${name}">${escapeHtml(question)}</label><textarea id="${name}" name="${name}" rows="2" maxlength="${EVENT_LIMITS.siteAnswer}">${escapeHtml(answerTo(question))}</textarea></p>`;
    })
    .join('');
  return `${head}${options.saved === 'details' ? status(say.detailsSaved) : ''}${problem ? alert(problem.message) : ''}
<p>${settings.siteQuestions.length > 0 ? say.whoMeetsAndSite : say.whoMeets}</p>
<form method="post" action="${path}/on-the-day"><p><label for="on-site-name">${say.onSiteContact}</label><input type="text" id="on-site-name" name="onSiteName" maxlength="${EVENT_LIMITS.onSiteName}" autocomplete="name" value="${escapeHtml(details.onSiteName)}"></p>
<p><label for="on-site-phone">${say.onSitePhone}</label><input type="tel" id="on-site-phone" name="onSitePhone" maxlength="${EVENT_LIMITS.onSitePhone}" autocomplete="tel" value="${escapeHtml(details.onSitePhone)}"></p>${questions}
<p class="actions"><button type="submit">${say.saveDetails}</button></p></form></section>`;
}

/** Whether the customer may still change the count and the day's details on the page. */
export const planOpen = (options: Pick<EventPlanSectionOptions, 'inquiry' | 'settings' | 'today'>) =>
  options.today <= finalCountLastDay(options.inquiry.eventDate, options.settings);

/** The sections after the payment's: nothing once the event's day has passed. */
export function eventPlanSections(options: EventPlanSectionOptions): string {
  if (options.today > options.inquiry.eventDate) return '';
  const open = planOpen(options);
  // In the customer's language (record 360); the owner's site questions and dietary labels as written.
  const words = wordsFor(options.inquiry.language, options.content);
  return `${countSection(options, open, words)}${detailsSection(options, open, words)}`;
}

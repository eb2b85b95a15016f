// The words of a message to a customer in their language (record 300): the catalog
// (en.ts, es.ts), the owner's texts in it (content/languages.ts), and money and days
// written as that language writes them (shared/money.ts, shared/date-words.ts).
import { contentIn } from '../../../content/languages.js';
import type { BusinessContent } from '../../../content/schema.js';
import { dayInWords, timeInWords } from '../../shared/date-words.js';
import { type Language, languageOf, localeFor } from '../../shared/language.js';
import { formatMoney, type Minor, ratePercent } from '../../shared/money.js';
import type { Estimate } from '../../shared/pricing.js';
import { type CustomerWords, en } from './en.js';
import { es } from './es.js';
import { quoteEn, type QuoteWords } from './quote-en.js';
import { quoteEs } from './quote-es.js';
import { quoteAfterEn, type QuoteAfterWords } from './quote-after-en.js';
import { quoteAfterEs } from './quote-after-es.js';

export const CATALOGS: Record<Language, CustomerWords> = { en, es };
export const QUOTE_CATALOGS: Record<Language, QuoteWords> = { en: quoteEn, es: quoteEs };
export const QUOTE_AFTER_CATALOGS: Record<Language, QuoteAfterWords> = { en: quoteAfterEn, es: quoteAfterEs };

export interface Words {
  language: Language;
  locale: string;
  say: CustomerWords;
  /** The quote page's words. */
  quote: QuoteWords;
  /** The quote page's words after acceptance, and its pages of a replaced quote and too many posts (record 360). */
  after: QuoteAfterWords;
  /** The owner's content in this language (a missing Spanish text in English). */
  content: BusinessContent;
  money: (amount: Minor, currency: string) => string;
  /** 'Sat, Dec 12, 2026' / 'sáb, 12 dic 2026'. */
  day: (isoDay: string) => string;
  /** 'Saturday, December 12, 2026' / 'sábado, 12 de diciembre de 2026'. */
  longDay: (isoDay: string) => string;
  time: (time: string) => string;
  /** An instant on the business's clock: 'February 20, 2027 at 10:00 AM'. */
  moment: (instant: string) => string;
}

/** The words for a customer whose inquiry is in `language` (anything unknown: English), from the live content `of` (record 251). */
export function wordsFor(language: unknown, of: BusinessContent): Words {
  const lang = languageOf(language);
  const locale = localeFor(lang, of);
  return {
    language: lang,
    locale,
    say: CATALOGS[lang],
    quote: QUOTE_CATALOGS[lang],
    after: QUOTE_AFTER_CATALOGS[lang],
    content: contentIn(of, lang),
    money: (amount, currency) => formatMoney(amount, currency, locale),
    day: (isoDay) => dayInWords(isoDay, locale),
    longDay: (isoDay) => dayInWords(isoDay, locale, 'long'),
    time: (time) => timeInWords(time, locale),
    moment: (instant) =>
      new Intl.DateTimeFormat(locale, { timeZone: of.timeZone, dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(instant),
      ),
  };
}

/** The estimate as the first reply words it, in the customer's language: pricing.ts's words in English. */
export function estimateIn(estimate: Estimate, words: Words): { estimate: string; estimateNote: string } {
  const { say } = words;
  const money = (amount: Minor) => words.money(amount, estimate.currency);
  const range = estimate.low === estimate.high ? money(estimate.low) : `${money(estimate.low)}–${money(estimate.high)}`;
  const { rates } = estimate;
  const parts = [say.estimateFor({ packageName: estimate.packageName, guests: say.guests(estimate.guests) })];
  if (rates.serviceCharge > 0) parts.push(say.estimateServiceCharge({ rate: ratePercent(rates.serviceCharge) }));
  if (rates.tax > 0) parts.push(say.estimateTax({ rate: ratePercent(rates.tax) }));
  const travel = estimate.low === estimate.high ? say.estimateTravelKnown : say.estimateTravelRange;
  return { estimate: say.estimateLine({ range }), estimateNote: say.estimateNote({ parts: parts.join(', '), travel }) };
}

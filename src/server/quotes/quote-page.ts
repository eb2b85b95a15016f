// The customer's quote page (/quote/<token>), rendered on the server for each request:
// plain HTML and a small inline stylesheet in the business's colours, no JavaScript, no
// request to anyone else, readable at 320 px and printable. Its forms (accept, decline,
// "Pay deposit", the final count later) post back to the same address (record 142); "Pay
// deposit" is then sent on to the payment provider's checkout (record 145).
import { createHash } from 'node:crypto';
import type { BusinessContent } from '../../../content/schema.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { instantDayInWords } from '../../shared/date-words.js';
import { type Minor, ratePercent } from '../../shared/money.js';
import type { QuoteLine, QuoteTotals } from '../../shared/pricing.js';
import type { SaleFigures } from '../event-plan/sale-figures.js';
import { shortDigest } from './acceptance-digest.js';
import type { StoredInquiry } from '../store/inquiry-store.js';
import { isAgreed, isOpen, type QuoteState } from '../sale/quote-state.js';
import type { Quote } from '../store/quote-store.js';
import type { Language } from '../../shared/language.js';
import type { QuoteWords } from '../words/quote-en.js';
import { QUOTE_CATALOGS, type Words, wordsFor } from '../words/words.js';

/** What a page shows beyond the quote: its state, a problem with what was sent, and what follows acceptance. */
export interface QuotePageOptions {
  /** The site's live content (record 251): the business's name, colours, locale and time zone. */
  content: BusinessContent;
  quote: Quote;
  inquiry: StoredInquiry;
  state: QuoteState;
  /** The page's own address (its forms post here). */
  path: string;
  /** The decline step: the reason's form instead of the quote's buttons. */
  declining?: boolean;
  /** A problem with the last post (the box left unticked), shown above the form. */
  problem?: string;
  /** After acceptance: the payment section (paymentSection), under the title where the next step is one tap away. */
  payment?: string;
  /** After acceptance: where the deposit stands, which the notice at the top names as the next step. */
  deposit?: DepositStep;
  /** After acceptance: the event's sections (final count, the day's details), at the end. */
  afterAcceptance?: string;
  /** After acceptance: the guests, lines and totals as they stand (sale-figures.ts, record 200). */
  figures?: Pick<SaleFigures, 'guests' | 'lines' | 'totals'> | undefined;
  /** The page's script tag, if it needs one (quotePageScript). */
  script?: string;
  /** Accepted, deposit not paid: the date held until `until` (an instant), or no longer (record 281). */
  hold?: { until: string; ended: boolean } | undefined;
}

/**
 * Where an accepted quote's deposit stands: due (pay it), being confirmed (back from the
 * provider's checkout, its event not in yet), open (a checkout made and not yet paid or
 * expired) or given up at the provider (record 212).
 */
export interface DepositStep {
  due: Minor;
  step: 'due' | 'confirming' | 'open' | 'cancelled';
  /** A payment provider is set up: "Pay deposit" is offered while the step is due or cancelled. */
  online: boolean;
  /** The open checkout's page, to finish it there (step open). */
  checkoutUrl?: string;
}

/** Whether the page waits for a payment's event: no second payment is offered meanwhile. */
export const awaitingPayment = (deposit: DepositStep | undefined) =>
  deposit !== undefined && (deposit.step === 'confirming' || deposit.step === 'open');

const STYLE = `color-scheme:light}
*{box-sizing:border-box}body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f6f5f2}
header{background:var(--brand);color:#fff;padding:.75rem 1rem}header p{margin:0;font-weight:700;font-size:1.125rem}
main{max-width:44rem;margin:0 auto;padding:1rem}h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
section,.notice{background:#fff;border:1px solid #d9d6cf;border-radius:.5rem;padding:1rem;margin:0 0 1rem}
.notice{border-left:.375rem solid var(--brand)}.notice.problem{border-left-color:#b3261e}.notice p{margin:.25rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}caption{text-align:left;font-weight:600;padding-bottom:.5rem}
th,td{padding:.375rem .25rem;border-bottom:1px solid #e4e1da;text-align:right;vertical-align:top}th:first-child,td:first-child{text-align:left;overflow-wrap:anywhere}
thead th:not(:first-child),tbody td:not(:first-child){width:1%}tbody td:not(:first-child),tfoot td{white-space:nowrap}
thead th{font-size:.875rem;color:#4a4a4a}tfoot th{text-align:right;font-weight:500}tfoot tr.total th,tfoot tr.total td{font-weight:700;font-size:1.0625rem;border-bottom:2px solid #1b1b1b}
.terms p{margin:.5rem 0}label{display:block}.check{display:flex;gap:.5rem;align-items:flex-start;margin:.75rem 0}
.check input{width:1.5rem;height:1.5rem;margin:0;flex:none}textarea,input[type=number],input[type=text],input[type=tel]{width:100%;font:inherit;padding:.5rem;border:1px solid #8a867d;border-radius:.375rem}
fieldset{border:1px solid #d9d6cf;border-radius:.375rem;margin:.75rem 0;padding:.25rem .75rem}legend{font-weight:600;padding:0 .25rem}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.375rem;border:2px solid var(--brand);background:var(--brand);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--brand)}.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}
:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}.muted{color:#4a4a4a;font-size:.875rem}
@media (max-width:30rem){main{padding:.5rem}section,.notice{padding:.75rem .625rem}table{font-size:.875rem}tfoot tr.total th,tfoot tr.total td{font-size:1rem}th,td{padding:.375rem .1875rem}}
@media print{body{background:#fff}header{background:none;color:#000;border-bottom:2px solid #000}section,.notice{border:none;padding:0}form,.actions{display:none}}`;

export interface PageStyle {
  css: string;
  /** Its CSP hash: the page allows this style and nothing else inline. */
  hash: string;
}
let lastStyle: { key: string; style: PageStyle } | undefined;

/** The page's stylesheet in the live content's colours (record 251), kept while they stay the same. */
export function quotePageStyle(of: BusinessContent): PageStyle {
  const key = `${of.theme.primary};${of.theme.accent}`;
  if (lastStyle?.key !== key) {
    const css = `:root{--brand:${of.theme.primary};--accent:${of.theme.accent};${STYLE}`;
    lastStyle = { key, style: { css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` } };
  }
  return lastStyle.style;
}

/** An instant as the day it was in the business's time zone, in the customer's words. */
const dayOf = (instant: string, words: Words) =>
  escapeHtml(instantDayInWords(instant, words.locale, words.content.timeZone, 'long'));

function lineRow(quote: Quote, line: QuoteLine, words: Words): string {
  const inWords = (amount: number) => words.money(amount, quote.currency);
  return `<tr><td>${escapeHtml(line.description)}</td><td>${line.quantity}</td><td>${inWords(line.unitPrice)}</td><td>${inWords(line.quantity * line.unitPrice)}</td></tr>`;
}

function totalsRows(quote: Quote, totals: QuoteTotals, words: Words): string {
  const w = words.quote;
  const { rates } = quote;
  const inWords = (amount: number) => words.money(amount, quote.currency);
  const row = (label: string, amount: number, className = '') =>
    `<tr${className ? ` class="${className}"` : ''}><th scope="row" colspan="3">${escapeHtml(label)}</th><td>${inWords(amount)}</td></tr>`;
  return [
    row(w.subtotal, totals.food + totals.travel),
    totals.serviceCharge !== 0
      ? row(w.serviceCharge({ rate: ratePercent(rates.serviceCharge) }), totals.serviceCharge)
      : '',
    totals.tax !== 0 ? row(w.tax({ rate: ratePercent(rates.tax) }), totals.tax) : '',
    row(w.total, totals.total, 'total'),
    row(w.depositDue, totals.deposit),
  ].join('');
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The owner's own line sent with the quote (record 213), if there is one. */
function messageSection(quote: Quote, w: QuoteWords, business: string): string {
  if (!quote.message) return '';
  return `<section aria-labelledby="message"><h2 id="message">${escapeHtml(w.noteFrom({ business }))}</h2>${paragraphs(quote.message)}</section>`;
}

function eventSection(inquiry: StoredInquiry, guests: number, words: Words): string {
  const w = words.quote;
  const rows: [string, string][] = [
    [w.date, words.longDay(inquiry.eventDate)],
    [w.time, `${words.time(inquiry.startTime)} – ${words.time(inquiry.endTime)}`],
    [w.place, inquiry.siteAddress],
    [w.guests, String(guests)],
  ];
  const items = rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return `<section aria-labelledby="event"><h2 id="event">${w.yourEvent}</h2><dl>${items}</dl></section>`;
}

/** The acceptance's digest, short, as the customer's e-mails and the event sheet give it (record 203). */
const digestLine = (digest: string, words: Words) => words.after.digest({ digest: escapeHtml(shortDigest(digest)) });

/** The notice at the top: what state the quote is in, and what the customer can do (in their language: record 360). */
function stateNotice(options: QuotePageOptions, words: Words): string {
  const { quote, state, content } = options;
  const say = words.after;
  const notice = (lines: string[], extra = '') =>
    `<div class="notice${extra}" role="status">${lines.map((line) => `<p>${line}</p>`).join('')}</div>`;
  if (state === 'deposit-paid' && quote.accepted && quote.depositPaidAt) {
    return notice([
      say.acceptedPaid({ accepted: dayOf(quote.accepted.at, words), paid: dayOf(quote.depositPaidAt, words) }),
      digestLine(quote.accepted.hash, words),
    ]);
  }
  if (state === 'accepted' && quote.accepted) {
    return notice([
      say.accepted({ day: dayOf(quote.accepted.at, words) }),
      ...nextStep(options, words),
      digestLine(quote.accepted.hash, words),
    ]);
  }
  if (state === 'declined' && quote.declinedAt) return notice([say.declined({ day: dayOf(quote.declinedAt, words) })]);
  if (state === 'expired') {
    return notice([
      say.expired({ day: escapeHtml(words.longDay(quote.validUntil)) }),
      say.askNewOne({ phone: escapeHtml(content.contact.phone), email: escapeHtml(content.contact.email) }),
    ]);
  }
  return '';
}

/** After acceptance, what the customer does next (or waits for): the notice's lines about the deposit. */
/**
 * Whether the date is still held for the deposit (record 281): under the way to pay, so
 * the deposit's button stays on a phone's first screen.
 */
function holdNote({ hold }: QuotePageOptions, words: Words): string {
  if (!hold) return '';
  const day = dayOf(hold.until, words);
  return `<p class="muted">${hold.ended ? words.after.holdEnded({ day }) : words.after.holdUntil({ day })}</p>`;
}

function nextStep({ quote, deposit, path }: QuotePageOptions, words: Words): string[] {
  if (!deposit || deposit.due <= 0) return [];
  const say = words.after;
  const amount = words.money(deposit.due, quote.currency);
  switch (deposit.step) {
    case 'confirming':
      return [say.confirming, `<a href="${path}?payment=done">${say.checkAgain}</a>`];
    case 'open':
      return [
        say.started({ amount }),
        say.notFinished({
          link: `<a href="${escapeHtml(deposit.checkoutUrl ?? path)}">${say.continuePayment}</a>`,
        }),
      ];
    case 'cancelled':
      return [say.notMade];
    default:
      return [`${say.nextDeposit({ amount })} ${deposit.online ? say.payBelow : say.howToPayBelow}`];
  }
}

function acceptSection(options: QuotePageOptions, w: QuoteWords): string {
  const { path } = options;
  const problem = options.problem
    ? `<div class="notice problem" role="alert"><p>${escapeHtml(options.problem)}</p></div>`
    : '';
  if (options.declining) {
    return `<section aria-labelledby="decline"><h2 id="decline">${w.declineThis}</h2>${problem}
<form method="post" action="${path}/decline"><label for="reason">${w.reason}</label>
<textarea id="reason" name="reason" rows="3" maxlength="1000" autocomplete="off"></textarea>
<p class="actions"><button type="submit">${w.declineQuote}</button> <a href="${path}">${w.backToQuote}</a></p></form></section>`;
  }
  return `<section aria-labelledby="answer"><h2 id="answer">${w.yourAnswer}</h2>${problem}
<form method="post" action="${path}/accept"><p class="check"><input type="checkbox" id="accept-terms" name="accept" value="yes" required><label for="accept-terms">${w.acceptTerms}</label></p>
<p class="actions"><button type="submit">${w.acceptQuote}</button></p></form>
<form method="get" action="${path}"><input type="hidden" name="step" value="decline"><p class="actions"><button type="submit" class="secondary">${w.decline}</button></p></form></section>`;
}

/** The page of a quote the customer can still answer, or has answered. */
export function quotePage(options: QuotePageOptions): string {
  const { quote, inquiry, state, figures, content } = options;
  // In the language the customer wrote in (record 300).
  const words = wordsFor(inquiry.language, content);
  const w = words.quote;
  const open = isOpen(state);
  const lines = figures?.totals ? figures.lines : quote.lines;
  const title = w.title({ event: inquiry.eventName || inquiry.operation });
  const agreed = isAgreed(state);
  const body = `${stateNotice(options, words)}
<h1>${escapeHtml(title)}</h1>
<p class="muted">${escapeHtml(w.forWhom({ name: `${inquiry.firstName} ${inquiry.lastName}` }))}${quote.version > 1 ? ` · ${w.version({ version: quote.version })}` : ''} · ${escapeHtml(w.sentOn({ day: instantDayInWords(quote.sentAt, words.locale, content.timeZone, 'long') }))}</p>
${agreed ? `${options.payment ?? ''}${holdNote(options, words)}` : ''}${messageSection(quote, w, content.name)}${eventSection(inquiry, figures?.guests ?? inquiry.plannedGuestCount, words)}
<section aria-labelledby="lines"><h2 id="lines">${w.whatWeBring}</h2>
<table><caption class="muted">${escapeHtml(w.pricesIn({ currency: quote.currency }))}</caption>
<thead><tr><th scope="col">${w.item}</th><th scope="col">${w.quantity}</th><th scope="col">${w.unitPrice}</th><th scope="col">${w.amount}</th></tr></thead>
<tbody>${lines.map((line) => lineRow(quote, line, words)).join('')}</tbody>
<tfoot>${totalsRows(quote, figures?.totals ?? quote.totals, words)}</tfoot></table>
<p><strong>${w.validUntil}</strong> ${escapeHtml(words.longDay(quote.validUntil))}</p></section>
<section aria-labelledby="terms" class="terms"><h2 id="terms">${w.terms}</h2>${paragraphs(quote.terms)}</section>
${open ? acceptSection(options, w) : ''}${agreed ? (options.afterAcceptance ?? '') : ''}${options.script ?? ''}`;
  return page(content, title, body, w.pageDescription({ business: content.name }), words.language);
}

/** The page of a quote that a newer version replaced, in its inquiry's language: it says so, and links nowhere. */
export function replacedPage(of: BusinessContent, language?: Language): string {
  const { after: say } = wordsFor(language, of);
  return page(
    of,
    say.replaced,
    `<h1>${say.replaced}</h1><div class="notice" role="status"><p>${say.replacedText}</p></div>`,
    undefined,
    language,
  );
}

/** What the payment section of an accepted quote shows. */
export interface PaymentSectionOptions {
  /** The site's live content (record 251): its locale and offline payment words. */
  content: BusinessContent;
  quote: Quote;
  /** The page's own address ("Pay deposit" posts to it). */
  path: string;
  /** What the inquiry has paid so far. */
  paid: Minor;
  /** What is left to pay of the total for the final count (sale-figures.ts). */
  balanceDue: Minor;
  /** Where the deposit stands ("Pay deposit" only while it is due or the checkout was given up). */
  deposit: DepositStep;
  /** "Pay deposit" could not reach the provider. */
  problem?: string | undefined;
  /** The inquiry's language (record 360). */
  language?: Language;
}

/**
 * After acceptance: the deposit still due, with "Pay deposit" when a provider is set up
 * and no payment is under way, and the content's offline payment instructions in any
 * case; once the deposit is paid, that it is, and the balance (no button).
 */
export function paymentSection(options: PaymentSectionOptions): string {
  const { quote, paid, deposit } = options;
  const words = wordsFor(options.language, options.content);
  const say = words.after;
  const money = (amount: number) => words.money(amount, quote.currency);
  const offline = `<p>${escapeHtml(words.content.sale.payOffline)}</p>`;
  if (quote.depositPaidAt || deposit.due <= 0) {
    return `<section aria-labelledby="pay"><h2 id="pay">${say.depositPaid}</h2>
<p>${say.received({ amount: money(paid) })}</p>
<p>${say.balanceDue({ amount: money(Math.max(0, options.balanceDue)) })}</p>${offline}</section>`;
  }
  const problem = options.problem
    ? `<div class="notice problem" role="alert"><p>${escapeHtml(options.problem)}</p></div>`
    : '';
  const button = awaitingPayment(deposit)
    ? `<p>${say.ifNotOnline}</p>`
    : deposit.online
      ? `<form method="post" action="${options.path}/pay"><p class="actions"><button type="submit">${say.payDeposit}</button></p></form>
<p class="muted">${say.securePage}</p><p>${say.payAnotherWay}</p>`
      : '';
  return `<section aria-labelledby="pay"><h2 id="pay">${say.payingDeposit}</h2>${problem}
<p>${say.depositDue({ amount: money(deposit.due) })}</p>${button}${offline}</section>`;
}

/** A link that leads to no quote: in the language the visitor's browser prefers, as nothing else says one (record 460). */
export function notFoundPage(content: BusinessContent, language: Language): string {
  const { after: say } = wordsFor(language, content);
  return page(
    content,
    say.notFound,
    `<h1>${say.notFound}</h1><p>${say.notFoundText({ phone: escapeHtml(content.contact.phone) })}</p>`,
    undefined,
    language,
  );
}

/** Past the posts one link may take (record 190): when to try again, and that nothing was saved. */
export function tooManyPostsPage(content: BusinessContent, seconds: number, language?: Language): string {
  const { after: say } = wordsFor(language, content);
  const wait = seconds < 90 ? say.seconds(seconds) : say.minutes(Math.ceil(seconds / 60));
  const text = say.tooManyText({ wait, phone: escapeHtml(content.contact.phone) });
  return page(
    content,
    say.tooMany,
    `<h1>${say.tooMany}</h1><div class="notice" role="alert"><p>${text}</p></div>`,
    undefined,
    language,
  );
}

/** A page in the business's colours with quotePageStyle (the quote's, and the notifications' action links'). */
export function page(
  content: BusinessContent,
  title: string,
  body: string,
  description?: string,
  language: Language = 'en',
): string {
  const about = description ?? QUOTE_CATALOGS[language].pageDescription({ business: content.name });
  return `<!doctype html><html lang="${language === 'en' ? content.locale : language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="description" content="${escapeHtml(about)}"><title>${escapeHtml(`${title} · ${content.name}`)}</title><style>${quotePageStyle(content).css}</style></head><body><header><p>${escapeHtml(content.name)}</p></header><main id="main">${body}</main></body></html>`;
}

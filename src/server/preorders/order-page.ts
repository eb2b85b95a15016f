// The order page (/order/<stop id>, record 290), rendered on the server for each request
// like the quote page: plain HTML and one small inline stylesheet, no JavaScript, no
// request to anyone else, usable at 320 px. The items with their prices and a quantity
// each, the pickup times (a full one marked "Full" and not selectable), the customer's
// name, phone and e-mail, and "Pay now" or "Pay at pickup". A post with a problem comes
// back with it said at the top and beside its field, every typed value kept.
import { createHash } from 'node:crypto';
import type { BusinessContent } from '../../../content/schema.js';
import { dayInWords, timeInWords } from '../../shared/date-words.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { formatMoney, type Minor } from '../../shared/money.js';
import type { TruckStop } from '../../shared/truck-schedule.js';
import { type PageStyle, quotePageStyle } from '../quotes/quote-page.js';
import type { Preorder, PreorderSettings, Taken } from '../store/preorder-store.js';
import { type Language, languagePath, localeFor } from '../../shared/language.js';
import { type OrderWords, orderEn } from '../words/order-en.js';
import { orderEs } from '../words/order-es.js';

/** The order's words in each language (record 420). */
export const ORDER_WORDS: Record<Language, OrderWords> = { en: orderEn, es: orderEs };

/** The order page's address in a language: /order/<stop id>, /es/order/<stop id> (record 420). */
export const orderPath = (language: Language, stopId: string) => `${languagePath(language)}order/${stopId}`;

const EXTRA_CSS = `input[type=email],input[type=text],input[type=tel]{width:100%;font:inherit;padding:.5rem;border:1px solid #8a867d;border-radius:.375rem}
.items{list-style:none;margin:0;padding:0}.items li{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center;justify-content:space-between;padding:.5rem 0;border-bottom:1px solid #e4e1da}
.items input{width:5rem}.times{display:grid;grid-template-columns:repeat(auto-fill,minmax(8rem,1fr));gap:.5rem;margin:.5rem 0}
.times label{display:flex;gap:.5rem;align-items:center;min-height:2.75rem;padding:.25rem .5rem;border:1px solid #d9d6cf;border-radius:.375rem}
.times input{width:1.25rem;height:1.25rem;margin:0}.full{color:#4a4a4a;text-decoration:line-through}.field{margin:.75rem 0}
.error{color:#b3261e;font-weight:600;margin:.25rem 0}[aria-invalid=true]{border-color:#b3261e!important}`;
let lastStyle: { quoteCss: string; style: PageStyle } | undefined;
/** The page's stylesheet in the live content's colours (record 251) and its CSP hash. */
export function orderPageStyle(of: BusinessContent): PageStyle {
  const quoteCss = quotePageStyle(of).css;
  if (lastStyle?.quoteCss !== quoteCss) {
    const css = `${quoteCss}\n${EXTRA_CSS}`;
    lastStyle = { quoteCss, style: { css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` } };
  }
  return lastStyle.style;
}

const money = (of: BusinessContent, amount: Minor, currency: string, language: Language) =>
  formatMoney(amount, currency, localeFor(language, of));
const clock = (of: BusinessContent, time: string, language: Language) => timeInWords(time, localeFor(language, of));

export function orderShell(content: BusinessContent, title: string, body: string, language: Language = 'en'): string {
  const description = ORDER_WORDS[language].description({ business: content.name });
  return `<!doctype html><html lang="${language === 'en' ? content.locale : language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="${escapeHtml(description)}"><title>${escapeHtml(`${title} · ${content.name}`)}</title><style>${orderPageStyle(content).css}</style></head><body><header><p>${escapeHtml(content.name)}</p></header><main id="main">${body}</main></body></html>`;
}

/** What the customer typed, kept through a refused post. */
export interface OrderForm {
  quantities: Record<string, string>;
  pickup: string;
  name: string;
  phone: string;
  email: string;
}

export const EMPTY_FORM: OrderForm = { quantities: {}, pickup: '', name: '', phone: '', email: '' };

export interface OrderPageView {
  /** The site's live content (record 251). */
  content: BusinessContent;
  stop: TruckStop;
  settings: PreorderSettings;
  times: string[];
  taken: Taken;
  form: OrderForm;
  /** Problems by field ('pickup', 'name', 'item-0', 'items', ...). */
  problems: Record<string, string>;
  payNow: boolean;
  payAtPickup: boolean;
  /** Set when ordering is closed (the cutoff passed, the stop cancelled or not taking orders). */
  closed?: string;
  /** The page's language (record 420). */
  language: Language;
}

const stopLine = (stop: TruckStop, of: BusinessContent, language: Language) =>
  `${escapeHtml(dayInWords(stop.date, localeFor(language, of), 'long'))}, ${escapeHtml(clock(of, stop.starts, language))}–${escapeHtml(clock(of, stop.ends, language))}`;

const problemOf = (view: OrderPageView, field: string) =>
  view.problems[field] ? `<p class="error" id="${field}-error">${escapeHtml(view.problems[field])}</p>` : '';
const invalid = (view: OrderPageView, field: string) =>
  view.problems[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';

function itemsSection(view: OrderPageView): string {
  const { settings, taken, form } = view;
  const say = ORDER_WORDS[view.language];
  const rows = settings.items.map((item, index) => {
    const field = `item-${index}`;
    const left = item.cap === null ? undefined : Math.max(0, item.cap - (taken.items[item.name] ?? 0));
    const note =
      left === undefined
        ? ''
        : left === 0
          ? ` <span class="full">${say.soldOut}</span>`
          : ` <span class="muted">${say.left({ count: left })}</span>`;
    return `<li><label for="${field}">${escapeHtml(item.name)} <span class="muted">${money(view.content, item.price, settings.currency, view.language)}</span>${note}</label><input id="${field}" name="${field}" type="number" inputmode="numeric" min="0" max="50" value="${escapeHtml(form.quantities[field] ?? '0')}"${left === 0 ? ' disabled' : ''}${invalid(view, field)}>${problemOf(view, field)}</li>`;
  });
  return `<section aria-labelledby="items-title"><h2 id="items-title">${say.items}</h2>${problemOf(view, 'items')}<ul class="items">${rows.join('')}</ul></section>`;
}

function timesSection(view: OrderPageView): string {
  const say = ORDER_WORDS[view.language];
  const options = view.times.map((time, index) => {
    const full = (view.taken.pickups[time] ?? 0) >= view.settings.perPickup;
    const id = `pickup-${index}`;
    const checked = view.form.pickup === time && !full ? ' checked' : '';
    const words = escapeHtml(clock(view.content, time, view.language));
    return full
      ? `<label for="${id}"><input id="${id}" type="radio" name="pickup" value="${time}" disabled> <span class="full">${words}</span> ${say.full}</label>`
      : `<label for="${id}"><input id="${id}" type="radio" name="pickup" value="${time}" required${checked}> ${words}</label>`;
  });
  return `<section><fieldset${invalid(view, 'pickup')}><legend>${say.pickupTime}</legend>${problemOf(view, 'pickup')}<div class="times">${options.join('')}</div></fieldset></section>`;
}

function contactSection(view: OrderPageView): string {
  const say = ORDER_WORDS[view.language];
  const field = (name: 'name' | 'phone' | 'email', label: string, type: string, autocomplete: string) =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" maxlength="${name === 'phone' ? 40 : 120}" required value="${escapeHtml(view.form[name])}"${invalid(view, name)}>${problemOf(view, name)}</div>`;
  return `<section aria-labelledby="you-title"><h2 id="you-title">${say.yourDetails}</h2>${field('name', say.name, 'text', 'name')}${field('phone', say.phone, 'tel', 'tel')}${field('email', say.email, 'email', 'email')}</section>`;
}

function problemsNotice(view: OrderPageView): string {
  const messages = Object.values(view.problems);
  if (messages.length === 0) return '';
  return `<div class="notice problem" role="alert"><p><strong>${ORDER_WORDS[view.language].notPlaced}</strong></p>${messages.map((message) => `<p>${escapeHtml(message)}</p>`).join('')}</div>`;
}

/** The order page: the stop, and its form (or why ordering is closed). */
export function orderPage(view: OrderPageView): string {
  const { stop, content, language } = view;
  const say = ORDER_WORDS[language];
  const heading = `<h1>${say.orderAheadAt({ place: escapeHtml(stop.place) })}</h1><p>${stopLine(stop, content, language)}<br>${escapeHtml(stop.address)}</p>`;
  if (view.closed)
    return orderShell(
      content,
      say.orderAhead,
      `${heading}<div class="notice" role="status"><p>${escapeHtml(view.closed)}</p></div>`,
      language,
    );
  const buttons = [
    view.payNow ? `<button type="submit" name="pay" value="now">${say.payNow}</button>` : '',
    view.payAtPickup
      ? `<button type="submit" name="pay" value="pickup"${view.payNow ? ' class="secondary"' : ''}>${say.payAtPickup}</button>`
      : '',
  ].join('');
  const form = `<form method="post" action="${escapeHtml(orderPath(language, stop.id))}" novalidate>${itemsSection(view)}${timesSection(view)}${contactSection(view)}${problemOf(view, 'pay')}<div class="actions">${buttons}</div></form>`;
  return orderShell(content, say.orderAhead, `${heading}${problemsNotice(view)}${form}`, language);
}

/** The order as placed: its number, items, total, pickup time and where it stands. */
export function orderDonePage(
  content: BusinessContent,
  order: Preorder,
  stop: TruckStop | undefined,
  returned: string | undefined,
): string {
  const { language } = order;
  const say = ORDER_WORDS[language];
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}</td><td>${line.quantity}</td><td>${money(content, line.price * line.quantity, order.currency, language)}</td></tr>`,
    )
    .join('');
  const waiting = order.status === 'held' && returned === 'done' ? say.confirming : say.status[order.status];
  const pay =
    order.status === 'held' && order.checkoutUrl && returned !== 'done'
      ? `<p><a href="${escapeHtml(order.checkoutUrl)}">${say.payNow}</a></p>`
      : '';
  const where = stop
    ? `<p>${escapeHtml(stop.place)}, ${escapeHtml(dayInWords(stop.date, localeFor(language, content), 'long'))}</p>`
    : '';
  const title = say.orderNumber({ number: order.number });
  const table = `<table><caption>${say.yourOrder}</caption><thead><tr><th scope="col">${say.item}</th><th scope="col">${say.qty}</th><th scope="col">${say.price}</th></tr></thead><tbody>${rows}</tbody><tfoot><tr class="total"><th scope="row" colspan="2">${say.total}</th><td>${money(content, order.total, order.currency, language)}</td></tr></tfoot></table>`;
  return orderShell(
    content,
    title,
    `<h1>${title}</h1><div class="notice" role="status"><p>${escapeHtml(waiting)}</p>${pay}</div>${where}<section>${table}<p>${say.pickupAt({ time: escapeHtml(clock(content, order.pickup, language)) })}</p></section>`,
    language,
  );
}

export const orderNotFoundPage = (content: BusinessContent, language: Language = 'en') => {
  const say = ORDER_WORDS[language];
  return orderShell(content, say.notFound, `<h1>${say.notFound}</h1><p>${say.notFoundText}</p>`, language);
};

// What a customer's page (the quote's, an action link's) answers when it fails: a page,
// never the API's JSON (record 210). A database that is down, full or hung (503 with
// Retry-After, record 150) or a fault of ours (500): the page says to try again, and a
// form's post comes back as a form with every field as it was sent, so "Try again" sends
// it once more and nothing typed is lost. A refusal (4xx) says why and links back.
// In the inquiry's language where the routes know it (record 420): a refusal's own
// message is English, said in Spanish when it is one of the words' (else a general one).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusinessContent } from '../../../content/schema.js';
import { escapeHtml } from '../../shared/escape-html.js';
import type { Language } from '../../shared/language.js';
import { RETRY_AFTER_S } from '../store/store-faults.js';
import { type QuoteFailureWords, quoteFailuresEn } from '../words/quote-failures-en.js';
import { quoteFailuresEs } from '../words/quote-failures-es.js';
import { page } from './quote-page.js';

const FAILURE_WORDS: Record<Language, QuoteFailureWords> = { en: quoteFailuresEn, es: quoteFailuresEs };

export interface PageErrorOptions {
  /** The site's live content (record 251): the page's name and colours. */
  content: () => BusinessContent;
  /** Sends a page with the routes' own headers (their CSP, noindex, no-store). */
  html: (reply: FastifyReply, status: number, page: string) => FastifyReply;
  /** Where "Back" leads from this request, and what it says (in `language`). */
  back: (request: FastifyRequest, language: Language) => { href: string; text: string };
  /** A posted field's name as its form shows it; a field without one is sent again but not listed. */
  labelOf?: (name: string, language: Language) => string | undefined;
  /** The customer's language, where the request names an inquiry that can be read (record 420); else English. */
  language?: (request: FastifyRequest, status: number) => Promise<Language>;
  /** Answers this request as JSON instead (an action link posted by the service worker). */
  json?: (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => FastifyReply | undefined;
}

/** The fields a form posted, in their order ([] when none were read). */
function postedFields(request: FastifyRequest): [string, string][] {
  return request.body instanceof URLSearchParams ? [...request.body.entries()] : [];
}

/** The post sent back: what was typed, listed, and carried by the form "Try again" posts to the same address. */
function sendAgainForm(request: FastifyRequest, options: PageErrorOptions, language: Language): string {
  const say = FAILURE_WORDS[language];
  const fields = postedFields(request);
  const listed = fields
    .map(([name, value]) => [options.labelOf?.(name, language), value.trim()] as const)
    .filter(([label, value]) => label !== undefined && value !== '')
    .map(([label, value]) => `<dt>${escapeHtml(label!)}</dt><dd>${escapeHtml(value === 'yes' ? say.yes : value)}</dd>`)
    .join('');
  const hidden = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const kept = listed ? `<p>${say.keptList}</p><dl>${listed}</dl>` : '';
  return `${kept}<form method="post" action="${escapeHtml(request.url)}">${hidden}<p class="actions"><button type="submit">${say.tryAgain}</button></p></form>`;
}

/** The page of a request that failed, saying what to do now. */
export function failedPage(
  request: FastifyRequest,
  status: number,
  message: string,
  options: PageErrorOptions,
  language: Language = 'en',
) {
  const say = FAILURE_WORDS[language];
  const back = options.back(request, language);
  const content = options.content();
  const titled = (title: string, body: string) => page(content, title, `<h1>${title}</h1>${body}`, undefined, language);
  const backLink = `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p>`;
  const notice = `<div class="notice problem" role="alert"><p>${escapeHtml(message)}</p></div>`;
  if (status < 500) return titled(say.notDone, `${notice}${backLink}`);
  if (request.method !== 'POST') {
    const retry = `<p class="actions"><a href="${escapeHtml(request.url)}">${say.tryAgain}</a></p>`;
    return titled(say.notAvailable, `${notice}${retry}`);
  }
  return titled(say.notSentYet, `${notice}${sendAgainForm(request, options, language)}${backLink}`);
}

/** A refusal's own message (English, as the routes and Fastify write it) in `language`: its words' where they have it. */
function refusalIn(say: QuoteFailureWords, message: string): string {
  if (say === quoteFailuresEn) return message;
  const key = (Object.keys(quoteFailuresEn) as (keyof QuoteFailureWords)[]).find(
    (each) => quoteFailuresEn[each] === message,
  );
  const said = key ? say[key] : undefined;
  return typeof said === 'string' ? said : say.notAccepted;
}

/** An error handler for a plugin of customer pages: every failure answered with failedPage. */
export function pageErrorHandler(app: FastifyInstance, options: PageErrorOptions) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const fault = app.storeFaultOf(error, request, reply);
    const refused = !fault && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    const status = fault ? 503 : refused ? error.statusCode! : 500;
    if (status === 500) {
      const { name: type, code, message, stack } = error;
      request.log.error({ err: { type, code, message, stack } }, 'page failed');
    }
    const language = (await options.language?.(request, status)) ?? 'en';
    const say = FAILURE_WORDS[language];
    const message = fault
      ? say.unavailable({ seconds: RETRY_AFTER_S[fault.kind] })
      : refused
        ? refusalIn(say, error.message)
        : say.somethingWrong;
    return (
      options.json?.(request, reply, status, message) ??
      options.html(reply, status, failedPage(request, status, message, options, language))
    );
  };
}

// What a customer's page (the quote's, an action link's) answers when it fails: a page,
// never the API's JSON (record 210). A database that is down, full or hung (503 with
// Retry-After, record 150) or a fault of ours (500): the page says to try again, and a
// form's post comes back as a form with every field as it was sent, so "Try again" sends
// it once more and nothing typed is lost. A refusal (4xx) says why and links back.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusinessContent } from '../../../content/schema.js';
import { escapeHtml } from '../../shared/escape-html.js';
import { faultMessage } from '../store/store-faults.js';
import { page } from './quote-page.js';

export interface PageErrorOptions {
  /** The site's live content (record 251): the page's name and colours. */
  content: () => BusinessContent;
  /** Sends a page with the routes' own headers (their CSP, noindex, no-store). */
  html: (reply: FastifyReply, status: number, page: string) => FastifyReply;
  /** Where "Back" leads from this request, and what it says. */
  back: (request: FastifyRequest) => { href: string; text: string };
  /** A posted field's name as its form shows it; a field without one is sent again but not listed. */
  labelOf?: (name: string) => string | undefined;
  /** Answers this request as JSON instead (an action link posted by the service worker). */
  json?: (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => FastifyReply | undefined;
}

const SOMETHING_WRONG = 'Something went wrong on our side. Please try again.';

/** The fields a form posted, in their order ([] when none were read). */
function postedFields(request: FastifyRequest): [string, string][] {
  return request.body instanceof URLSearchParams ? [...request.body.entries()] : [];
}

/** The post sent back: what was typed, listed, and carried by the form "Try again" posts to the same address. */
function sendAgainForm(request: FastifyRequest, options: PageErrorOptions): string {
  const fields = postedFields(request);
  const listed = fields
    .map(([name, value]) => [options.labelOf?.(name), value.trim()] as const)
    .filter(([label, value]) => label !== undefined && value !== '')
    .map(([label, value]) => `<dt>${escapeHtml(label!)}</dt><dd>${escapeHtml(value === 'yes' ? 'Yes' : value)}</dd>`)
    .join('');
  const hidden = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const kept = listed ? `<p>What you sent is kept:</p><dl>${listed}</dl>` : '';
  return `${kept}<form method="post" action="${escapeHtml(request.url)}">${hidden}<p class="actions"><button type="submit">Try again</button></p></form>`;
}

/** The page of a request that failed, saying what to do now. */
export function failedPage(request: FastifyRequest, status: number, message: string, options: PageErrorOptions) {
  const back = options.back(request);
  const content = options.content();
  const backLink = `<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a></p>`;
  const notice = `<div class="notice problem" role="alert"><p>${escapeHtml(message)}</p></div>`;
  if (status < 500) return page(content, 'Not done', `<h1>Not done</h1>${notice}${backLink}`);
  if (request.method !== 'POST') {
    const retry = `<p class="actions"><a href="${escapeHtml(request.url)}">Try again</a></p>`;
    return page(content, 'Not available just now', `<h1>Not available just now</h1>${notice}${retry}`);
  }
  return page(content, 'Not sent yet', `<h1>Not sent yet</h1>${notice}${sendAgainForm(request, options)}${backLink}`);
}

/** An error handler for a plugin of customer pages: every failure answered with failedPage. */
export function pageErrorHandler(app: FastifyInstance, options: PageErrorOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const fault = app.storeFaultOf(error, request, reply);
    const refused = !fault && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    const status = fault ? 503 : refused ? error.statusCode! : 500;
    if (status === 500) {
      const { name: type, code, message, stack } = error;
      request.log.error({ err: { type, code, message, stack } }, 'page failed');
    }
    const message = fault ? faultMessage(fault) : refused ? error.message : SOMETHING_WRONG;
    return (
      options.json?.(request, reply, status, message) ??
      options.html(reply, status, failedPage(request, status, message, options))
    );
  };
}

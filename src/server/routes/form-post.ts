// POST /inquiry: the inquiry form as a plain HTML form, for visitors without
// JavaScript (or who press send before it has run). The same rules as
// PUT /api/inquiries/:id (the shared JSON Schema, validated by the same strict
// Ajv, and the shared rules), the same spam flag for the honeypot, create-only,
// rate limited per address. The answer is a page: the thank-you page, or the form
// again with every value kept and each error next to its field. GET /inquiry is
// the same form as a page of its own.
//
// A double submit stores one inquiry: the id is derived (HMAC with the session
// secret) from what was sent, so sending the same inquiry again is a replay of
// the first create, never a second row; an edited inquiry is a new one.
import type { BookNowOffer } from '../instant/instant-booking.js';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  FastifyBodyParser,
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import {
  FORM_CONTROLS,
  MAX_BODY_BYTES,
  PATTERNS,
  REQUIRED_CONTROLS,
  TEXT_LIMITS,
  MAX_GUESTS,
  inquiryBodySchema,
  toInquiryBody,
  type InquiryBody,
  type InquiryFormValues,
} from '../../shared/inquiry.js';
import { type BusinessContent, operations, truckOperation, truckPackages } from '../../../content/schema.js';
import { escapeHtml } from '../../shared/escape-html.js';
import {
  INQUIRY_PAGE_FILES,
  fillInquiryForm,
  type FieldErrors,
  type FormControl,
} from '../../shared/no-js-form-page.js';
import {
  CONTROL_TEXT_RULES,
  cleanControlValues,
  controlTextMessage,
  type ControlTextField,
} from '../../shared/text-rules.js';
import { acceptInquiry, type DayTaken, inquiryProblems } from '../accept-inquiry.js';
import { faultMessage, storeFault } from '../store/store-faults.js';
import { cookieValue } from '../cookie-value.js';
import { httpError } from '../http-error.js';
import type { Config } from '../config.js';
import type { ContentPort } from '../site/content-port.js';
import type { InquiryStore } from '../store/inquiry-store.js';
import { type Language, languageOf } from '../../shared/language.js';
import { type AnswerWords, answerEn } from '../words/answer-en.js';
import { answerEs } from '../words/answer-es.js';
import { fieldMessagesIn } from '../words/field-messages.js';
import { inquiriesPerAddress, senderOf } from './rate-limit.js';

interface FormPost {
  values: InquiryFormValues;
  website: string;
  /**
   * The signed render time of the page it came from: the form page's hidden field, or
   * the landing page's cookie (its prerendered form carries none); '' when neither.
   */
  started: string;
  body: InquiryBody;
  /** The live content when the post arrived: its services and packages judge it. */
  content: BusinessContent;
}

declare module 'fastify' {
  interface FastifyRequest {
    formPost: FormPost | null;
  }
}

/**
 * The controls' values from an urlencoded body: the first of each known name,
 * anything else ignored, and the free text cleaned (NFC, trimmed) as the form
 * does before it sends.
 */
export function parseFormBody(text: string): Omit<FormPost, 'body' | 'content'> {
  const params = new URLSearchParams(text);
  const values = {} as InquiryFormValues;
  for (const name of FORM_CONTROLS) values[name] = params.get(name) ?? '';
  return {
    values: cleanControlValues(values),
    website: params.get('website') ?? '',
    started: params.get('started') ?? '',
  };
}

/** How long a form page's render time is believed. */
const STARTED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const startedMac = (secret: string, at: number) =>
  createHmac('sha256', secret).update(`curbside form started\n${at}`).digest('base64url');

/** A form page's `started` value: when the server rendered it, signed, so a script cannot claim a time. */
export function signedStart(secret: string, at: number): string {
  return `${at}.${startedMac(secret, at)}`;
}

/**
 * The landing page's render time, for its form (prerendered and cached, it carries no
 * field of its own): a cookie sent only with the form's post, signed as the field is.
 */
export const STARTED_COOKIE = 'curbside_form_started';

export function startedCookie(secret: string, at: number, secure: boolean): string {
  const maxAge = `Max-Age=${STARTED_MAX_AGE_MS / 1000}`;
  return `${STARTED_COOKIE}=${signedStart(secret, at)}; Path=/inquiry; HttpOnly; SameSite=Strict; ${maxAge}${secure ? '; Secure' : ''}`;
}

/** When a genuine `started` value says its page was rendered (ms), if it is genuine and recent. */
export function startedAt(secret: string, value: string, now: number): number | undefined {
  const match = /^(\d{13})\.([\w-]{43})$/.exec(value);
  if (!match) return undefined;
  const at = Number(match[1]);
  const expected = Buffer.from(startedMac(secret, at));
  const given = Buffer.from(match[2]!);
  if (!timingSafeEqual(given, expected) || at > now || now - at > STARTED_MAX_AGE_MS) return undefined;
  return at;
}

const anchored = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v');

/**
 * Each control's problem, in the words a browser would use, before the schema
 * (which has the last word) sees the assembled body.
 */
export function controlErrors(values: InquiryFormValues, content: BusinessContent): FieldErrors {
  const errors: FieldErrors = {};
  const truck = values.operation === truckOperation(content);
  for (const name of FORM_CONTROLS) {
    const value = values[name];
    const required = REQUIRED_CONTROLS.has(name) || (name === 'packageChoice' && truck);
    const limit = (TEXT_LIMITS as Record<string, number>)[name];
    const textMessage = name in CONTROL_TEXT_RULES ? controlTextMessage(name as ControlTextField, value) : '';
    if (required && value.trim() === '') errors[name] = 'Please fill out this field.';
    else if (limit !== undefined && value.length > limit) errors[name] = `Please use at most ${limit} characters.`;
    else if (textMessage) errors[name] = textMessage;
  }
  const check = (name: FormControl, ok: boolean, message: string) => {
    if (!errors[name] && values[name] !== '' && !ok) errors[name] = message;
  };
  check('email', anchored(PATTERNS.email).test(values.email.trim()), 'Please enter an email address.');
  check(
    'phoneNumber',
    anchored(PATTERNS.phone).test(values.phoneNumber.trim()),
    'Please enter a phone number: 7 to 30 digits, spaces and + ( ) - . only.',
  );
  check('eventDate', anchored(PATTERNS.date).test(values.eventDate), 'Please enter a date.');
  check('startTime', anchored(PATTERNS.time).test(values.startTime), 'Please enter a time.');
  check('endTime', anchored(PATTERNS.time).test(values.endTime), 'Please enter a time.');
  const guests = Number(values.plannedGuestCount);
  check(
    'plannedGuestCount',
    /^\d+$/.test(values.plannedGuestCount) && guests >= 1 && guests <= MAX_GUESTS,
    `Please enter a whole number from 1 to ${MAX_GUESTS.toLocaleString('en-US')}.`,
  );
  check('operation', operations(content).includes(values.operation), 'Please choose a service.');
  const packageNames = truckPackages(content).map((card) => card.name);
  if (truck) check('packageChoice', packageNames.includes(values.packageChoice), 'Please choose a package.');
  return errors;
}

/** The body's field a schema or rule error names, as the control that holds it. */
const CONTROL_OF: Record<string, FormControl> = { siteAddress: 'streetAddress', package: 'packageChoice' };
const controlOf = (field: string): FormControl | undefined =>
  CONTROL_OF[field] ?? ((FORM_CONTROLS as readonly string[]).includes(field) ? (field as FormControl) : undefined);

/** A stable id, uid and body hash for what was sent (not when): the same inquiry twice is one inquiry. */
export function formInquiryKeys(secret: string, body: InquiryBody): { id: string; uid: string; bodyHash: string } {
  const { dateCreated: _date, fillMs: _fill, ...sent } = body;
  const canonical = JSON.stringify(Object.keys(sent).map((key) => sent[key as keyof typeof sent]));
  const mac = createHmac('sha256', secret).update(`curbside form inquiry\n${canonical}`).digest();
  const hex = mac.subarray(0, 16).toString('hex');
  return {
    id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`,
    uid: mac.subarray(16, 32).toString('base64url').slice(0, 22),
    bodyHash: createHash('sha256').update(canonical).digest('base64url'),
  };
}

/** The two form pages, as the live version's renderer has them (record 260). */
export interface InquiryPages {
  form: string;
  sent: string;
}

interface AnswerPages extends InquiryPages {
  labels: Partial<Record<FormControl, string>>;
  /** The words the server adds to them, in their language (record 360). */
  say: AnswerWords;
  /** The form page with these values and errors, the errors said in the pages' language. */
  fill: (values: Parameters<typeof fillInquiryForm>[1], errors: FieldErrors) => string;
}

const ANSWER_WORDS: Record<Language, AnswerWords> = { en: answerEn, es: answerEs };

/** Each language's pages with their controls' labels, worked out once per version of the pages. */
function answerPagesOf(pages: (language: Language) => InquiryPages): (language: Language) => AnswerPages {
  const last: Partial<Record<Language, AnswerPages>> = {};
  return (language) => {
    const { form, sent } = pages(language);
    const kept = last[language];
    if (kept?.form === form && kept.sent === sent) return kept;
    const labels: Partial<Record<FormControl, string>> = {};
    for (const match of form.matchAll(/<label for="inquiry-(\w+)">([^<]*)/g)) {
      labels[match[1] as FormControl] = match[2]!.trim();
    }
    const say = ANSWER_WORDS[language];
    const fill: AnswerPages['fill'] = (values, errors) =>
      fillInquiryForm(form, values, fieldMessagesIn(language, errors), labels, say.checkFields);
    last[language] = { form, sent, labels, say, fill };
    return last[language];
  };
}

/**
 * The language a form request is answered in (record 360): the one its post says (the
 * Spanish page's hidden field), else `?language=`, else the page it came from (a post the
 * server refused before reading it, a link from /es/).
 */
export function formLanguageOf(request: FastifyRequest): Language {
  const sent = request.formPost?.body.language ?? (request.query as { language?: unknown } | undefined)?.language;
  if (sent !== undefined) return languageOf(sent);
  const referer = request.headers.referer;
  if (!referer) return 'en';
  try {
    return languageOf(/^\/(\w+)\//.exec(new URL(referer).pathname)?.[1]);
  } catch {
    return 'en';
  }
}

export const inquiryFormRoutes: FastifyPluginAsync<{
  config: Config;
  store: InquiryStore;
  content: ContentPort;
  dayTaken?: DayTaken;
  /** The live version's form pages in a language; the build's files (English) when not given. */
  pages?: (language: Language) => InquiryPages;
  /** "Book now" after the send, where the content offers it (record 350). */
  bookNow?: BookNowOffer;
}> = async (app, { config, store, content: port, dayTaken, pages, bookNow }) => {
  const formFile = join(config.clientDir, INQUIRY_PAGE_FILES.form);
  const sentFile = join(config.clientDir, INQUIRY_PAGE_FILES.sent);
  if (!pages && (!existsSync(formFile) || !existsSync(sentFile))) {
    app.log.warn(`No inquiry pages in ${config.clientDir}: run "npm run build". POST /inquiry is off.`);
    return;
  }
  const built = pages ? undefined : { form: readFileSync(formFile, 'utf8'), sent: readFileSync(sentFile, 'utf8') };
  const answerPages = answerPagesOf(pages ?? (() => built!));

  app.decorateRequest('formPost', null);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    formPostParser(config.sessionSecret, port),
  );

  const formHtml = (filled: string, started?: string) => formPageHtml(config.sessionSecret, filled, started);

  answerFailuresWithTheForm(app, config.sessionSecret, answerPages);

  const limit = inquiriesPerAddress(store.rateCounts, config.limits.inquiriesPerIp);
  /**
   * When the store cannot count (it is down or hung), the create meets the same fault a
   * moment later, once the body is read: the page it answers then keeps what was typed.
   */
  const perIp = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await limit(request, reply);
    } catch (error) {
      if (!storeFault(error)) throw error;
    }
  };

  app.get<{ Querystring: { package?: string } }>('/inquiry', async (request, reply) => {
    const chosen = typeof request.query.package === 'string' ? request.query.package : '';
    const content = port.current().content;
    const offered = truckPackages(content).some((card) => card.name === chosen);
    const values = offered ? { operation: truckOperation(content), packageChoice: chosen } : {};
    return html(reply, 200, formHtml(answerPages(formLanguageOf(request)).fill(values, {})));
  });

  app.post(
    '/inquiry',
    { onRequest: [perIp, sameSite], schema: { body: inquiryBodySchema }, attachValidation: true },
    async (request, reply) => {
      const post = request.formPost;
      if (!post) {
        throw httpError(415, 'Send the form as application/x-www-form-urlencoded.');
      }
      const errors = postErrors(post, request.validationError?.validation);
      const { sent: sentPage, fill, say } = answerPages(formLanguageOf(request));
      if (Object.keys(errors).length > 0) {
        const filled = fill({ ...post.values, website: post.website }, errors);
        return html(reply, 400, formHtml(filled, post.started));
      }
      const keys = formInquiryKeys(config.sessionSecret, post.body);
      const result = await acceptInquiry(
        store,
        // How long since the server rendered the page it came from (record 084).
        {
          ...keys,
          body: post.body,
          fillMs: fillSince(startedAt(config.sessionSecret, post.started, Date.now())),
          sender: senderOf(config.sessionSecret, request),
        },
        {
          minFillMs: config.minFillMs,
          content: post.content,
          onCreated: (spamReason) => app.metrics.inquiryCreated(spamReason),
          ...(dayTaken ? { dayTaken } : {}),
        },
      );
      if (result.status === 'taken') {
        // The day is unavailable: the form again, every value kept, the message beside Event date.
        const control = controlOf('eventDate')!;
        const filled = fill({ ...post.values, website: post.website }, { [control]: result.fields.eventDate });
        return html(reply, 409, formHtml(filled, post.started));
      }
      if (result.status === 'invalid' || result.status === 'conflict') {
        throw httpError(409, answerEn.notStored);
      }
      const offer = bookNow?.(keys.id, post.body);
      return html(reply, 200, withEstimate(sentPage, result, offer ? { path: offer, label: say.bookNow } : undefined));
    },
  );
};

const html = (reply: FastifyReply, status: number, page: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

/**
 * The form page, carrying when the server first rendered it (kept through its
 * re-renders with errors): the spam timing of a post without JavaScript (record 082).
 */
function formPageHtml(secret: string, filled: string, started?: string): string {
  const now = Date.now();
  const kept = started && startedAt(secret, started, now) !== undefined ? started : undefined;
  const field = `<input type="hidden" name="started" value="${kept ?? signedStart(secret, now)}">`;
  return filled.replace(/<form\b[^>]*>/, (tag) => `${tag}${field}`);
}

/** A failure before the handler (too many posts, a body too large) is a page too, with the form kept when it can be. */
function answerFailuresWithTheForm(
  app: FastifyInstance,
  secret: string,
  answerPages: (language: Language) => AnswerPages,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A full disk or a database down or hung: 503 with Retry-After (record 150), the form kept.
    const fault = app.storeFaultOf(error, request, reply);
    const status = fault
      ? 503
      : error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500)
      request.log.error({ err: { type: error.name, code: error.code, message: error.message } }, 'form post failed');
    const { say, fill } = answerPages(formLanguageOf(request));
    const message = errorMessage(say, error, status, fault ? faultMessage(fault) : undefined, reply);
    const notice = `<div class="form-error-summary" role="alert"><h2>${escapeHtml(say.notSent)}</h2><p>${escapeHtml(message)}</p></div>`;
    const values = request.formPost?.values ?? {};
    const page = formPageHtml(secret, fill(values, {}), request.formPost?.started);
    return html(reply, status, page.replace(/<form\s/, `${notice}$&`));
  });
}

/**
 * The form post's parser: its values, the honeypot and when its page was rendered, kept
 * on the request for the page it answers; and the body the JSON API would get, so the
 * same schema judges it.
 */
function formPostParser(secret: string, port: ContentPort): FastifyBodyParser<string> {
  return (request, text, done) => {
    const { values, website, started } = parseFormBody(text);
    // The body the JSON API would get, so the same schema judges it (its fillMs is never believed).
    const content = port.current().content;
    const body = toInquiryBody(values, { now: new Date(), website, fillMs: 0 });
    // The package goes with the live content's truck operation (the shared builder knows the build's).
    body.package = values.operation === truckOperation(content) ? (values.packageChoice ?? '') : '';
    // The Spanish page's form says its language (record 300); the schema judges it as the API's.
    const language = new URLSearchParams(text).get('language');
    if (language) body.language = language as InquiryBody['language'];
    const genuine = (value: string | undefined) =>
      value !== undefined && startedAt(secret, value, Date.now()) !== undefined;
    const cookie = cookieValue(request.headers.cookie, STARTED_COOKIE);
    request.formPost = {
      values,
      website,
      started: genuine(started) ? started : genuine(cookie) ? cookie! : '',
      body,
      content,
    };
    done(null, body);
  };
}

/** Only from our own pages: a browser says where a form post comes from. */
async function sameSite(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    throw httpError(403, answerEn.fromOurPage);
  }
}

/**
 * What is wrong with a post, by the control that holds each field: the form's own
 * checks, then the schema's and the rules' (the API's own: shared text rules, schedule,
 * package), which have the last word. Every error at once: the rules read plain
 * strings, so they run on a body the schema refused too.
 */
function postErrors(post: FormPost, validation: FastifyError['validation']): Partial<Record<FormControl, string>> {
  const errors = controlErrors(post.values, post.content);
  for (const issue of validation ?? []) {
    const params = issue.params as Record<string, unknown>;
    const field = (params.missingProperty as string | undefined) ?? issue.instancePath.replace(/^\//, '');
    const control = controlOf(field);
    if (control && !errors[control]) errors[control] = 'Please check this field.';
    if (!control && field !== 'website') errors.notes ??= `Please check the form (${field}).`;
  }
  for (const [field, message] of Object.entries(inquiryProblems(post.body, post.content))) {
    const control = controlOf(field);
    if (control && !errors[control]) errors[control] = message;
  }
  return errors;
}

/**
 * What the page says went wrong, in its language: the store's fault, our own failure, or
 * the refusal's own message (English) or its Spanish (record 360).
 */
function errorMessage(
  say: AnswerWords,
  error: FastifyError,
  status: number,
  fault: string | undefined,
  reply: FastifyReply,
): string {
  const seconds = String(reply.getHeader('retry-after') ?? '');
  if (status === 500) return say.somethingWrong;
  if (say === answerEn) return fault ?? error.message;
  if (fault) return say.unavailable({ seconds });
  if (status === 429) return say.tooMany({ seconds });
  if (error.message === answerEn.fromOurPage) return say.fromOurPage;
  if (error.message === answerEn.notStored) return say.notStored;
  return say.notAccepted;
}

/** The thank-you page with the estimate, if the inquiry has one, under its first line (record 141). */
function withEstimate(
  page: string,
  words: { estimate?: string | undefined; estimateNote?: string | undefined },
  bookNow?: { path: string; label: string },
): string {
  if (!words.estimate) return page;
  // "Book now" (record 350): a plain form, as the page with JavaScript shows it, in the page's language (record 420).
  const book = bookNow
    ? `<form method="post" action="${escapeHtml(bookNow.path)}"><button class="button" type="submit">${escapeHtml(bookNow.label)}</button></form>`
    : '';
  const estimate = `<p class="inquiry-estimate"><strong>${escapeHtml(words.estimate)}</strong><br>${escapeHtml(words.estimateNote ?? '')}</p>${book}`;
  return page.replace(/<p role="status">[^<]*<\/p>/, (status) => `${status}${estimate}`);
}

/** No render time the server signed (a script that never loaded a page, or forged one): as fast as can be. */
const fillSince = (startedAtMs: number | undefined) => (startedAtMs === undefined ? 0 : Date.now() - startedAtMs);

// The HTTP application: security headers, one error handler, the API routes and
// the built site. buildApp never listens, so tests drive it in-process.
import { availabilityRoutes, dayTakenOn } from './calendar/availability-routes.js';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { content as contentFile } from '../../content/index.js';
import type { BusinessContent } from '../../content/schema.js';
import { MAX_BODY_BYTES } from '../shared/inquiry.js';
import { type Language, languagePath } from '../shared/language.js';
import type { Config, TrustProxy } from './config.js';
import { BodyError, parseJsonBody } from './json-body.js';
import { browserLanguage } from './words/browser-language.js';
import { CATALOGS } from './words/words.js';
import { actionLinkKey } from './action-links/action-link.js';
import { actionLinkRoutes } from './action-links/action-link-routes.js';
import { actionLinkSigner } from './action-links/action-link-services.js';
import type { Channel, SaleServices } from './notify/channels/channel.js';
import { CHANNELS } from './notify/channels/index.js';
import { pushServices } from './notify/channels/push.js';
import { acceptanceKey } from './quotes/acceptance-digest.js';
import { quoteLinkKey, quotePath } from './quotes/quote-link.js';
import { quotePageRoutes } from './quotes/quote-page-routes.js';
import { deposits } from './payments/deposits.js';
import { paymentRoutes } from './payments/payment-routes.js';
import { openProviders, paymentsAtStart } from './payments/providers/index.js';
import { type Clock, systemClock } from './clock.js';
import { eventServices } from './event-plan/event-services.js';
import { paymentsRead } from './event-plan/payments.js';
import { saleFiguresOf } from './event-plan/sale-figures.js';
import { REMINDER_RULES } from './reminders/index.js';
import type { ReminderRule } from './reminders/reminder-rule.js';
import { createReminderSweeper, type ReminderSweeper } from './reminders/sweeper.js';
import { createPreorderSweeper, type PreorderSweeper } from './preorders/preorder-sweeper.js';
import { orderPageRoutes } from './preorders/order-page-routes.js';
import { mailAddress } from './notify/notify-config.js';
import { createNotifier, type Notifier, type OwnerRecipients } from './notify/notifier.js';
import { HSTS, inlineStyleHashes, securityHeaders, securityHeadersFor } from './security-headers.js';
import { loggedUrl } from './logged-url.js';
import { inquiryFormRoutes, startedCookie } from './routes/form-post.js';
import { inquiryRoutes } from './routes/inquiry-routes.js';
import { instantBooking } from './instant/instant-routes.js';
import { sessionRoutes } from './routes/session-routes.js';
import { siteRoutes } from './routes/site.js';
import { setUpMetrics } from './metrics.js';
import { ownerArea } from './owner/owner-scope.js';
import { openPhotoLibrary, type PhotoLibrary } from './photos/photo-library.js';
import { photoFileRoutes } from './photos/photo-routes.js';
import { healthRoutes } from './routes/health.js';
import { publishSchedule } from './schedule/published-schedule.js';
import { pageRoutes } from './schedule/page-routes.js';
import { siteFileRoutes } from './site/site-file-routes.js';
import { builtSiteImages, siteImagesFor } from './site/site-images.js';
import { inquiryPagesIn, loadPageKit, type SiteRenderer, ssrDirOf, startSiteRenderer } from './site/site-renderer.js';
import { type StoreContentPort, storeContentPort } from './site/store-content-port.js';
import type { InquiryStore } from './store/inquiry-store.js';
import { openOwnerStore } from './store/open-owner-store.js';
import type { AccountStore } from './store/account-store.js';
import type { OwnerStore } from './store/owner-store.js';
import {
  createStoreHealth,
  FAULT_TEXT,
  faultMessage,
  RETRY_AFTER_S,
  type StoreFault,
  type StoreHealth,
  storeFault,
} from './store/store-faults.js';
import { throttledLog } from './log-throttle.js';
import { publicOriginOf } from './same-origin.js';
import { answerWithin, NO_ANSWER_IN_TIME } from './answer-deadline.js';

/** The owner accounts that receive e-mail about new inquiries (each may switch it off in the inbox). */
async function notifiedOwners(owners: AccountStore): Promise<string[]> {
  return (await owners.listOwners()).filter((owner) => owner.notifyByEmail).map((owner) => owner.email);
}

export interface ApiError {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

const ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * How long a client may take (decision record 019): a slow or idle client
 * cannot hold a connection open, nor a shutdown (see shutdown.ts).
 */
export const TIMEOUTS = {
  /** The whole request, headers and body (16 KiB at most), must arrive within this; else 408. */
  requestMs: 15_000,
  /** The headers must arrive within this, on a new connection too. */
  headersMs: 10_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: 10_000,
  /** A connection with no traffic either way (a client that stopped reading) is closed after this. */
  idleSocketMs: 30_000,
  /** How often Node looks for requests past their time (its default, 30 s, would let them run 45 s). */
  checkEveryMs: 1_000,
  /**
   * A request not answered within this gets 503 with Retry-After (record 150): whatever it
   * waits for (a hung database), the client hears within 5 s and may send it again. The
   * time its body takes to arrive is not counted (answer-deadline.ts).
   */
  handlerMs: 4_500,
};

export interface BuildOptions {
  /** Where the logs go (default stdout); tests pass a stream to read them. */
  logStream?: { write(line: string): void };
  /** Who receives the owner's e-mail about a new inquiry, asked at send time. Default: the owner accounts with e-mail notifications on. */
  ownerRecipients?: OwnerRecipients;
  /** The notification channels (default: every one in notify/channels/); a test adds one of its own. */
  channels?: readonly Channel[];
  /** Retry delays of the notification worker (tests shorten them). */
  notifyRetryDelaysMs?: readonly number[];
  /** The owner's store (accounts, sessions, inbox); opened on the same database as `store` when not given. Closed with the app. */
  ownerStore?: OwnerStore;
  /** Shorter timeouts, for tests. */
  timeouts?: Partial<typeof TIMEOUTS>;
  /** How often the landing page looks for schedule changes made elsewhere (tests shorten it). */
  scheduleLookEveryMs?: number;
  /** The server's clock: a test moves it days ahead (only code passes it; record 143). */
  clock?: Clock;
  /** The reminder rules (default: every one in reminders/); a test gives its own. */
  reminderRules?: readonly ReminderRule[];
  /** The site's version 1 (default: the content file, content/index.ts); a test gives its own. */
  fileContent?: BusinessContent;
  /** How often this instance looks for a version published on another (default 1 s; record 251). */
  contentLookEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification outbox's worker: resend, test e-mail, status. */
    notifier: Notifier;
    /**
     * The store fault `error` is (a full disk, a database down or hung), noted for
     * readiness and logged once in a while, with Retry-After set; undefined for anything
     * else (record 150). For error handlers of their own (the form post's page).
     */
    storeFaultOf(error: FastifyError, request: FastifyRequest, reply: FastifyReply): StoreFault | undefined;
    /** The sale's reminders: a test sweeps now, after moving the clock. */
    reminders: ReminderSweeper;
    /** The server's clock (ms): the system's, or a test's. */
    clock: Clock;
    /**
     * The site's published content, as this instance serves it now (record 251). Route
     * plugins take it as their `content` option; this is for tests and the few hooks
     * outside a plugin.
     */
    content: StoreContentPort;
    /**
     * The public site rendered from the live content (record 260): its renderPage() draws
     * the owner's Preview of a draft, or a language's page. Undefined without a build.
     */
    siteRenderer: SiteRenderer | undefined;
    /** The pre-orders' sweep (ended holds, refunds owed): a test sweeps now, after moving the clock. */
    preorderSweeper: PreorderSweeper;
  }
}

export async function buildApp(
  config: Config,
  store: InquiryStore,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const app = Fastify(fastifyOptions(config, timeouts, options.logStream));
  const followPageStyles = headersAndJsonBodies(app, config);

  answerWithin(app, timeouts.handlerMs);
  const storeHealth = createStoreHealth();
  answerErrors(app, storeHealth);

  const owners =
    options.ownerStore ?? (await openOwnerStore(config, (fields, message) => app.log.error(fields, message)));
  // The site's content (record 251): the store's live version, kept in memory, handed to
  // every part that reads content as its `content` option (a ContentPort); each asks
  // `content.current().content` when it needs it, so a publish reaches it.
  const content = storeContentPort({
    store: owners.siteContent,
    fileContent: options.fileContent ?? contentFile,
    ...(options.contentLookEveryMs ? { lookEveryMs: options.contentLookEveryMs } : {}),
    onError: (error) =>
      app.log.warn({ err: loggableError(error as FastifyError) }, 'site: could not look for a newer version'),
  });
  await content.refresh();
  app.decorate('content', content);
  app.addHook('onReady', async () => content.start());
  app.addHook('preClose', async () => content.stop());
  const channels = options.channels ?? CHANNELS;
  const push = pushServices(
    owners.devices,
    config.notify,
    mailAddress(config.notify.mailFrom) ?? config.notify.mailFrom,
  );
  const quoteKey = quoteLinkKey(config.sessionSecret);
  const payments = paymentsRead(owners.payments);
  const actionKey = actionLinkKey(config.sessionSecret);
  const clock = options.clock ?? systemClock;
  const sale: SaleServices = {
    quote: (id: string) => owners.quotes.get(id),
    quoteUrl: (quoteId: string) => `${config.notify.publicUrl}${quotePath(quoteKey, quoteId)}`,
    async progress(inquiryId) {
      const found = await owners.inbox.getInquiry(inquiryId);
      if (!found) return undefined;
      const answered = found.history.some((entry) => entry.kind !== 'received' && entry.by !== null);
      return { status: found.inquiry.status, answered };
    },
    actionLinks: actionLinkSigner({ key: actionKey, publicUrl: config.notify.publicUrl, clock, accounts: owners }),
    payment: (id: string) => owners.payments.get(id),
    figures: (inquiry) => saleFiguresOf(owners, inquiry, content.current().content),
    event: eventServices(
      owners,
      payments,
      config.notify.publicUrl,
      clock,
      acceptanceKey(config.sessionSecret),
      content,
    ),
  };
  const notifier = createNotifier({
    push,
    sale,
    orders: { order: (id) => owners.preorders.get(id) },
    content,
    channels,
    outbox: store.outbox,
    config: config.notify,
    ownerRecipients: options.ownerRecipients ?? (() => notifiedOwners(owners)),
    log: {
      info: (message) => app.log.info(message),
      warn: (message) => app.log.warn(message),
      error: (object, message) => app.log.error(object, message),
    },
    ...(options.notifyRetryDelaysMs ? { retryDelaysMs: options.notifyRetryDelaysMs } : {}),
    onSent: (kind, delayMs) => app.metrics.notificationSent(kind, delayMs),
  });
  // Each created inquiry's deliveries are written in its transaction; the worker is kicked after the commit.
  store.outbox.configure({
    plan: notifier.plan,
    owes: notifier.owes,
    idSecret: config.sessionSecret,
    onQueued: (count) => notifier.kick(count),
  });
  app.decorate('notifier', notifier);
  app.decorate('clock', clock);
  const reminders = createReminderSweeper({
    owners,
    content,
    rules: options.reminderRules ?? REMINDER_RULES,
    clock,
    followUp: config.followUp,
    onQueued: (count) => notifier.kick(count),
    onError: (error, event) =>
      app.log.error({ err: loggableError(error as FastifyError) }, `reminders: the ${event} sweep failed`),
  });
  app.decorate('reminders', reminders);
  app.addHook('onReady', async () => reminders.start());
  app.addHook('preClose', async () => reminders.stop());
  app.addHook('onReady', () => notifier.start());
  // A fresh store has no owner, and /inbox then turns every sign-in away: say how to add one.
  app.addHook('onReady', async () => {
    if ((await owners.listOwners()).length > 0) return;
    app.log.warn(
      `No owner account yet: add one with "npm run owner -- add you@example.com" (on a server, as in docs/deploy.md), then sign in at ${new URL('/inbox', config.notify.publicUrl).href}`,
    );
  });
  // Sends in flight are aborted and their claims let go as closing begins, beside the
  // requests' grace period, so the stores close well within the shutdown's bound.
  app.addHook('preClose', () => notifier.stop());
  app.addHook('onClose', async () => {
    await notifier.stop();
    await owners.close();
    await store.close();
  });
  // The owner's uploaded photos: drawn by the page from memory, served from the store (record 270).
  const photos = await openPhotoLibrary(owners.photos);
  const renderer = await siteRendererFor(app, config, content, photos, followPageStyles);
  // The landing page with the truck's next stops filled in, and /schedule.ics (record 111).
  const published = await publishSchedule({
    clientDir: config.clientDir,
    ...(renderer ? { template: () => renderer.current().page } : {}),
    schedule: owners.schedule,
    content,
    preorders: owners.preorders,
    ...(options.scheduleLookEveryMs ? { lookEveryMs: options.scheduleLookEveryMs } : {}),
    onError: (error) =>
      app.log.warn({ err: loggableError(error as FastifyError) }, 'schedule: could not read the stops'),
  });
  app.addHook('onClose', async () => published.stop());
  renderer?.onChange(() => published.refresh());
  const publishedEs =
    renderer &&
    (await publishSchedule({
      clientDir: config.clientDir,
      template: () => renderer.current().languagePages.es ?? '',
      language: 'es', // The Spanish page (/es/, record 300) when the content lists it: its stops filled in, in Spanish.
      schedule: owners.schedule,
      content,
      preorders: owners.preorders,
      onError: (error) =>
        app.log.warn({ err: loggableError(error as FastifyError) }, 'schedule: could not read the stops'),
    }));
  if (publishedEs) {
    app.addHook('onClose', async () => publishedEs.stop());
    renderer?.onChange(() => publishedEs.refresh());
  }
  setUpMetrics(app, config.metricsToken, () => notifier);
  await app.register(healthRoutes, { store, notifier, storeHealth });
  await app.register(sessionRoutes, { config, counts: store.rateCounts });
  // The payment providers set up: the first takes "Pay deposit" and "Pay now"; each takes its events (record 145).
  const providers = openProviders(config.payments);
  const preorderSweeper = createPreorderSweeper({
    owners,
    providers,
    clock,
    onRefunded: (order) => app.log.info({ order: order.id }, 'pre-order refunded'),
    onError: (error) => app.log.error({ err: loggableError(error as FastifyError) }, 'pre-orders: the sweep failed'),
  });
  app.decorate('preorderSweeper', preorderSweeper);
  app.addHook('onReady', async () => preorderSweeper.start());
  app.addHook('preClose', async () => preorderSweeper.stop());
  await app.register(photoFileRoutes, { store: owners.photos });
  await app.register(ownerArea, {
    config,
    owners,
    store,
    notifier,
    push,
    onScheduleChanged: () => published.refresh(),
    quoteUrl: sale.quoteUrl,
    clock,
    payments,
    content,
    preorderSweep: () => preorderSweeper.sweep(),
    photos,
  });
  app.addHook('onReady', async () => app.log.info(paymentsAtStart(config.payments, config.notify.publicUrl)));
  await app.register(quotePageRoutes, {
    owners,
    notifier,
    quoteKey,
    digestKey: acceptanceKey(config.sessionSecret),
    clock,
    publicUrl: config.notify.publicUrl,
    counts: store.rateCounts,
    perLink: config.limits.quotePostsPerLink,
    deposits: providers[0] && deposits(owners, providers[0], content),
    publicOrigin: publicOriginOf(config.notify),
    content,
  });
  await app.register(paymentRoutes, {
    owners,
    content,
    providers,
    notifier,
    onOrderPaid(outcome, order) {
      if (outcome === 'late-refund' || outcome === 'mismatch' || outcome === 'late-honoured') {
        // Kept, never lost: honoured, or refunded now (and at each sweep until the provider answers).
        app.log.warn({ order: order?.id, outcome }, 'pre-order: paid after its hold ended or other than asked');
        void preorderSweeper.sweep().catch(() => undefined);
      }
    },
  });
  await app.register(orderPageRoutes, {
    owners,
    clock,
    provider: providers[0],
    publicUrl: config.notify.publicUrl,
    publicOrigin: publicOriginOf(config.notify),
    counts: store.rateCounts,
    config,
    content,
  });
  await app.register(actionLinkRoutes, {
    owners,
    key: actionKey,
    clock,
    publicOrigin: publicOriginOf(config.notify),
    content,
  });
  await app.register(availabilityRoutes, { calendar: owners.calendar, content, clock });
  const dayTaken = dayTakenOn(owners.calendar, content, clock, (error) =>
    app.log.warn({ err: loggableError(error as FastifyError) }, 'calendar: could not tell if a day is taken'),
  );
  // "Book now" after a send where the content offers it (record 350).
  const bookNow = await instantBooking(app, { owners, notifier, quoteKey, clock, content, config, providers });
  const sending = { config, store, content, dayTaken, bookNow };
  await app.register(inquiryRoutes, sending);
  await app.register(inquiryFormRoutes, {
    ...sending,
    ...(renderer ? { pages: (language: Language) => inquiryPagesIn(renderer.current(), language) } : {}),
  });
  const httpsSite = config.notify.publicUrl.startsWith('https:');
  await app.register(pageRoutes, {
    published,
    ...(publishedEs ? { languagePages: { es: publishedEs } } : {}),
    formStartCookie: (request) =>
      startedCookie(config.sessionSecret, Date.now(), httpsSite || request.protocol === 'https'),
  });
  if (renderer) await app.register(siteFileRoutes, { renderer });
  await app.register(siteRoutes, { clientDir: config.clientDir });
  return app;
}

/**
 * The public site, rendered from the live content once per version and again on each
 * publish (record 260); undefined without a build of the site (tests that write their own
 * pages: those are served as they are). `photos` draws the owner's uploaded photos.
 */
async function siteRendererFor(
  app: FastifyInstance,
  config: Config,
  port: StoreContentPort,
  photos: PhotoLibrary,
  followPageStyles: (hashes: string[]) => void,
): Promise<SiteRenderer | undefined> {
  const kit = await loadPageKit(ssrDirOf(config.clientDir));
  const renderer =
    kit &&
    (await startSiteRenderer({
      kit,
      port,
      resolvePicture: photos.resolve,
      prepare: (content) => photos.learnFor(content),
      siteImages: siteImagesFor(builtSiteImages(config.clientDir, kit.siteImages), (error) =>
        app.log.error(
          { err: loggableError(error as FastifyError) },
          "site: the icons and link preview card could not be drawn; the build's are served",
        ),
      ),
      earlier: port.earlier,
      onError: (error, version, served) =>
        app.log.error(
          { err: loggableError(error as FastifyError) },
          `site: version ${version} could not be rendered; version ${served} is served instead (publish or restore a version that can be drawn)`,
        ),
    }));
  app.decorate('siteRenderer', renderer);
  if (renderer) {
    app.addHook('onClose', async () => renderer.stop());
    followPageStyles(renderer.current().styleHashes);
    renderer.onChange((site) => followPageStyles(site.styleHashes));
  }
  return renderer;
}

/**
 * A request Node refused before Fastify saw it (too slow, headers too large, not
 * HTTP): our JSON error shape, not cached, and nothing of the request logged
 * (a parser error carries the raw bytes).
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ApiError] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { error: 'request_timeout', message: 'The request took too long to arrive. Please send it again.' }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { error: 'headers_too_large', message: 'The request headers are too large.' }]
        : [400, { error: 'bad_request', message: 'The request is not valid HTTP.' }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/** Fastify's settings: the timeouts, logs without personal data, strict bodies (record 019). */
function fastifyOptions(config: Config, timeouts: typeof TIMEOUTS, logStream: BuildOptions['logStream']) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Method and path only: no IP addresses, headers or bodies (personal data) in the logs.
      // The path without its query, and no secret link's token (logged-url.ts).
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: loggedUrl(req.url) }),
      },
    },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    clientErrorHandler,
    // A line per request is the reverse proxy's job (and costs a tenth of a create's
    // CPU); ours logs start, stop and errors, and requests too at LOG_LEVEL=debug.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    // Strict: no type coercion, unknown keys rejected rather than dropped.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: true } },
  };
}

/**
 * Every answer's security headers, and JSON as the only body a request may have. Gives the
 * setter of the live version's own inline styles (its brand colours: record 470), which the
 * CSP allows with the build's; those of the version before stay allowed, for a page read
 * just before a publish.
 */
function headersAndJsonBodies(app: FastifyInstance, config: Config): (hashes: string[]) => void {
  // Only JSON bodies, parsed by our parser below: anything else (text/plain included) is a 415.
  app.removeAllContentTypeParsers();

  const built = inlineStyleHashes(config.clientDir);
  let live: string[] = [];
  let headersFor = securityHeadersFor(securityHeaders(built));
  const followPageStyles = (hashes: string[]) => {
    const before = live;
    live = hashes;
    headersFor = securityHeadersFor(securityHeaders([...new Set([...built, ...before, ...hashes])]));
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headersFor(request.url));
    // API answers (a session token among them) are never kept by a browser or a proxy cache.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  return followPageStyles;
}

/** A store fault's 503, our JSON error shape for everything else, and the 404s (API and page). */
function answerErrors(app: FastifyInstance, storeHealth: StoreHealth): void {
  // One line per kind of fault every few seconds, not a stack per request (record 150).
  const faultLog = throttledLog(5_000);
  app.decorate('storeFaultOf', (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const fault =
      storeFault(error) ??
      (error.code === NO_ANSWER_IN_TIME ? { kind: 'unanswered' as const, code: NO_ANSWER_IN_TIME } : undefined);
    if (!fault) return undefined;
    storeHealth.fault(fault);
    faultLog(`${fault.kind}:${fault.code}`, (held) =>
      request.log.error(
        { code: fault.code, ...(held > 0 ? { alsoSince: held } : {}) },
        `request refused with 503: ${FAULT_TEXT[fault.kind]}`,
      ),
    );
    reply.header('retry-after', String(RETRY_AFTER_S[fault.kind]));
    return fault;
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fault = app.storeFaultOf(error, request, reply);
    if (fault) return reply.status(503).send({ error: 'unavailable', message: faultMessage(fault) } satisfies ApiError);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return reply
        .status(500)
        .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' } satisfies ApiError);
    }
    const body: ApiError = { error: ERROR_CODES[status] ?? 'bad_request', message: error.message };
    if (error instanceof BodyError && error.fields) body.fields = error.fields;
    if (error.validation) {
      body.error = 'invalid_body';
      body.fields = validationFields(error.validation);
      body.message = `Please check: ${Object.keys(body.fields).join(', ')}.`;
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({
        error: 'not_found',
        message: `No API route ${request.method} ${request.url.split('?')[0]}.`,
      } satisfies ApiError);
    }
    return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage(request));
  });
}

/**
 * TRUST_PROXY as Fastify takes it. Hops become a function of the hop index
 * (the socket's peer is hop 0): Fastify's own number form trusts no peer at all.
 * The client address is then the first one, from the right, not vouched for by
 * a trusted proxy: never the leftmost X-Forwarded-For entry, which the client writes.
 */
function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/**
 * What of a failure goes to the log: its kind, code, message and stack, not its
 * other properties, since a database error's `detail` can quote the row's
 * values (personal data).
 */
function loggableError(error: FastifyError): Record<string, unknown> {
  return { type: error.name, code: error.code, message: error.message, stack: error.stack };
}

const SAFE_KEY = /^[A-Za-z_$][A-Za-z0-9_$]{0,39}$/;

/** Turns Ajv's errors into `{ field: message }`, naming the field in each message. */
function validationFields(errors: NonNullable<FastifyError['validation']>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const field =
      (params.additionalProperty as string | undefined) ??
      (params.missingProperty as string | undefined) ??
      (error.instancePath.replace(/^\//, '') || 'body');
    if (params.additionalProperty && !SAFE_KEY.test(field)) {
      // Named back only when it looks like a field name: an answer never quotes the body.
      fields.body ??= 'The body holds a key that is not an accepted field.';
      continue;
    }
    if (fields[field]) continue;
    if (params.additionalProperty) fields[field] = `${field} is not an accepted field.`;
    else if (params.missingProperty) fields[field] = `${field} is required.`;
    else fields[field] = `${field} ${error.message ?? 'is invalid'}.`;
  }
  return fields;
}

/** An address that leads to no page: in Spanish under /es/, else in the language the browser prefers (record 460). */
function notFoundPage(request: FastifyRequest): string {
  const language = request.url.startsWith('/es/') ? 'es' : browserLanguage(request);
  const say = CATALOGS[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${say.pageNotFound}</title></head><body><main><h1>${say.pageNotFound}</h1><p><a href="${languagePath(language)}">${say.backHome}</a></p></main></body></html>`;
}

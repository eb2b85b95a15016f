// Signing in (the inbox's API and its no-script form) and the inbox page itself: the
// part of the owner's area that answers without a session (owner-scope.ts applies
// no-store, noindex and the Origin rule here too).
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../shared/escape-html.js';
import { MAX_PASSWORD_LENGTH } from '../../shared/inbox-views.js';
import { httpError } from '../http-error.js';
import { clientKeyOf, createLimiter } from '../routes/rate-limit.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { normalizeEmail, type Owner } from '../store/account-store.js';
import { isSecure, SESSION_MAX_MS, sessionOf } from './owner-session.js';
import { dummyHash, verifyPassword } from './password.js';
import { deviceCookie, deviceOf, deviceToken, readDeviceCookie, signInGuard } from './sign-in-guard.js';
import { newToken, sessionCookie, tokenHash } from './session-cookie.js';
import { OWNER_API } from '../../shared/owner-api.js';

/**
 * The inbox address a sign-in returns to: a path under /inbox on this site with a plain
 * query (the inquiry an e-mail linked, a filtered list), else /inbox. Never anything a
 * browser could read as another site (`//host`, `/\\host`, a scheme) or a path out of
 * the inbox: an open redirect would lend the site's name to a phishing link.
 */
export function returnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/inbox';
  const match = /^\/inbox(?:\/[A-Za-z0-9-]+)*\/?(\?[A-Za-z0-9._~%=&+-]*)?$/.exec(value);
  if (!match) return '/inbox';
  const params = new URLSearchParams(match[1] ?? '');
  // The outcome of this sign-in is added afresh.
  params.delete('signin');
  params.delete('retry');
  const query = params.toString();
  return `${value.split('?')[0]}${query ? `?${query}` : ''}`;
}

export const signInRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'config' | 'owners' | 'store'>> = async (
  app,
  { config, owners, store },
) => {
  void dummyHash(); // computed once, before the first sign-in needs it

  const perIp = createLimiter(
    store.rateCounts,
    'owner-sign-ins-per-address',
    config.limits.ownerSignInsPerIp,
    'sign-ins from this address',
    clientKeyOf,
  );
  const guard = signInGuard(store.rateCounts, config.limits.ownerSignInsPerAccount);
  const ACCOUNT_LIMITED = (seconds: number) =>
    `Too many sign-in attempts for this account. Please try again in ${seconds} seconds.`;

  app.post<{ Body: { email: string; password: string } }>(
    OWNER_API.session,
    {
      onRequest: perIp,
      schema: { body: SIGN_IN_BODY },
    },
    async (request, reply) => {
      const result = await signIn(request, reply, request.body.email, request.body.password);
      if (result.waitSeconds !== undefined) {
        reply.header('retry-after', String(result.waitSeconds));
        throw httpError(429, ACCOUNT_LIMITED(result.waitSeconds));
      }
      if (!result.owner) throw httpError(401, 'Wrong email or password.');
      return { email: result.owner.email };
    },
  );

  /**
   * Checks the password (an unknown e-mail costs the same work) and, if right, starts a
   * session and renews the browser's device cookie; a wrong one counts against the
   * account (and the device). A browser that never signed in waits once the account
   * has had too many failures; one that did is held only by its own (sign-in-guard.ts).
   */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    password: string,
  ): Promise<{ owner?: Owner; waitSeconds?: number }> {
    const account = normalizeEmail(email);
    const secure = isSecure(request);
    const owner = await owners.findOwnerByEmail(email);
    // A cookie from before the account's last "Sign out other devices" or new password is a stranger's.
    const generation = owner?.deviceGeneration ?? 0;
    const device = deviceOf(
      config.sessionSecret,
      readDeviceCookie(request.headers.cookie, secure),
      account,
      generation,
    );
    const waitSeconds = await guard.waitSeconds(account, device);
    if (waitSeconds !== undefined) return { waitSeconds };
    const matches = await verifyPassword(owner?.passwordHash ?? (await dummyHash()), password);
    if (!owner || !matches) {
      await guard.failed(account, device);
      return {};
    }
    const token = newToken();
    const now = new Date();
    await owners.createSession({
      tokenHash: tokenHash(token),
      ownerId: owner.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
    });
    reply.header('set-cookie', sessionCookie(token, secure, SESSION_MAX_MS / 1000));
    reply.header('set-cookie', deviceCookie(deviceToken(config.sessionSecret, account, generation), secure));
    return { owner };
  }

  await app.register(signInForm(perIp, signIn));

  serveInboxPage(app, config.clientDir, owners);
};

/** The sign-in's body: both fields, nothing else, within their lengths. */
const SIGN_IN_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
  },
} as const;

type SignIn = (
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  password: string,
) => Promise<{ owner?: Owner; waitSeconds?: number }>;

// The inbox's own sign-in form: a plain form post answered 303 See Other, to the
// inbox when signed in, else back with a code the page turns into its message
// (codes, not text, so a link cannot make the page say anything else). A browser
// logs every 4xx answer to a script as an error; a redirect is none. The same
// Origin rule and limits apply; form bodies are accepted on this route only.
function signInForm(perIp: ReturnType<typeof createLimiter>, signIn: SignIn): FastifyPluginAsync {
  return async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    form.post('/inbox/sign-in', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const email = typeof body.email === 'string' ? body.email.slice(0, 254) : '';
      const password = typeof body.password === 'string' ? body.password.slice(0, MAX_PASSWORD_LENGTH) : '';
      // Where the browser was when it signed in (the inquiry an e-mail linked): an inbox path only.
      const next = returnPath(body.next);
      const back = (code: string, retry?: number) =>
        reply.redirect(
          `${next}${next.includes('?') ? '&' : '?'}signin=${code}${retry === undefined ? '' : `&retry=${retry}`}`,
          303,
        );
      if (!email || !password) return back('missing');
      try {
        await perIp(request, reply);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 429) throw error;
        reply.removeHeader('retry-after');
        return back('limited-address', Number(/in (\d+) seconds/.exec((error as Error).message)?.[1] ?? 60));
      }
      const result = await signIn(request, reply, email, password);
      if (result.waitSeconds !== undefined) return back('limited-account', result.waitSeconds);
      return result.owner ? reply.redirect(next, 303) : back('wrong');
    });
  };
}

function serveInboxPage(app: FastifyInstance, clientDir: string, owners: OwnerAreaOptions['owners']): void {
  // The inbox page itself: the same HTML for /inbox and every view under it, telling
  // the app who is signed in (so a signed-out visit makes no failing request).
  const inboxFile = join(clientDir, 'inbox.html');
  if (existsSync(inboxFile)) {
    const html = readFileSync(inboxFile, 'utf8');
    const placeholder = '<meta name="curbside-owner" content="" />';
    if (!html.includes(placeholder)) throw new Error(`${inboxFile} lost its curbside-owner meta tag`);
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const { owner } = await sessionOf(owners, request);
      const email = owner ? escapeHtml(owner.email) : '';
      return reply
        .type('text/html; charset=utf-8')
        .send(html.replace(placeholder, () => `<meta name="curbside-owner" content="${email}" />`));
    };
    app.get('/inbox', page);
    app.get('/inbox/*', page);
    app.get('/inbox.html', async (_request, reply) => reply.redirect('/inbox', 301));
  }
}

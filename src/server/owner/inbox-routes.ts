// The owner's API under /api/owner, and the inbox page at /inbox. Every route but
// sign-in needs a live session (401 otherwise); every state-changing request must
// come from this site's own pages (Origin checked, 403 otherwise); answers are
// never cached. The visitor's API stays create-only: nothing here is reachable
// without an owner's session.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatInquiries } from '../inquiry-export.js';
import { PATTERNS } from '../../shared/inquiry.js';
import {
  cursorOf,
  INQUIRY_STATUSES,
  type InboxPage,
  type InboxRow,
  type InquiryDetail,
  type InquiryStatus,
  MAX_NOTE_LENGTH,
  MAX_PASSWORD_LENGTH,
  PAGE_SIZE,
  parseCursor,
  parseInboxQuery,
} from '../../shared/owner.js';
import type { Config } from '../config.js';
import { BodyError } from '../json-body.js';
import { createLimiter } from '../routes/rate-limit.js';
import type { InboxInquiry, ListQuery, Owner, OwnerStore } from '../store/owner-store.js';
import { normalizeEmail } from '../store/owner-store.js';
import { calendarFile } from './calendar.js';
import { dummyHash, verifyPassword } from './password.js';
import { clearedCookie, newToken, readToken, sessionCookie, tokenHash } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    owner: Owner | undefined;
    ownerToken: string | undefined;
  }
}

/** A session ends after this long unused, and in any case this long after sign-in. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
/** Most rows one CSV export holds. */
const EXPORT_MAX_ROWS = 200_000;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: `^${PATTERNS.inquiryId}$` } },
  required: ['id'],
} as const;
/** Control characters other than tab and line breaks, and halves of a surrogate pair: not well-formed text. */
const CONTROL = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

const httpError = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

const isSecure = (request: FastifyRequest) => request.protocol === 'https';

function toRow(inquiry: InboxInquiry): InboxRow {
  const { uid: _uid, ...row } = inquiry;
  return row;
}

export const ownerRoutes: FastifyPluginAsync<{ config: Config; owners: OwnerStore }> = async (
  app,
  { config, owners },
) => {
  app.decorateRequest('owner', undefined);
  app.decorateRequest('ownerToken', undefined);
  void dummyHash(); // computed once, before the first sign-in needs it

  const perIp = createLimiter(
    app,
    config.limits.ownerSignInsPerIp,
    'sign-ins from this address',
    (request) => request.ip,
  );
  const perAccount = createLimiter(
    app,
    config.limits.ownerSignInsPerAccount,
    'sign-in attempts for this account',
    (request) => `owner:${normalizeEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
    if (STATE_CHANGING.has(request.method)) {
      // A page on another site can post here, and the browser would send its own
      // Origin: only this site's pages may change anything. The host must match
      // exactly; the scheme may be http or https, since a TLS proxy without
      // TRUST_PROXY makes an https page's requests look like http here.
      const origin = request.headers.origin ?? '';
      if (origin !== `http://${request.host}` && origin !== `https://${request.host}`) {
        throw httpError(403, 'This request did not come from this site’s inbox: refused.');
      }
    }
  });

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readToken(request.headers.cookie, isSecure(request));
    const owner = token ? await owners.resumeSession(tokenHash(token), new Date(), SESSION_IDLE_MS) : undefined;
    if (!owner) {
      if (token) reply.header('set-cookie', clearedCookie(isSecure(request)));
      throw httpError(401, 'Sign in first.');
    }
    request.owner = owner;
    request.ownerToken = token;
  };
  const actor = (request: FastifyRequest) => ({ id: request.owner!.id, email: request.owner!.email });

  app.post<{ Body: { email: string; password: string } }>(
    '/api/owner/session',
    {
      onRequest: perIp,
      preHandler: perAccount,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['email', 'password'],
          properties: {
            email: { type: 'string', minLength: 1, maxLength: 254 },
            password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
          },
        },
      },
    },
    async (request, reply) => {
      const owner = await signIn(request, reply, request.body.email, request.body.password);
      if (!owner) throw httpError(401, 'Wrong email or password.');
      return { email: owner.email };
    },
  );

  /** Checks the password (an unknown e-mail costs the same work) and, if right, starts a session. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, email: string, password: string) {
    const owner = await owners.findOwnerByEmail(email);
    const matches = await verifyPassword(owner?.passwordHash ?? (await dummyHash()), password);
    if (!owner || !matches) return undefined;
    const token = newToken();
    const now = new Date();
    await owners.createSession({
      tokenHash: tokenHash(token),
      ownerId: owner.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
    });
    reply.header('set-cookie', sessionCookie(token, isSecure(request), SESSION_MAX_MS / 1000));
    return owner;
  }

  // The inbox's own sign-in form: a plain form post answered 303 See Other, to the
  // inbox when signed in, else back with a code the page turns into its message
  // (codes, not text, so a link cannot make the page say anything else). A browser
  // logs every 4xx answer to a script as an error; a redirect is none. The same
  // Origin rule and limits apply; form bodies are accepted on this route only.
  await app.register(async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    form.post('/inbox/sign-in', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const email = typeof body.email === 'string' ? body.email.slice(0, 254) : '';
      const password = typeof body.password === 'string' ? body.password.slice(0, MAX_PASSWORD_LENGTH) : '';
      const back = (code: string, retry?: number) =>
        reply.redirect(`/inbox?signin=${code}${retry === undefined ? '' : `&retry=${retry}`}`, 303);
      if (!email || !password) return back('missing');
      for (const [limiter, code] of [
        [perIp, 'limited-address'],
        [perAccount, 'limited-account'],
      ] as const) {
        try {
          await limiter(request, reply);
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode !== 429) throw error;
          reply.removeHeader('retry-after');
          return back(code, Number(/in (\d+) seconds/.exec((error as Error).message)?.[1] ?? 60));
        }
      }
      const owner = await signIn(request, reply, email, password);
      return owner ? reply.redirect('/inbox', 303) : back('wrong');
    });
  });

  app.get('/api/owner/session', { onRequest: authenticate }, async (request) => ({ email: request.owner!.email }));

  app.delete('/api/owner/session', { onRequest: authenticate }, async (request, reply) => {
    await owners.deleteSession(tokenHash(request.ownerToken!));
    reply.header('set-cookie', clearedCookie(isSecure(request)));
    return reply.status(204).send();
  });

  const listQuery = (request: FastifyRequest, limit: number): ListQuery => {
    const query = parseInboxQuery(new URLSearchParams(request.url.split('?')[1] ?? ''));
    return { ...query, before: parseCursor(query.before), limit };
  };

  app.get('/api/owner/inquiries', { onRequest: authenticate }, async (request): Promise<InboxPage> => {
    const { rows, more } = await owners.listInquiries(listQuery(request, PAGE_SIZE));
    return { inquiries: rows.map(toRow), next: more && rows.length ? cursorOf(rows.at(-1)!) : null };
  });

  app.get('/api/owner/inquiries.csv', { onRequest: authenticate }, async (request, reply) => {
    const query = listQuery(request, 1000);
    const rows: InboxInquiry[] = [];
    for (;;) {
      const page = await owners.listInquiries(query);
      rows.push(...page.rows);
      if (!page.more || rows.length >= EXPORT_MAX_ROWS) break;
      const last = page.rows.at(-1)!;
      query.before = { createdAt: last.createdAt, id: last.id };
    }
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inquiries-${day}.csv"`)
      .send(formatInquiries(rows, 'csv'));
  });

  app.get<{ Params: { id: string } }>(
    '/api/owner/inquiries/:id',
    { onRequest: authenticate, schema: { params: idParams } },
    async (request): Promise<InquiryDetail> => {
      await owners.markRead(request.params.id, new Date());
      const found = await owners.getInquiry(request.params.id);
      if (!found) throw httpError(404, 'No such inquiry (it may have been erased).');
      return { inquiry: toRow(found.inquiry), history: found.history };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/owner/inquiries/:id/calendar.ics',
    { onRequest: authenticate, schema: { params: idParams } },
    async (request, reply) => {
      const found = await owners.getInquiry(request.params.id);
      if (!found) throw httpError(404, 'No such inquiry (it may have been erased).');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${found.inquiry.eventDate}.ics"`)
        .send(calendarFile(found.inquiry, new Date()));
    },
  );

  app.put<{ Params: { id: string }; Body: { status: InquiryStatus } }>(
    '/api/owner/inquiries/:id/status',
    {
      onRequest: authenticate,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['status'],
          properties: { status: { type: 'string', enum: [...INQUIRY_STATUSES] } },
        },
      },
    },
    async (request) => {
      const changed = await owners.setStatus(request.params.id, request.body.status, actor(request), new Date());
      if (!changed) throw httpError(404, 'No such inquiry (it may have been erased).');
      return { status: request.body.status };
    },
  );

  app.post<{ Params: { id: string }; Body: { note: string } }>(
    '/api/owner/inquiries/:id/notes',
    {
      onRequest: authenticate,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['note'],
          properties: { note: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH, pattern: '\\S' } },
        },
      },
    },
    async (request, reply) => {
      const note = request.body.note.trim();
      if (CONTROL.test(note)) {
        throw new BodyError('The note holds control characters.', { note: 'note holds control characters.' });
      }
      if (!(await owners.addNote(request.params.id, note, actor(request), new Date()))) {
        throw httpError(404, 'No such inquiry (it may have been erased).');
      }
      return reply.status(201).send({ note });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/owner/inquiries/:id',
    { onRequest: authenticate, schema: { params: idParams } },
    async (request, reply) => {
      if (!(await owners.erase(request.params.id, actor(request), new Date()))) {
        throw httpError(404, 'No such inquiry (it may have been erased).');
      }
      return reply.status(204).send();
    },
  );

  // The inbox page itself: the same HTML for /inbox and every view under it, telling
  // the app who is signed in (so a signed-out visit makes no failing request).
  const inboxFile = join(config.clientDir, 'inbox.html');
  if (existsSync(inboxFile)) {
    const html = readFileSync(inboxFile, 'utf8');
    const placeholder = '<meta name="curbside-owner" content="" />';
    if (!html.includes(placeholder)) throw new Error(`${inboxFile} lost its curbside-owner meta tag`);
    const page = async (request: FastifyRequest, reply: FastifyReply) => {
      const token = readToken(request.headers.cookie, isSecure(request));
      const owner = token ? await owners.resumeSession(tokenHash(token), new Date(), SESSION_IDLE_MS) : undefined;
      const email = owner ? owner.email.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;') : '';
      return reply
        .type('text/html; charset=utf-8')
        .send(html.replace(placeholder, () => `<meta name="curbside-owner" content="${email}" />`));
    };
    app.get('/inbox', page);
    app.get('/inbox/*', page);
    app.get('/inbox.html', async (_request, reply) => reply.redirect('/inbox', 301));
  }
};

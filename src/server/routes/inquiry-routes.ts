// PUT /api/inquiries/:id: create an inquiry under the id the browser chose, so a
// retry after a lost answer can never store it twice. Create-only: an id that is
// taken answers 409, unless it is the same session sending the same body again,
// which answers exactly as the first success did.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PATTERNS, inquiryBodySchema, type InquiryBody } from '../../shared/inquiry.js';
import type { BookNowOffer } from '../instant/instant-booking.js';
import { acceptInquiry, type DayTaken } from '../accept-inquiry.js';
import type { Config } from '../config.js';
import type { ContentPort } from '../site/content-port.js';
import { httpError } from '../http-error.js';
import { languageOf } from '../../shared/language.js';
import { fieldMessagesIn } from '../words/field-messages.js';
import { sessionOf } from '../session-token.js';
import type { InquiryStore } from '../store/inquiry-store.js';
import { createLimiter, inquiriesPerAddress, senderOf } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    uid: string;
    /** When the server issued the visitor's session token (ms): the page's load, by our clock. */
    sessionIssuedAt: number;
  }
}

const BODY_KEYS = inquiryBodySchema.required as readonly (keyof InquiryBody)[];

export const inquiryRoutes: FastifyPluginAsync<{
  config: Config;
  store: InquiryStore;
  content: ContentPort;
  dayTaken?: DayTaken;
  /** "Book now" after the send, where the content offers it (record 350). */
  bookNow?: BookNowOffer;
}> = async (app, { config, store, content, dayTaken, bookNow }) => {
  app.decorateRequest('uid', '');
  app.decorateRequest('sessionIssuedAt', 0);
  const perIp = inquiriesPerAddress(store.rateCounts, config.limits.inquiriesPerIp);
  const perSession = createLimiter(
    store.rateCounts,
    'inquiries-per-session',
    config.limits.inquiriesPerSession,
    'inquiries from this session',
    (request) => request.uid,
  );

  const authenticate = async (request: FastifyRequest) => {
    const session = sessionOf(config.sessionSecret, request.headers.authorization);
    if (!session) {
      throw httpError(401, 'Sign in first: send the token from POST /api/session as "Authorization: Bearer <token>".');
    }
    request.uid = session.uid;
    request.sessionIssuedAt = session.issuedAt;
  };

  app.put<{ Params: { id: string }; Body: InquiryBody }>(
    '/api/inquiries/:id',
    {
      // Cheap checks first, before the body is even read.
      onRequest: [perIp, authenticate, perSession],
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'string', pattern: `^${PATTERNS.inquiryId}$` } },
          required: ['id'],
        },
        body: inquiryBodySchema,
      },
    },
    async (request, reply) => {
      const body = request.body;
      // How long since the page signed in, by the server's clock: never the fillMs the
      // client sends, which a script sets to whatever passes (record 082).
      const fillMs = Date.now() - request.sessionIssuedAt;
      const result = await acceptInquiry(
        store,
        {
          id: request.params.id,
          uid: request.uid,
          bodyHash: hashBody(body),
          body,
          fillMs,
          sender: senderOf(config.sessionSecret, request),
        },
        {
          minFillMs: config.minFillMs,
          content: content.current().content,
          onCreated: (spamReason) => app.metrics.inquiryCreated(spamReason),
          ...(dayTaken ? { dayTaken } : {}),
        },
      );
      // The fields' messages in the language the request says (record 360).
      const language = languageOf(body.language);
      if (result.status === 'taken') {
        const fields = fieldMessagesIn(language, result.fields);
        return reply.status(409).send({ error: 'conflict', message: fields.eventDate, fields });
      }
      if (result.status === 'invalid') {
        const fields = fieldMessagesIn(language, result.fields);
        const message = Object.values(fields).join(' ');
        return reply.status(400).send({ error: 'invalid_body', message, fields });
      }
      if (result.status === 'conflict') {
        return reply.status(409).send({ error: 'conflict', message: 'An inquiry with this id already exists.' });
      }
      const { estimate, estimateNote } = result;
      const offer = bookNow?.(request.params.id, body);
      return reply
        .status(201)
        .send({ id: request.params.id, createdAt: result.createdAt, estimate, estimateNote, bookNow: offer });
    },
  );
};

/** A hash of the body, independent of key order, to recognise an identical replay. */
function hashBody(body: InquiryBody): string {
  // The schema admits exactly its own keys, so their values in schema order are canonical.
  const values: unknown[] = BODY_KEYS.map((key) => body[key]);
  // A language other than the default counts too; English hashes as before languages (record 300).
  if (body.language && body.language !== 'en') values.push(body.language);
  const canonical = JSON.stringify(values);
  return createHash('sha256').update(canonical).digest('base64url');
}

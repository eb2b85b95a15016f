// PUT /api/inquiries/:id: create an inquiry under the id the browser chose, so a
// retry after a lost answer can never store it twice. Create-only: an id that is
// taken answers 409, unless it is the same session sending the same body again,
// which answers exactly as the first success did.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  PATTERNS,
  inquiryBodySchema,
  inquiryRuleErrors,
  type InquiryBody,
  type InquiryDocument,
} from '../../shared/inquiry.js';
import { believedDateCreated, bodyTextErrors, isRealInstant } from '../../shared/text-rules.js';
import type { Config } from '../config.js';
import { sessionUid } from '../session-token.js';
import type { InquiryStore } from '../store/inquiry-store.js';
import { createLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    uid: string;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BODY_KEYS = inquiryBodySchema.required as readonly (keyof InquiryBody)[];

export const inquiryRoutes: FastifyPluginAsync<{ config: Config; store: InquiryStore }> = async (
  app,
  { config, store },
) => {
  app.decorateRequest('uid', '');
  const perIp = createLimiter(
    app,
    config.limits.inquiriesPerIp,
    'inquiries from this address',
    (request) => request.ip,
  );
  const perSession = createLimiter(
    app,
    config.limits.inquiriesPerSession,
    'inquiries from this session',
    (request) => request.uid,
  );

  const authenticate = async (request: FastifyRequest) => {
    const uid = sessionUid(config.sessionSecret, request.headers.authorization);
    if (!uid) {
      throw Object.assign(
        new Error('Sign in first: send the token from POST /api/session as "Authorization: Bearer <token>".'),
        { statusCode: 401 },
      );
    }
    request.uid = uid;
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
      // Yesterday in UTC: the visitor's today can be a day behind the server's.
      const ruleErrors: Record<string, string> = {
        ...bodyTextErrors(body),
        ...inquiryRuleErrors(body, new Date(Date.now() - DAY_MS).toISOString().slice(0, 10)),
      };
      if (!isRealInstant(body.dateCreated)) ruleErrors.dateCreated = 'dateCreated is not a real instant.';
      if (Object.keys(ruleErrors).length > 0) {
        return reply
          .status(400)
          .send({ error: 'invalid_body', message: Object.values(ruleErrors).join(' '), fields: ruleErrors });
      }
      const { website, fillMs, ...fields } = body;
      const createdAt = new Date().toISOString();
      // The text is stored exactly as sent (the rules above refuse, never rewrite);
      // a visitor's clock more than a day off is not believed (decision record 017).
      const document: InquiryDocument = {
        ...fields,
        dateCreated: believedDateCreated(fields.dateCreated, createdAt),
        createdAt,
        source: 'web',
      };
      const spamReason = website !== '' ? 'honeypot' : fillMs < config.minFillMs ? 'too-fast' : null;
      const result = await store.create({
        id: request.params.id,
        uid: request.uid,
        bodyHash: hashBody(body),
        document,
        spamReason,
      });
      if (result.status === 'conflict') {
        return reply.status(409).send({ error: 'conflict', message: 'An inquiry with this id already exists.' });
      }
      return reply.status(201).send({ id: request.params.id, createdAt: result.createdAt });
    },
  );
};

/** A hash of the body, independent of key order, to recognise an identical replay. */
function hashBody(body: InquiryBody): string {
  // The schema admits exactly its own keys, so their values in schema order are canonical.
  const canonical = JSON.stringify(BODY_KEYS.map((key) => body[key]));
  return createHash('sha256').update(canonical).digest('base64url');
}

// Every request is answered within a bound of its own (record 150): whatever the server
// waits for (a hung database, several waits in turn), the client hears 503 with
// Retry-After and may send it again. The time the request's body takes to arrive is not
// counted: that is the client's, bounded by the request timeout (408, record 019), and a
// slow phone's upload must not turn into a 503. (Fastify's own handlerTimeout counts it.)
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The error a late request is answered with; the error handler makes it a 503 with Retry-After. */
export const NO_ANSWER_IN_TIME = 'NO_ANSWER_IN_TIME';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own bound, when it rightly needs longer (a large export). */
    answerWithinMs?: number;
  }
}

interface Deadline {
  timer?: NodeJS.Timeout;
  /** How much of the bound the request has used so far (before its body began to arrive). */
  usedMs: number;
  since: number;
  /** A stream handed to the reply (a static file), while its first bytes are not written yet. */
  stream?: Readable;
}

/** What a file's answer says of its body, none of it true of the 503 that replaces it. */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-range',
  'content-disposition',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
];

const deadlines = new WeakMap<FastifyRequest, Deadline>();

export function answerWithin(app: FastifyInstance, defaultMs: number): void {
  const boundOf = (request: FastifyRequest) => request.routeOptions.config?.answerWithinMs ?? defaultMs;
  const arm = (request: FastifyRequest, reply: FastifyReply, deadline: Deadline) => {
    deadline.since = Date.now();
    deadline.timer = setTimeout(
      () => {
        if (reply.sent || reply.raw.headersSent) return;
        const late = Object.assign(new Error('No answer in time.'), { code: NO_ANSWER_IN_TIME, statusCode: 503 });
        // A stream already handed over (@fastify/static's file, not read yet) has put its
        // headers on the response: taken back, or the 503's JSON would be refused as a
        // payload for 'text/javascript' (FST_ERR_REP_INVALID_PAYLOAD_TYPE, a 500), and the
        // file's caching (a year, immutable) would be the 503's.
        for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
        for (const name of FILE_HEADERS) reply.removeHeader(name);
        reply.header('cache-control', 'no-store');
        // Its error is answered by the error handler, as a 503 with Retry-After.
        if (deadline.stream) deadline.stream.destroy(late);
        else reply.send(late);
      },
      Math.max(0, boundOf(request) - deadline.usedMs),
    );
    deadline.timer.unref();
  };
  app.addHook('onRequest', async (request, reply) => {
    const deadline: Deadline = { usedMs: 0, since: Date.now() };
    deadlines.set(request, deadline);
    arm(request, reply, deadline);
  });
  // The body arrives between these two: the clock stops meanwhile.
  app.addHook('preParsing', async (request) => {
    const deadline = deadlines.get(request);
    if (!deadline) return;
    clearTimeout(deadline.timer);
    deadline.usedMs += Date.now() - deadline.since;
  });
  app.addHook('preValidation', async (request, reply) => {
    const deadline = deadlines.get(request);
    if (deadline) arm(request, reply, deadline);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const deadline = deadlines.get(request);
    if (deadline && typeof (payload as Readable | null)?.pipe === 'function') deadline.stream = payload as Readable;
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(deadlines.get(request)?.timer);
  });
}

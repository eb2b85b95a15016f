// A local stand-in for the few endpoints of Stripe's API the site uses (Stripe's own
// cannot be reached from here), on 127.0.0.1: the server reaches it through
// STRIPE_API_BASE. It records each Checkout Session asked for (its form fields and
// headers), keeps Stripe's idempotency rule (the same key answers the same session; the
// same key with other fields is refused, as Stripe does), and signs events as Stripe
// does, with the package's own generateTestHeaderString.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';

export interface AskedSession {
  /** The form fields as sent ('line_items[0][price_data][unit_amount]': '127735'). */
  fields: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  status: string;
  payment_status: string;
  payment_intent: string | null;
  url: string;
  expires_at: number;
  success_url: string;
  cancel_url: string;
}

export interface SignedEvent {
  id: string;
  body: string;
  signature: string;
}

export interface StripeStandIn {
  /** http://127.0.0.1:port */
  base: string;
  /** The server's environment for it. */
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_BASE: string };
  /** Every POST /v1/checkout/sessions, in order, retries and replays included. */
  asked: AskedSession[];
  /** Every refund made (POST /v1/refunds), once per idempotency key, in order. */
  refunds: { paymentIntent: string; amount: number; idempotencyKey: string | undefined }[];
  /** The sessions made, by id. */
  sessions: Map<string, StandInSession>;
  /** Answer the next `count` sessions asked for with a 500 (Stripe down for a moment); they are recorded. */
  failNext(count: number): void;
  /** A signed event of `type` about `object`, as Stripe posts it. */
  event(type: string, object: object, secret?: string): SignedEvent;
  /** checkout.session.completed for a session made here, paid (or as `overrides` say). */
  completed(sessionId: string, overrides?: Partial<StandInSession>): SignedEvent;
  close(): Promise<void>;
}

let made = 0;
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(++made).toString(36)}`;

function readBody(request: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function sessionFrom(fields: Record<string, string>): StandInSession {
  const id = nextId('cs');
  return {
    id,
    object: 'checkout.session',
    amount_total: Number(fields['line_items[0][price_data][unit_amount]'] ?? 0),
    currency: fields['line_items[0][price_data][currency]'] ?? 'usd',
    client_reference_id: fields.client_reference_id ?? null,
    customer_email: fields.customer_email ?? null,
    metadata: Object.fromEntries(
      Object.entries(fields)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    ),
    mode: fields.mode ?? 'payment',
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    url: `https://checkout.stripe.com/c/pay/${id}`,
    // As Stripe: the one asked for (record 390), else 24 hours.
    expires_at: fields.expires_at ? Number(fields.expires_at) : Math.floor(Date.now() / 1000) + 24 * 60 * 60,
    success_url: fields.success_url ?? '',
    cancel_url: fields.cancel_url ?? '',
  };
}

/** A port and secrets of its own (a server started beforehand with them), or made up. */
export interface StandInOptions {
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
}

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const asked: AskedSession[] = [];
  const sessions = new Map<string, StandInSession>();
  const byKey = new Map<string, { body: string; session: StandInSession }>();
  const refunds: StripeStandIn['refunds'] = [];
  const refundKeys = new Map<string, unknown>();
  let failures = 0;

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
      response.end(JSON.stringify(json));
    };
    if (request.method === 'POST' && request.url === '/v1/refunds') {
      const fields = Object.fromEntries(new URLSearchParams(body));
      const key = header(request.headers, 'idempotency-key');
      const earlier = key ? refundKeys.get(key) : undefined;
      if (earlier) return answer(200, earlier);
      const refund = {
        id: nextId('re'),
        object: 'refund',
        amount: Number(fields.amount),
        payment_intent: fields.payment_intent,
        status: 'succeeded',
      };
      refunds.push({ paymentIntent: refund.payment_intent ?? '', amount: refund.amount, idempotencyKey: key });
      if (key) refundKeys.set(key, refund);
      return answer(200, refund);
    }
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
      return answer(404, { error: { type: 'invalid_request_error', message: `No stand-in for ${request.url}` } });
    }
    const fields = Object.fromEntries(new URLSearchParams(body));
    const idempotencyKey = header(request.headers, 'idempotency-key');
    asked.push({ fields, idempotencyKey, authorization: header(request.headers, 'authorization') });
    if (failures > 0) {
      failures--;
      return answer(500, { error: { type: 'api_error', message: 'The stand-in is down for a moment.' } });
    }
    if (header(request.headers, 'authorization') !== `Bearer ${secretKey}`) {
      return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const earlier = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.body !== body) {
        return answer(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      return answer(200, earlier.session);
    }
    const session = sessionFrom(fields);
    sessions.set(session.id, session);
    if (idempotencyKey) byKey.set(idempotencyKey, { body, session });
    return answer(200, session);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  const event = (type: string, object: object, secret = webhookSecret): SignedEvent => {
    const id = nextId('evt');
    const body = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    return { id, body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
  };

  return {
    base,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: base },
    asked,
    refunds,
    sessions,
    failNext(count) {
      failures = count;
    },
    event,
    completed(sessionId, overrides = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`The stand-in made no session ${sessionId}`);
      return event('checkout.session.completed', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_for_${session.id}`,
        ...overrides,
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

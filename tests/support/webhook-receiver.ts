// A real HTTP webhook receiver for tests, on 127.0.0.1: verifies every
// request's Standard Webhooks signature with the `standardwebhooks` package
// (a request that fails verification is kept, marked unverified), and answers
// as scripted (a status, extra headers) or 204.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The payload verified against the secret (undefined when verification failed). */
  verified: unknown;
  verifyError: string | undefined;
  status: number;
  receivedAt: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:port */
  base: string;
  secret: string;
  received: ReceivedHook[];
  /** Answer the next requests (to any path) with these, in order; then 204. */
  respondNext(...answers: { status: number; headers?: Record<string, string> }[]): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  onReceived?: (hook: ReceivedHook) => void;
  close(): Promise<void>;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export async function startWebhookReceiver(secret = newWebhookSecret()): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const script: { status: number; headers?: Record<string, string> }[] = [];
  const waiters: (() => boolean)[] = [];
  const received: ReceivedHook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown;
      let verifyError: string | undefined;
      try {
        verified = verifier.verify(body, {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        });
      } catch (error) {
        verifyError = (error as Error).message;
      }
      const answer = script.shift() ?? { status: 204 };
      const hook: ReceivedHook = {
        path: request.url ?? '',
        headers: request.headers,
        body,
        verified,
        verifyError,
        status: answer.status,
        receivedAt: Date.now(),
      };
      received.push(hook);
      receiver.onReceived?.(hook);
      response.writeHead(answer.status, answer.headers ?? {});
      response.end();
      for (const waiter of waiters.splice(0)) if (!waiter()) waiters.push(waiter);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const receiver: WebhookReceiver = {
    base: `http://127.0.0.1:${port}`,
    secret,
    received,
    respondNext(...answers) {
      script.push(...answers);
    },
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} webhook requests, the receiver has ${received.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length < count) return false;
          clearTimeout(timer);
          resolve(received.slice());
          return true;
        };
        if (!check()) waiters.push(check);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

// A stand-in for a browser's push service: HTTPS on 127.0.0.1 with a self-signed
// certificate (made with openssl; the server under test trusts it through
// NODE_EXTRA_CA_CERTS), keeping what each endpoint receives and answering as told; or
// plain HTTP (`tls: false`), for a server in this process, which cannot be told to
// trust another certificate once it runs.
// And a browser's side of a subscription: its keys, to read what a push says.
import { execFileSync } from 'node:child_process';
import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ece from 'http_ece';

export interface ReceivedPush {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestPushService {
  /** The certificate file the server must trust. */
  caFile: string;
  /** https://127.0.0.1:PORT */
  base: string;
  port: number;
  /** What each path received, in order. */
  received: Map<string, ReceivedPush[]>;
  /** The status each path answers (default 201). */
  answer: Map<string, number>;
  /** Called as each push arrives (the bench times them). */
  onReceived?: (path: string, push: ReceivedPush, at: number) => void;
  listen(): Promise<void>;
  close(): Promise<void>;
  remove(): void;
}

export async function startPushService(port = 0, { tls = true } = {}): Promise<TestPushService> {
  const dir = mkdtempSync(join(tmpdir(), 'curbside-push-'));
  if (tls) makeCertificate(dir);
  const received = new Map<string, ReceivedPush[]>();
  const answer = new Map<string, number>();
  let server: Server | ReturnType<typeof createHttpServer> | undefined;
  const service: TestPushService = {
    caFile: join(dir, 'cert.pem'),
    base: '',
    port,
    received,
    answer,
    listen() {
      const handle = (request: IncomingMessage, response: ServerResponse) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const path = request.url ?? '';
          const push = { headers: request.headers, body: Buffer.concat(chunks) };
          received.set(path, [...(received.get(path) ?? []), push]);
          service.onReceived?.(path, push, Date.now());
          response.writeHead(answer.get(path) ?? 201).end();
        });
      };
      server = tls
        ? createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, handle)
        : createHttpServer(handle);
      return new Promise((resolve) =>
        server!.listen(service.port, '127.0.0.1', () => {
          const address = server!.address();
          if (address && typeof address === 'object') service.port = address.port;
          service.base = `${tls ? 'https' : 'http'}://127.0.0.1:${service.port}`;
          resolve();
        }),
      );
    },
    close() {
      const closing = server;
      server = undefined;
      if (!closing) return Promise.resolve();
      closing.closeAllConnections();
      return new Promise((resolve) => closing.close(() => resolve()));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  await service.listen();
  return service;
}

/** A self-signed certificate for 127.0.0.1 in `dir` (key.pem, cert.pem). */
function makeCertificate(dir: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'pipe' },
  );
}

/** A subscribed browser: the path its push service gives it, and its keys. */
export interface PushDevice {
  path: string;
  ecdh: ECDH;
  auth: Buffer;
}

/** What the server puts in a push (src/server/notify/messages.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  /** A lead still waiting (record 180). */
  urgent?: boolean;
  /** A lead's action links (record 182). */
  actions?: { action: string; title: string; url: string }[];
}

export function newDevice(name: string): PushDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { path: `/push/${name}-${randomUUID()}`, ecdh, auth: randomBytes(16) };
}

/** The subscription's keys as a browser sends them (base64url). */
export const deviceKeys = (device: PushDevice) => ({
  p256dh: device.ecdh.getPublicKey('base64url'),
  auth: device.auth.toString('base64url'),
});

/** What a push says, decrypted with the device's keys. */
export const opened = (device: PushDevice, push: ReceivedPush) =>
  JSON.parse(
    ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString(),
  ) as PushPayload;

/** A push's VAPID signature (RFC 8292): its JWT, the public key, and the JWT's subject. */
export function vapidOf(push: ReceivedPush): { jwt: string; key: string; subject: string } {
  const [, jwt, key] = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization))!;
  const claims = JSON.parse(Buffer.from(jwt!.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return { jwt: jwt!, key: key!, subject: claims.sub };
}

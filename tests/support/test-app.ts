// The API test harness (as the Fastify demo's build(t)): the app in-process with
// a fresh store and its logs captured, and helpers that speak its API.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import type { InquiryStore } from '../../src/server/store/inquiry-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { buildTestConfig } from './builders.js';

export interface TestApp {
  app: FastifyInstance;
  store: InquiryStore;
  config: Config;
  /** Every log line the app wrote, as pino wrote it. */
  logs: string[];
  close(): Promise<void>;
}

/** Limits high enough that only the rate-limit tests ever meet them. */
export const NO_LIMITS = {
  RATE_LIMIT_SESSIONS_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_IP: '100000',
  RATE_LIMIT_INQUIRIES_PER_SESSION: '100000',
};

export async function startApp(
  env: Record<string, string> = {},
  storeFor: (config: Config) => Promise<InquiryStore> = async (config) => openSqliteStore(config.dataDir),
): Promise<TestApp> {
  const { config, remove } = buildTestConfig({ ...NO_LIMITS, LOG_LEVEL: 'trace', ...env });
  const store = await storeFor(config);
  const logs: string[] = [];
  const app = await buildApp(config, store, { logStream: { write: (line) => void logs.push(line) } });
  return {
    app,
    store,
    config,
    logs,
    async close() {
      await app.close(); // closes the store too
      remove();
    },
  };
}

export async function signIn(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/session', remoteAddress });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
}

export interface PutOptions {
  token?: string | undefined;
  /** Send this exact string as the body. */
  raw?: string;
  /** The content-type header; null sends none. */
  contentType?: string | null;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export function putInquiry(
  app: FastifyInstance,
  id: string,
  body: unknown,
  options: PutOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? 'application/json';
  return app.inject({
    method: 'PUT',
    url: `/api/inquiries/${id}`,
    headers,
    payload: options.raw ?? JSON.stringify(body),
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
  });
}

/** A response never carries a stack trace or a source path. */
export function expectNoStack(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/\n\s+at\s|\bat\s+\S+\s+\(|node_modules|\/src\/|\.[cm]?[jt]s:\d+/);
  expect(response.body).not.toMatch(/"stack"/);
}

/** An API error: JSON { error, message, fields? } with the status given. */
export function expectApiError(
  response: LightMyRequestResponse,
  status: number,
): { error: string; message: string; fields?: Record<string, string> } {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((key) => ['error', 'message', 'fields'].includes(key))).toBe(true);
  expectNoStack(response);
  return body;
}

function directive(csp: string, name: string): string | undefined {
  return csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(/\s+/)[0] === name);
}

export function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const scripts = directive(csp, 'script-src') ?? directive(csp, 'default-src');
  expect(scripts, csp).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/);
}

export const newId = () => randomUUID();

// Thousands of malformed bodies thrown at PUT /api/inquiries/:id: none is
// accepted, none makes the server fail (5xx), nothing is stored.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildInquiryBody, buildTestConfig, dayFromToday } from '../../tests/support/builders.js';
import {
  inquiryBodySchema,
  MAX_BODY_BYTES,
  OPERATIONS,
  PACKAGE_NAMES,
  TRUCK_OPERATION,
  type InquiryBody,
} from '../shared/inquiry.js';
import { buildApp } from './app.js';
import type { InquiryStore } from './store/inquiry-store.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';

interface FieldSchema {
  type: 'string' | 'integer';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
}
const FIELDS = inquiryBodySchema.properties as unknown as Record<string, FieldSchema>;
const KEYS = Object.keys(FIELDS);
const REQUIRED = (inquiryBodySchema.required ?? []) as readonly string[];

// ------------------------------------------------------------ arbitraries

const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);
const notAnInteger = fc.oneof(
  fc.string(),
  fc.integer({ min: 1, max: 1000 }).map(String), // "12": no coercion
  fc.double().filter((n) => !Number.isInteger(n)),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 3 }),
);
const blank = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003'), { maxLength: 8 })
  .map((chars) => chars.join(''));

type Change = { kind: 'remove'; key: string } | { kind: 'set'; key: string; value: unknown };

/** A change of one field that makes any valid body invalid. */
function breakField(key: string): fc.Arbitrary<Change> {
  const field = FIELDS[key]!;
  const set = (value: fc.Arbitrary<unknown>) => value.map((v): Change => ({ kind: 'set', key, value: v }));
  // Removing a field breaks the body only when the schema requires it (`language` may be left out: record 300).
  const options: fc.Arbitrary<Change>[] = REQUIRED.includes(key) ? [fc.constant<Change>({ kind: 'remove', key })] : [];
  if (field.type === 'string') {
    options.push(set(notAString));
    if (field.maxLength !== undefined) {
      const max = field.maxLength;
      options.push(set(fc.integer({ min: 1, max: 500 }).map((extra) => 'é'.repeat(max + extra))));
    }
    if (field.pattern !== undefined) {
      const pattern = new RegExp(field.pattern, 'u'); // Ajv compiles patterns with the u flag
      options.push(set(fc.string({ maxLength: 40 }).filter((s) => !pattern.test(s))));
    }
    if (field.minLength === 1) options.push(set(blank));
    if (field.enum !== undefined) {
      const allowed = field.enum;
      options.push(set(fc.string({ maxLength: 30 }).filter((s) => !allowed.includes(s))));
    }
  } else {
    options.push(set(notAnInteger));
    options.push(set(fc.integer({ min: -(2 ** 31), max: field.minimum! - 1 })));
    options.push(set(fc.double({ min: field.maximum! + 1, max: 1e15, noNaN: true }).map(Math.ceil)));
  }
  return fc.oneof(...options);
}

const brokenField = fc.constantFrom(...KEYS).chain(breakField);

const extraKey = fc
  .tuple(
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 20 }),
      fc.constantFrom('createdAt', 'source', 'id', 'uid', 'spamReason', 'packageChoice', 'constructor'),
    ),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .filter(([key]) => !Object.hasOwn(FIELDS, key))
  .map(([key, value]): Change => ({ kind: 'set', key, value }));

/** Fields each valid alone, broken together by a rule the schema cannot say. */
const brokenRule: fc.Arbitrary<Partial<InquiryBody>> = fc.oneof(
  fc.integer({ min: 2, max: 20_000 }).map((days) => ({ eventDate: dayFromToday(-days) })),
  fc
    .tuple(fc.integer({ min: 0, max: 23 * 60 + 59 }), fc.integer({ min: 0, max: 23 * 60 + 59 }))
    .map(([a, b]) => [Math.max(a, b), Math.min(a, b)] as const)
    .map(([start, end]) => ({ startTime: clock(start), endTime: clock(end) })),
  fc.constant({ operation: TRUCK_OPERATION, package: '' }),
  fc
    .tuple(fc.constantFrom(...OPERATIONS.filter((op) => op !== TRUCK_OPERATION)), fc.constantFrom(...PACKAGE_NAMES))
    .map(([operation, pkg]) => ({ operation, package: pkg })),
  fc
    .integer({ min: 2001, max: 2099 })
    .map((year) => ({ eventDate: `${Math.max(year, Number(dayFromToday(400).slice(0, 4)))}-02-30` })),
);

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function applyChanges(body: InquiryBody, changes: Change[]): Record<string, unknown> {
  const result: Record<string, unknown> = { ...body };
  for (const change of changes) {
    if (change.kind === 'remove') delete result[change.key];
    else
      Object.defineProperty(result, change.key, {
        value: change.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return result;
}

/** Raw payloads that are not a valid body, JSON or not. */
const rawPayload = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  // Every strict prefix of a valid body is malformed JSON.
  fc.nat().map((n) => {
    const json = JSON.stringify(buildInquiryBody());
    return json.slice(0, n % json.length);
  }),
  fc.constantFrom('{', '}', '[', 'nul', 'undefined', 'NaN', '{"a":1}{"b":2}', '\u0000', '\ufeff{}'),
  fc
    .integer({ min: 1, max: 3 })
    .map((k) => JSON.stringify({ ...buildInquiryBody(), notes: 'n'.repeat(MAX_BODY_BYTES * k) })),
);

// ------------------------------------------------------------ the properties

describe('PUT /api/inquiries/:id under malformed bodies', () => {
  let app: FastifyInstance;
  let store: InquiryStore;
  let token: string;
  let remove: () => void;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    const built = buildTestConfig({
      RATE_LIMIT_SESSIONS_PER_IP: '1000000',
      RATE_LIMIT_INQUIRIES_PER_IP: '1000000',
      RATE_LIMIT_INQUIRIES_PER_SESSION: '1000000',
    });
    remove = built.remove;
    store = openSqliteStore(built.config.dataDir);
    app = await buildApp(built.config, store);
    token = (await app.inject({ method: 'POST', url: '/api/session' })).json().token;
  });
  afterEach(async () => {
    expect(await store.count()).toBe(0);
  });
  afterAll(async () => {
    await app.close();
    remove();
  });

  async function send(id: string, payload: string): Promise<void> {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/inquiries/${id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    // 0 accepted, 0 server errors: a 4xx JSON error every time.
    expect(response.statusCode, payload.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, `${payload.slice(0, 300)} -> ${response.body}`).toBeLessThan(500);
    const body = response.json();
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    expect(response.body).not.toMatch(/\n\s+at\s|node_modules/);
  }

  it('accepts the unbroken body (so the properties below test what they say)', async () => {
    // On another app with its own data, so this one's store stays empty.
    const other = buildTestConfig();
    const otherApp = await buildApp(other.config, openSqliteStore(other.config.dataDir));
    try {
      const session = (await otherApp.inject({ method: 'POST', url: '/api/session' })).json().token;
      const response = await otherApp.inject({
        method: 'PUT',
        url: `/api/inquiries/${crypto.randomUUID()}`,
        headers: { authorization: `Bearer ${session}` },
        payload: buildInquiryBody(),
      });
      expect(response.statusCode).toBe(201);
    } finally {
      await otherApp.close();
      other.remove();
    }
  });

  it('refuses random JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uuid(), fc.jsonValue({ maxDepth: 4 }), async (id, value) =>
        send(id, JSON.stringify(value) ?? 'null'),
      ),
      { numRuns: 600 },
    );
  });

  it('refuses a valid body with one or more fields broken, removed or added', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uuid(),
        fc.array(fc.oneof(brokenField, extraKey), { minLength: 1, maxLength: 3 }),
        async (id, changes) => send(id, JSON.stringify(applyChanges(buildInquiryBody(), changes))),
      ),
      { numRuns: 1200 },
    );
  });

  it('refuses a valid body that breaks a rule across fields', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uuid(), brokenRule, async (id, overrides) =>
        send(id, JSON.stringify(buildInquiryBody(overrides))),
      ),
      { numRuns: 300 },
    );
  });

  it('refuses random raw payloads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uuid(), rawPayload, async (id, payload) => send(id, payload)),
      { numRuns: 600 },
    );
  });

  it('stored nothing and answered only with 4xx', async () => {
    expect(await store.count()).toBe(0);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(2000);
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true);
  });
});

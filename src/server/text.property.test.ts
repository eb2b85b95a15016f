// Random Unicode in every text field, on both engines: lone surrogates, NUL and
// other controls, emoji, right-to-left marks, combining marks, noncharacters,
// spaces of every kind. Each request is either refused with 400 naming a field
// it changed, or acknowledged and then stored exactly as sent (read back and
// compared). Never a 5xx. (Issue 7: PostgreSQL answered 500 to a NUL; both
// engines stored other text than they had acknowledged.)
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInquiryBody, buildTestConfig } from '../../tests/support/builders.js';
import { freshPostgresUrl } from '../../tests/support/databases.js';
import type { InquiryBody } from '../shared/inquiry.js';
import { BODY_TEXT_RULES, type BodyTextField } from '../shared/text-rules.js';
import { buildApp } from './app.js';
import type { InquiryStore } from './store/inquiry-store.js';
import { openPostgresStore } from './store/postgres/postgres-store.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';

const TEXT_FIELDS = Object.keys(BODY_TEXT_RULES) as BodyTextField[];

/** Pieces chosen to meet every rule's edge, mixed with any code point at all. */
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('Rosa', 'a', 'Z', '5', '0199', '-', "'", '"', '\\', '<b>', ',', ' ') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000', // NUL: PostgreSQL refuses it
      '\ud800', // lone high surrogate
      '\udfff', // lone low surrogate
      '\u0007',
      '\u001b',
      '\u007f',
      '\u0085', // C1 control
      '\n',
      '\r',
      '\t',
      '\u00a0', // no-break space
      '\u2003', // em space
      '\u200b', // zero-width space
      '\u200d', // zero-width joiner
      '\u200e', // left-to-right mark
      '\u200f', // right-to-left mark
      '\u202e', // right-to-left override
      '\u2028', // line separator
      '\u2029', // paragraph separator
      '\ufeff', // byte order mark
      '\ufffe', // noncharacter
      '\uffff', // noncharacter
      '\ufffd', // replacement character
      '\u0301', // combining acute accent
      'e\u0301', // decomposed é (not NFC)
      '\u00e9', // composed é
      '\u212b', // angstrom sign (NFC makes it Å)
      'q\u0307\u0323', // marks in non-canonical order
      '\u1100\u1161', // conjoining jamo (NFC composes them)
      'ﬁ',
      '😀',
      '👩‍🍳',
      '🇺🇸',
      'מרים',
      'مرحبا',
      '佐藤',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);
const text = fc.array(piece, { maxLength: 10 }).map((pieces) => pieces.join(''));
const changes = fc.dictionary(fc.constantFrom(...TEXT_FIELDS), text, { minKeys: 1, maxKeys: 3 });

const engines = [
  { name: 'sqlite', open: async (config: { dataDir: string }) => openSqliteStore(config.dataDir) },
  { name: 'postgres', open: async () => openPostgresStore(await freshPostgresUrl()) },
];

describe.each(engines)('random Unicode in every text field, on $name', (engine) => {
  let app: FastifyInstance;
  let store: InquiryStore;
  let token: string;
  let remove: () => void;
  /** id -> the body acknowledged with 201. */
  const acknowledged = new Map<string, InquiryBody>();
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    const built = buildTestConfig({
      RATE_LIMIT_SESSIONS_PER_IP: '1000000',
      RATE_LIMIT_INQUIRIES_PER_IP: '1000000',
      RATE_LIMIT_INQUIRIES_PER_SESSION: '1000000',
    });
    remove = built.remove;
    store = await engine.open(built.config);
    app = await buildApp(built.config, store);
    token = (await app.inject({ method: 'POST', url: '/api/session' })).json().token;
  });
  afterAll(async () => {
    await app.close();
    remove();
  });

  it('refuses with 400 naming a changed field, or acknowledges; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uuid({ version: 4 }), changes, async (id, changed) => {
        const body = buildInquiryBody(changed as Partial<InquiryBody>);
        const response = await app.inject({
          method: 'PUT',
          url: `/api/inquiries/${id}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect([201, 400], response.body).toContain(response.statusCode);
        const answer = response.json();
        if (response.statusCode === 400) {
          const named = Object.keys(answer.fields ?? {});
          expect(named.length).toBeGreaterThan(0);
          for (const field of named) expect(Object.keys(changed)).toContain(field);
          expect(answer.message).not.toMatch(/\n\s+at\s/);
        } else {
          acknowledged.set(id, body);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('stored every acknowledged inquiry exactly as sent, and nothing else', async () => {
    // Both outcomes happened, so the property above tested both of its branches.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(25);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(25);
    const rows = await store.list();
    expect(rows).toHaveLength(acknowledged.size);
    for (const row of rows) {
      const sent = acknowledged.get(row.id);
      expect(sent, row.id).toBeDefined();
      for (const field of TEXT_FIELDS) {
        // Compared code unit by code unit, so a U+FFFD or a dropped character shows.
        expect(row[field], field).toBe(sent![field]);
        expect(row[field].length).toBe(sent![field].length);
      }
    }
  });
});

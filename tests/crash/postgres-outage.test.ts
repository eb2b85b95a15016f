// A database that is down or hung gets an answer within 5 s (issue 27, record 150). The
// real server process runs on a PostgreSQL of this test's own, which is stopped, then
// frozen with SIGSTOP (every backend with it: a hung database, or a network that drops
// nothing and delivers nothing). Creates, sign-ins and readiness are answered 503 with
// Retry-After, never a 500, a hang or a closed connection; visitors retry with the same
// id, as the form does, and once the database is back every create is acknowledged and
// stored, none lost.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInquiryBody } from '../support/builders.js';
import { freshDataDir } from '../support/databases.js';
import { createDatabase, freePort, startPostgres, type TestPostgres } from '../support/postgres.js';
import { ServerProcess } from '../support/server-process.js';

/** The most a request may wait for its answer, whatever the database does. */
const ANSWER_WITHIN_MS = 5_000;

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: string;
}

/** One request, its answer timed; status 0 when no HTTP answer came (a closed connection, or 20 s of nothing). */
async function ask(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    const body = await response.text();
    return {
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } catch {
    return { status: 0, ms: performance.now() - started, retryAfter: null, body: '' };
  }
}

/** The form as a browser without JavaScript posts it (the fields of tests/no-javascript). */
function formFields(): Record<string, string> {
  const body = buildInquiryBody();
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phoneNumber: body.phoneNumber,
    company: '',
    eventName: body.eventName,
    eventDate: body.eventDate,
    streetAddress: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    postalCode: '78701',
    startTime: body.startTime,
    endTime: body.endTime,
    plannedGuestCount: String(body.plannedGuestCount),
    operation: body.operation,
    packageChoice: body.package,
    notes: body.notes,
    reference: '',
    website: '',
  };
}

describe('PostgreSQL down or hung under a running server', () => {
  let postgres: TestPostgres;
  let server: ServerProcess;
  let url: string;
  let base: string;

  const data = freshDataDir();

  beforeAll(async () => {
    postgres = await startPostgres();
    url = await createDatabase(postgres.url);
    server = new ServerProcess(await freePort(), { DATABASE_URL: url, DATA_DIR: data.dir });
    await server.start();
    base = `http://127.0.0.1:${server.port}`;
  }, 90_000);
  afterAll(async () => {
    postgres?.thaw();
    await server?.kill();
    await postgres?.stop();
    data.remove();
  });

  const session = async () =>
    (JSON.parse((await ask(`${base}/api/session`, { method: 'POST' })).body) as { token: string }).token;
  const create = (token: string, id: string, body: object) =>
    ask(`${base}/api/inquiries/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  function expectUnavailable(answer: Answer, what: string): void {
    expect(answer.status, `${what}: ${answer.body}`).toBe(503);
    expect(answer.ms, what).toBeLessThan(ANSWER_WITHIN_MS);
    expect(Number(answer.retryAfter), `${what}: Retry-After`).toBeGreaterThan(0);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'unavailable' });
  }

  it('answers 503 with Retry-After, not 500, while PostgreSQL is stopped, and recovers without a restart', async () => {
    const token = await session();
    const id = randomUUID();
    const body = buildInquiryBody({ fillMs: 10_000 });
    await postgres.halt();
    try {
      expectUnavailable(await create(token, id, body), 'a create');
      expectUnavailable(await ask(`${base}/api/session`, { method: 'POST' }), 'a visitor session');
      const signIn = await ask(`${base}/api/owner/session`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'whatever it is' }),
      });
      expectUnavailable(signIn, 'an owner sign-in');
      // The form without JavaScript: its page again, with what was typed, 503 and Retry-After.
      const form = await ask(`${base}/inquiry`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...formFields(), lastName: 'Outagekept' }).toString(),
      });
      expect(form.status, form.body).toBe(503);
      expect(Number(form.retryAfter)).toBeGreaterThan(0);
      expect(form.body).toContain('Outagekept');
      expect(form.body).toContain('Please try again in');
      const ready = await ask(`${base}/api/health/ready`);
      expect(ready.status).toBe(503);
    } finally {
      await postgres.resume();
    }
    expect((await create(token, id, body)).status).toBe(201);
    expect((await ask(`${base}/api/health/ready`)).status).toBe(200);
  });

  it('answers every request within 5 s while PostgreSQL is frozen, and loses no create', {
    timeout: 120_000,
  }, async () => {
    const VISITORS = 8;
    let phase = 'before' as 'before' | 'frozen' | 'after';
    const noAnswer: Answer[] = [];
    /** Answers to requests sent or answered while frozen. */
    const during: Answer[] = [];
    const timed = async (request: () => Promise<Answer>) => {
      const sentWhileFrozen = phase === 'frozen';
      const answer = await request();
      if (sentWhileFrozen || phase === 'frozen') during.push(answer);
      if (answer.status === 0) noAnswer.push(answer);
      return answer;
    };
    const acknowledged: string[] = [];
    let going = true;

    // A visitor as the form behaves: one id per inquiry, sent again (same id and body) after a 5xx.
    const visitor = async () => {
      while (going) {
        let token: string | undefined;
        while (token === undefined && going) {
          const answer = await timed(() => ask(`${base}/api/session`, { method: 'POST' }));
          if (answer.status === 200) token = (JSON.parse(answer.body) as { token: string }).token;
          else await sleep(200);
        }
        if (token === undefined) break;
        const id = randomUUID();
        const body = buildInquiryBody({ fillMs: 10_000 });
        for (;;) {
          const answer = await timed(() => create(token, id, body));
          if (answer.status === 201) {
            acknowledged.push(id);
            break;
          }
          expect([0, 503], answer.body).toContain(answer.status);
          await sleep(200);
        }
      }
    };
    const visitors = Array.from({ length: VISITORS }, visitor);
    const readiness: Answer[] = [];
    const probe = (async () => {
      while (going) {
        const sentWhileFrozen = phase === 'frozen';
        const answer = await ask(`${base}/api/health/ready`);
        if (sentWhileFrozen || phase === 'frozen') readiness.push(answer);
        await sleep(250);
      }
    })();

    await sleep(2_000);
    const before = acknowledged.length;
    postgres.freeze();
    phase = 'frozen';
    await sleep(12_000);
    phase = 'after';
    postgres.thaw();
    await sleep(4_000);
    going = false;
    await Promise.all([...visitors, probe]);

    expect(before).toBeGreaterThan(0);
    expect(noAnswer, 'requests that got no HTTP answer').toEqual([]);
    const refused = during.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(VISITORS);
    for (const answer of during) {
      expect(answer.ms, `an answer while frozen (${answer.status})`).toBeLessThan(ANSWER_WITHIN_MS);
      if (answer.status === 503) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(readiness.some((answer) => answer.status === 503)).toBe(true);
    for (const answer of readiness) expect(answer.ms, 'readiness while frozen').toBeLessThan(ANSWER_WITHIN_MS);
    expect(acknowledged.length).toBeGreaterThan(before);

    // Every acknowledged create is stored (a 503'd one that committed later was acknowledged on its retry).
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT "id" FROM "eventInquiries"');
      const stored = new Set(rows.map((row) => row.id as string));
      expect(
        acknowledged.filter((id) => !stored.has(id)),
        'acknowledged but not stored',
      ).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

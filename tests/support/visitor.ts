// A visitor on a running server (tests/support/server-process.ts): a session, then an
// inquiry through the visitor's API, as the page sends it.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { InquiryBody } from '../../src/shared/inquiry.js';
import { buildInquiryBody } from './builders.js';

/** A new inquiry at `origin`; its id and what was sent. */
export async function createInquiryAt(origin: string, overrides: Partial<InquiryBody> = {}) {
  const session = (await (await fetch(`${origin}/api/session`, { method: 'POST' })).json()) as { token: string };
  const id = randomUUID();
  const inquiry = buildInquiryBody({ fillMs: 10_000, website: '', ...overrides });
  const created = await fetch(`${origin}/api/inquiries/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify(inquiry),
  });
  expect(created.status).toBe(201);
  return { id, inquiry };
}

// The owner of the browser tests: an account made with the built CLI (as the
// README says) on the server's DATA_DIR, signing in to /inbox; and inquiries sent
// straight to the visitor's API for the tests that do not follow the form.
import type { APIRequestContext, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import type { InquiryBody } from '../../src/shared/inquiry.js';
import { buildInquiryBody, dayFromToday } from '../support/builders.js';
import { expect } from './fixtures.js';

export const PASSWORD = 'a long owner passphrase';

export const unique = () => `${Date.now().toString(36)}${Math.round(Math.random() * 1e6).toString(36)}`;

/** Creates an owner with the built CLI; returns the e-mail. */
export function addOwner(email = `owner.${unique()}@example.com`): string {
  execFileSync('node', ['dist/node/src/cli/owner.js', 'add', email], {
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/inbox');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

let sent = 0;
// A worker started again after a failure starts elsewhere in its days, not on the days its
// first life sent for (and may have held or booked).
const firstDay = randomInt(150);
/**
 * A day no other inquiry sent here has: a day another test booked or held is refused
 * (records 240, 281). Each worker (Playwright's parallel index) takes every fourth day
 * from 100 days ahead, the next one at each send; the tests that book pick their own days nearer.
 */
const dayOfItsOwn = () =>
  dayFromToday(100 + 4 * ((firstDay + sent++) % 150) + (Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 4));

/** An inquiry from Erin <lastName> sent to the visitor's API; returns its id. */
export async function sendByApi(
  request: APIRequestContext,
  lastName: string,
  overrides: Partial<InquiryBody> = {},
): Promise<string> {
  const { token } = (await (await request.post('/api/session')).json()) as { token: string };
  const id = randomUUID();
  const response = await request.put(`/api/inquiries/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: buildInquiryBody({
      firstName: 'Erin',
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      eventDate: dayOfItsOwn(),
      ...overrides,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

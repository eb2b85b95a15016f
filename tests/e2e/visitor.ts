// A visitor of the browser tests: their answers to the inquiry form (by label),
// filling it in, and finding what was stored. The business's words (the truck
// operation, its packages) come from the content the site was built from.
import type { Locator, Page } from '@playwright/test';
import { openSqliteStore } from '../../src/server/store/sqlite/sqlite-store.js';
import { PACKAGE, TRUCK } from '../support/content-words.js';

export const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Tell us about your event' });

export function inDays(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** A visitor's answers; the email is unique so a test can find its own inquiry in the store. */
export function buildVisitor(overrides: Partial<Record<string, string>> = {}) {
  return {
    'First name': 'Ana',
    'Last name': 'Ruiz',
    Email: `ana.${Date.now()}.${Math.round(Math.random() * 1e6)}@example.com`,
    Phone: '+1 512 555 0199',
    'Company or school (optional)': 'Hillside Primary School',
    'Event name (optional)': 'Spring fair',
    Date: inDays(30),
    'Start time': '11:00',
    'End time': '14:30',
    'Planned guests': '180',
    'Street address': '12 Oak St',
    City: 'Austin',
    State: 'TX',
    'Postal code': '78701',
    Service: TRUCK,
    Package: PACKAGE,
    'Notes (optional)': 'Two vegan options, please.',
    'How did you hear about us? (optional)': 'A friend',
    ...overrides,
  };
}
export type Visitor = ReturnType<typeof buildVisitor>;

/** Fills the form in `scope` (the dialog, or a page) with the visitor's answers. */
export async function fill(scope: Locator, visitor: Visitor): Promise<void> {
  for (const [label, value] of Object.entries(visitor)) {
    const field = scope.getByLabel(label, { exact: true });
    if (label === 'Service' || label === 'Package') await field.selectOption(value);
    else await field.fill(value);
  }
}

/**
 * Presses the send button while the form is incomplete: it is aria-disabled then (spec §4,
 * record 220), which Playwright's click waits out, yet pressing it shows the Wait toast.
 */
export async function pressIncompleteSend(send: Locator): Promise<void> {
  await send.click({ force: true });
}

export async function storedByEmail(email: string) {
  const store = openSqliteStore(process.env.E2E_DATA_DIR!);
  try {
    return (await store.list()).filter((inquiry) => inquiry.email === email);
  } finally {
    await store.close();
  }
}

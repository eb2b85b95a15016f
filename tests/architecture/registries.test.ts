// A feature's plug-ins are registered (issue 36 item 2): every notification channel in
// notify/channels/, every reminder rule in reminders/ and every payment provider folder
// in payments/providers/ is in its folder's index.ts. And the recipes of
// docs/architecture.md hold: in a copy of the house, a new reminder kind (one file, one
// line) and a payment provider stub (one folder, one entry) are picked up, and either
// one written but not registered is caught.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

interface Registered {
  channels: string[];
  reminders: string[];
  providers: string[];
  opened: string[];
  unregistered: string[];
}

const check = (root: string): Registered =>
  JSON.parse(
    execFileSync(resolve('node_modules/.bin/tsx'), ['tests/architecture/registry-check.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CONTENT_FILE: '' },
    }),
  );

/** Adds `line` to a registry file: an import after its last import, an entry before its list's end. */
function register(file: string, importLine: string, entry: string, listStart: string) {
  const text = readFileSync(file, 'utf8');
  const lastImport = text.lastIndexOf('\nimport ');
  const afterImports = text.indexOf('\n', text.indexOf(';', lastImport)) + 1;
  const withImport = `${text.slice(0, afterImports)}${importLine}\n${text.slice(afterImports)}`;
  const list = withImport.indexOf(listStart);
  const end = withImport.indexOf('\n];', list);
  writeFileSync(file, `${withImport.slice(0, end)}\n${entry}${withImport.slice(end)}`);
}

describe('the registries', () => {
  it('hold every channel, reminder rule and payment provider written in their folders', () => {
    const registered = check(process.cwd());
    expect(registered.unregistered).toEqual([]);
    expect(registered.reminders.length).toBeGreaterThan(0);
    expect(registered.channels.length).toBeGreaterThan(0);
    expect(registered.providers).toContain('stripe');
  });
});

describe('the recipes in docs/architecture.md', () => {
  const copy = mkdtempSync(join(tmpdir(), 'curbside-recipes-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  for (const path of ['src', 'content', 'package.json', 'tsconfig.json', 'tests/architecture/registry-check.ts']) {
    cpSync(path, join(copy, path), { recursive: true });
  }
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
  const recipes = readFileSync('docs/architecture.md', 'utf8');

  it('a new reminder kind: one file in src/server/reminders/, one line in its index.ts', () => {
    expect(recipes).toMatch(
      /new reminder kind.*one file in\s+`src\/server\/reminders\/`.*one line in\s+`REMINDER_RULES`/s,
    );
    writeFileSync(
      join(copy, 'src/server/reminders/recipe-kind.ts'),
      `import type { ReminderRule } from './reminder-rule.js';
export const recipeRule: ReminderRule = { event: 'recipe-kind', async due() { return []; } };
`,
    );
    expect(check(copy).unregistered).toEqual(['reminder recipeRule (src/server/reminders/recipe-kind.ts)']);
    register(
      join(copy, 'src/server/reminders/index.ts'),
      "import { recipeRule } from './recipe-kind.js';",
      '  recipeRule,',
      'REMINDER_RULES',
    );
    const registered = check(copy);
    expect(registered.unregistered).toEqual([]);
    expect(registered.reminders).toContain('recipe-kind');
  }, 60_000);

  it('a new payment provider: one folder in src/server/payments/providers/, one entry in its index.ts', () => {
    expect(recipes).toMatch(/new payment provider.*one folder in\s+`src\/server\/payments\/providers\/`.*`PROVIDERS`/s);
    mkdirSync(join(copy, 'src/server/payments/providers/example'));
    writeFileSync(
      join(copy, 'src/server/payments/providers/example/example-provider.ts'),
      `import type { PaymentProvider } from '../../payment-provider.js';
export const EXAMPLE = { name: 'example', label: 'Example Pay' } as const;
export const exampleProvider = (): PaymentProvider => ({
  ...EXAMPLE,
  checkoutOrigins: ['https://pay.example'],
  async createCheckout(request) {
    return { id: 'x', url: 'https://pay.example/x', amount: request.amount, currency: request.currency, expiresAt: '' };
  },
  readEvent: () => ({ type: 'other', id: 'e', name: 'nothing' }),
});
`,
    );
    expect(check(copy).unregistered).toEqual(['payment provider example']);
    register(
      join(copy, 'src/server/payments/providers/index.ts'),
      "import { EXAMPLE, exampleProvider } from './example/example-provider.js';",
      "  { ...EXAMPLE, open: () => exampleProvider(), setUp: () => 'always on' },",
      'PROVIDERS',
    );
    const registered = check(copy);
    expect(registered.unregistered).toEqual([]);
    expect(registered.opened).toContain('example');
  }, 60_000);
});

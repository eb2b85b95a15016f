// What registries.test.ts runs, with tsx, in the house it is given (the working tree, or
// a copy with a recipe applied): every notification channel, reminder rule and payment
// provider written in its folder, and whether each is registered in its folder's
// index.ts. Prints JSON: { channels, reminders, providers, opened, unregistered }.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.cwd();
const load = (path: string) => import(pathToFileURL(join(root, path)).href) as Promise<Record<string, unknown>>;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The exports of each plain file of `folder` (index.ts, tests and `skip` left out) that `looksLike` says are plug-ins. */
async function pluginsIn(folder: string, skip: string[], looksLike: (value: unknown) => boolean) {
  const found: { file: string; name: string; value: unknown }[] = [];
  for (const file of readdirSync(join(root, folder))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'index.ts' || skip.includes(file)) continue;
    for (const [name, value] of Object.entries(await load(`${folder}/${file}`))) {
      if (looksLike(value)) found.push({ file: `${folder}/${file}`, name, value });
    }
  }
  return found;
}

const { CHANNELS } = (await load('src/server/notify/channels/index.ts')) as { CHANNELS: readonly unknown[] };
const { REMINDER_RULES } = (await load('src/server/reminders/index.ts')) as { REMINDER_RULES: readonly unknown[] };
const { openProviders, providerLabel } = (await load('src/server/payments/providers/index.ts')) as {
  openProviders(settings: unknown): { name: string }[];
  providerLabel(name: string): string;
};
const { loadPaymentSettings } = (await load('src/server/payments/payment-settings.ts')) as {
  loadPaymentSettings(env: Record<string, string>): unknown;
};

const channels = await pluginsIn(
  'src/server/notify/channels',
  [],
  (value) => isObject(value) && typeof value.kind === 'string' && typeof value.send === 'function',
);
const reminders = await pluginsIn(
  'src/server/reminders',
  [],
  (value) => isObject(value) && typeof value.event === 'string' && typeof value.due === 'function',
);
// A provider is a folder under providers/; registered, its name reads as its label.
const providers = readdirSync(join(root, 'src/server/payments/providers'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const unregistered = [
  ...channels.filter(({ value }) => !CHANNELS.includes(value)).map(({ file, name }) => `channel ${name} (${file})`),
  ...reminders
    .filter(({ value }) => !REMINDER_RULES.includes(value))
    .map(({ file, name }) => `reminder ${name} (${file})`),
  ...providers.filter((name) => providerLabel(name) === name).map((name) => `payment provider ${name}`),
];

console.log(
  JSON.stringify({
    channels: channels.map(({ name }) => name),
    reminders: REMINDER_RULES.map((rule) => (rule as { event: string }).event),
    providers,
    /** The providers on with no settings at all. */
    opened: openProviders(loadPaymentSettings({})).map((provider) => provider.name),
    unregistered,
  }),
);

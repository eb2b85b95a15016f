// @vitest-environment jsdom
// The Spanish of the owner's texts on the inbox's "Site" page (issue 39 item 3, record 410):
// each translatable text's Spanish under its English (its own name, lang="es"), saved in
// the draft's `es` block and told its problem beside it; the part "Spanish" lists what is
// missing, each a link to its field; list items carry their Spanish when moved; a price's
// change writes the Spanish card's price; a site in English only shows no Spanish field.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { business } from '../../content/business.js';
import type { BusinessContent } from '../../content/content-types.js';
import { standIn } from '../../tests/support/fetch-stand-in.js';
import { spanishCardPriceText } from '../shared/card-price.js';
import type { FieldIssues } from './site-api.js';
import { SPANISH_MAY_BE_OLD } from './site-fields.js';
import { SitePage } from './site-page.js';

const SLOW = { timeout: 4000 };
type Put = { baseVersion: number; content: BusinessContent };

/** The site API with `content` live; every draft sent is kept in the list returned. */
function site(content: BusinessContent, issues: FieldIssues = {}): Put[] {
  const puts: Put[] = [];
  const live = { version: 2, publishedAt: '2030-05-20T15:00:00.000Z', publishedBy: 'o@example.com', content };
  standIn((method, url, body) => {
    if (method === 'GET' && url === '/api/owner/site') return { status: 200, body: { live, draft: null, issues } };
    if (method === 'PUT' && url === '/api/owner/site/draft') {
      puts.push(body as Put);
      return { status: 200, body: { draft: { baseVersion: 2, content, savedAt: '' }, issues } };
    }
    return undefined;
  });
  return puts;
}

const lastSent = async (puts: Put[]) => {
  await waitFor(() => expect(puts.length).toBeGreaterThan(0), SLOW);
  return puts.at(-1)!.content;
};

beforeEach(() => {
  Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

it('shows each text’s Spanish under its English, with its own name and lang="es", and saves it in `es`', async () => {
  history.replaceState(null, '', '/inbox/site?part=packages');
  const puts = site(business, { 'es.packageGroups[0].packages[1].summary': 'must be at most 160 characters' });
  render(<SitePage />);
  const basic = await screen.findByRole('group', { name: 'Basic' });
  // The English labels still name exactly one field each.
  expect(within(basic).getAllByLabelText('Name', { exact: true })).toHaveLength(1);
  expect(within(basic).getAllByLabelText('Summary', { exact: true })).toHaveLength(1);
  const spanish = within(basic).getByLabelText('Summary (Spanish)', { exact: true }) as HTMLTextAreaElement;
  expect(spanish.lang).toBe('es');
  expect(spanish.value).toBe(business.es!.packageGroups![0]!.packages![1]!.summary);
  // The problem of the Spanish path is said beside the Spanish field, not the English one.
  expect(spanish.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(spanish.getAttribute('aria-describedby')!)?.textContent).toBe(
    'must be at most 160 characters',
  );
  expect(within(basic).getByLabelText('Summary', { exact: true }).hasAttribute('aria-invalid')).toBe(false);
  const features = within(basic).getByLabelText('Features (Spanish)', { exact: true }) as HTMLTextAreaElement;
  expect(features.value.split('\n')).toEqual(business.es!.packageGroups![0]!.packages![1]!.features);

  await userEvent.clear(spanish);
  await userEvent.type(spanish, 'Cuatro guisos');
  await waitFor(async () => {
    const sent = await lastSent(puts);
    expect(sent.es!.packageGroups![0]!.packages![1]!.summary).toBe('Cuatro guisos');
    expect(sent.packageGroups[0]!.packages[1]!.summary).toBe(business.packageGroups[0]!.packages[1]!.summary);
  }, SLOW);
});

it('lists what is missing in Spanish, each a link that takes the owner to its field', async () => {
  history.replaceState(null, '', '/inbox/site?part=spanish');
  const content = structuredClone(business);
  delete content.es!.menu!.groups![0]!.items![1]!.description;
  delete content.es!.tagline;
  const puts = site(content);
  render(<SitePage />);
  const list = await screen.findByRole('list');
  const item = business.menu!.groups[0]!.items[1]!;
  expect(
    within(list)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Tagline', `${item.name}: Description`]);

  await userEvent.click(within(list).getByRole('link', { name: `${item.name}: Description` }));
  expect(new URL(location.href).searchParams.get('part')).toBe('menu');
  const field = within(await screen.findByRole('group', { name: item.name })).getByLabelText('Description (Spanish)', {
    exact: true,
  });
  await waitFor(() => expect(document.activeElement).toBe(field));
  // Above the other parts, a notice says how many are missing.
  expect(screen.getByText(/2 texts have no Spanish yet/)).toBeTruthy();

  // Written there, it leaves the list (an emptied one is removed: never sent as an empty text).
  await userEvent.type(field, 'Res a la parrilla.');
  await waitFor(
    async () =>
      expect((await lastSent(puts)).es!.menu!.groups![0]!.items![1]).toEqual({ description: 'Res a la parrilla.' }),
    SLOW,
  );
  await userEvent.clear(field);
  await waitFor(async () => expect((await lastSent(puts)).es!.menu!.groups![0]!.items![1]).toEqual({}), SLOW);
});

it('says under a Spanish text that its English changed since the live version, until the Spanish changes too', async () => {
  history.replaceState(null, '', '/inbox/site?part=packages');
  site(business);
  render(<SitePage />);
  const basic = await screen.findByRole('group', { name: 'Basic' });
  const spanish = within(basic).getByLabelText('Summary (Spanish)', { exact: true }) as HTMLTextAreaElement;
  const described = () =>
    (spanish.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  expect(described()).not.toContain(SPANISH_MAY_BE_OLD);
  await userEvent.type(within(basic).getByLabelText('Summary', { exact: true }), ' Now with salsa bar.');
  await waitFor(() => expect(described()).toContain(SPANISH_MAY_BE_OLD));
  await userEvent.type(spanish, ' Ahora con barra de salsas.');
  await waitFor(() => expect(described()).not.toContain(SPANISH_MAY_BE_OLD));
});

it('puts a photo’s Spanish description beside its English, and lists it while missing (record 460)', async () => {
  history.replaceState(null, '', '/inbox/site?part=spanish');
  const content = structuredClone(business);
  delete content.es!.packageGroups![0]!.packages![1]!.photo;
  const puts = site(content);
  render(<SitePage />);
  const list = await screen.findByRole('list');
  const card = business.packageGroups[0]!.packages[1]!;
  await userEvent.click(within(list).getByRole('link', { name: `${card.name}: Photo description` }));
  expect(new URL(location.href).searchParams.get('part')).toBe('packages');
  const field = within(await screen.findByRole('group', { name: card.name })).getByLabelText(
    'Photo description (Spanish)',
    { exact: true },
  ) as HTMLInputElement;
  await waitFor(() => expect(document.activeElement).toBe(field));
  expect(field.lang).toBe('es');
  await userEvent.type(field, 'Cuatro tacos');
  await waitFor(
    async () =>
      expect((await lastSent(puts)).es!.packageGroups![0]!.packages![1]!.photo).toEqual({ alt: 'Cuatro tacos' }),
    SLOW,
  );
});

it('moves and removes a package’s Spanish with it, and writes the Spanish card’s price from the price', async () => {
  history.replaceState(null, '', '/inbox/site?part=packages');
  const puts = site(business);
  render(<SitePage />);
  const [first, second] = business.es!.packageGroups![0]!.packages!;
  const basic = await screen.findByRole('group', { name: 'Basic' });
  await userEvent.click(within(basic).getByRole('button', { name: 'Move up Basic' }));
  await waitFor(async () => {
    const sent = await lastSent(puts);
    expect(sent.packageGroups[0]!.packages[0]!.name).toBe('Basic');
    expect(sent.es!.packageGroups![0]!.packages!.slice(0, 2)).toEqual([second, first]);
  }, SLOW);

  const moved = screen.getByRole('group', { name: 'Basic' });
  const price = within(moved).getByLabelText('Price', { exact: true });
  await userEvent.clear(price);
  await userEvent.type(price, '14');
  expect(within(moved).getByText('Desde 14 US$ / invitado')).toBeTruthy();
  await waitFor(
    async () =>
      expect((await lastSent(puts)).es!.packageGroups![0]!.packages![0]!.price).toBe(
        spanishCardPriceText({ per: 'guest', amount: 14 }, 'USD', 'es'),
      ),
    SLOW,
  );

  await userEvent.click(within(moved).getByRole('button', { name: 'Remove Basic' }));
  await waitFor(async () => expect((await lastSent(puts)).es!.packageGroups![0]!.packages![0]).toEqual(first), SLOW);
});

it('shows no Spanish field for a site in English only, until the owner turns the Spanish page on', async () => {
  history.replaceState(null, '', '/inbox/site?part=business');
  const { languages: _, ...english } = business;
  const puts = site(english);
  render(<SitePage />);
  await screen.findByLabelText('Tagline', { exact: true });
  expect(screen.queryByLabelText('Tagline (Spanish)', { exact: true })).toBeNull();
  expect(screen.queryByText(/no Spanish yet/)).toBeNull();

  await userEvent.click(screen.getByRole('link', { name: 'Spanish' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'A page in Spanish too, at /es/' }));
  await waitFor(async () => expect((await lastSent(puts)).languages).toEqual(['en', 'es']), SLOW);
  await userEvent.click(screen.getByRole('link', { name: 'Business' }));
  expect((screen.getByLabelText('Tagline (Spanish)', { exact: true }) as HTMLInputElement).lang).toBe('es');
});

// What changed from one published version to the next, in the owner's words, for the
// site's History: "Basic: $12 → $14 per guest", "Added menu item Horchata", "Changed
// Why us". Prices are the page's own (menuPrice: '$12', '$4.50').
import {
  type BusinessContent,
  menuPrice,
  type MenuItem,
  type PackageCard,
  type PackagePricing,
} from '../../../content/schema.js';

/** The parts of the content as the "Site" page names them. */
const PART_NAMES: Record<string, string> = {
  name: 'the business name',
  tagline: 'the tagline',
  hero: 'the hero text',
  contact: 'the contact details',
  social: 'the social links',
  hours: 'the hours',
  whyUs: 'Why us',
  clients: 'Clients',
  sale: 'Prices and terms',
  event: 'the event settings',
  seo: 'the search text',
  nav: 'the navigation',
  theme: 'the colours',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function priceWords(pricing: PackagePricing | undefined, currency: string, locale: string): string {
  if (!pricing) return 'quoted by hand';
  return `${menuPrice(pricing.amount, currency, locale)} per ${pricing.per}`;
}

/** "$12 → $14 per guest" when only the amount moved; both in full otherwise. */
function pricingChange(
  before: PackagePricing | undefined,
  after: PackagePricing | undefined,
  content: BusinessContent,
) {
  const { currency } = content.sale;
  if (before && after && before.per === after.per) {
    return `${menuPrice(before.amount, currency, content.locale)} → ${priceWords(after, currency, content.locale)}`;
  }
  return `${priceWords(before, currency, content.locale)} → ${priceWords(after, currency, content.locale)}`;
}

function byName<T extends { name: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.name, item]));
}

function listChanges<T extends { name: string }>(
  what: string,
  before: readonly T[],
  after: readonly T[],
  changed: (was: T, now: T) => string | undefined,
): string[] {
  const [was, now] = [byName(before), byName(after)];
  const lines: string[] = [];
  for (const item of after) {
    const old = was.get(item.name);
    if (!old) lines.push(`Added ${what} ${item.name}`);
    else if (!same(old, item)) lines.push(changed(old, item) ?? `Changed ${what} ${item.name}`);
  }
  for (const item of before) if (!now.has(item.name)) lines.push(`Removed ${what} ${item.name}`);
  return lines;
}

const packagesOf = (content: BusinessContent): PackageCard[] =>
  content.packageGroups.flatMap((group) => group.packages);
const menuItemsOf = (content: BusinessContent): MenuItem[] =>
  content.menu?.groups.flatMap((group) => group.items) ?? [];

function packageLines(before: BusinessContent, after: BusinessContent): string[] {
  const lines = listChanges('package', packagesOf(before), packagesOf(after), (was, now) => {
    // The card's price text follows its price: a change of both is the price's.
    const { pricing: a, price: _wasText, ...restBefore } = was;
    const { pricing: b, price: _nowText, ...restAfter } = now;
    if (same(a, b) || !same(restBefore, restAfter)) return undefined;
    return `${now.name}: ${pricingChange(a, b, after)}`;
  });
  // Groups renamed or cards reordered: no card changed, yet the packages did.
  if (lines.length === 0 && !same(before.packageGroups, after.packageGroups)) lines.push('Changed the packages');
  return lines;
}

function menuLines(before: BusinessContent, after: BusinessContent): string[] {
  const currency = after.menu?.currency ?? after.sale.currency;
  const price = (amount: number) => menuPrice(amount, currency, after.locale);
  const lines = listChanges('menu item', menuItemsOf(before), menuItemsOf(after), (was, now) => {
    if (was.price === now.price || !same({ ...was, price: 0 }, { ...now, price: 0 })) return undefined;
    return `${now.name}: ${price(was.price)} → ${price(now.price)}`;
  });
  if (lines.length === 0 && !same(before.menu, after.menu)) lines.push('Changed the menu');
  return lines;
}

/** The changes from `before` to `after`, one line each; ["No changes"] when they are the same. */
export function contentChanges(before: BusinessContent, after: BusinessContent): string[] {
  const lines = [...packageLines(before, after), ...menuLines(before, after)];
  const [a, b] = [before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'packageGroups' || key === 'menu') continue;
    if (!same(a[key], b[key])) lines.push(`Changed ${PART_NAMES[key] ?? key}`);
  }
  return lines.length > 0 ? lines : ['No changes'];
}

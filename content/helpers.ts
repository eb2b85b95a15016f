// Plain functions of the content, with no check in them: the page's bundle
// imports these (content/schema.ts, the build-time check, never ships).
import type { BusinessContent, ClientLogo, DietaryTag, PackageCard, PackageGroup } from './content-types.js';

/** A client's name, whether it comes with a logo or not. */
export function clientName(logo: ClientLogo): string {
  return typeof logo === 'string' ? logo : logo.name;
}

/** The spec's '{product} Truck' operation. */
export function truckOperation(content: Pick<BusinessContent, 'product'>): string {
  return `${content.product} Truck`;
}

/** The business's node id in the page's JSON-LD: the menu and the schedule's events refer to it. */
export function businessId(content: Pick<BusinessContent, 'siteUrl'>): string {
  return `${new URL('/', content.siteUrl).href}#business`;
}

/** Every operation the form offers, the truck first. */
export function operations(content: BusinessContent): string[] {
  return [truckOperation(content), ...content.otherOperations];
}

/** The packages a visitor can pick once the truck operation is chosen. */
export function truckPackages(content: BusinessContent): PackageCard[] {
  return content.packageGroups.find((group) => group.id === content.truckPackageGroup)?.packages ?? [];
}

/** What a card's "Book" button chooses in the form: an operation, and for the truck a package (schema.ts checks it). */
export function bookedChoice(content: BusinessContent, group: PackageGroup, card: PackageCard) {
  return group.id === content.truckPackageGroup
    ? { operation: truckOperation(content), packageName: card.name }
    : { operation: card.operation ?? group.operation ?? '', packageName: undefined };
}

/** The select option text: 'Mini (reserved for large parties and schools)'. */
export function packageOptionLabel(card: PackageCard): string {
  return card.formNote ? `${card.name} (${card.formNote})` : card.name;
}

/** A menu price as the page shows it: '$4.50', '$12', '£3.20' (no '.00' on whole amounts). */
export function menuPrice(price: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' }).format(
    price,
  );
}

/** How each dietary mark reads on the page: words, never colour alone. */
export const DIETARY_LABELS: Record<DietaryTag, string> = {
  vegan: 'Vegan',
  vegetarian: 'Vegetarian',
  'gluten-free': 'Gluten-free',
  'contains-nuts': 'Contains nuts',
};

/** A postal code (or the start of one) as travel areas compare them: upper case, no spaces. */
export function normalizePostal(code: string): string {
  return code.toUpperCase().replace(/\s+/g, '');
}

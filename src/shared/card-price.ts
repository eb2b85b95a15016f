// A package card's price text, worked out from its price (issue 37): the editor writes
// it, so the card can never say another amount than the one estimates and quotes use
// (content/schema.ts checks the card shows it).
import type { PackagePricing } from '../../content/content-types.js';
import { menuPrice } from '../../content/helpers.js';

/** The text a card shows for a package quoted by hand. */
export const QUOTED_BY_HAND = 'Quoted for you';

/** 'From $12 / guest', '$900 / event', or 'Quoted for you'. */
export function cardPriceText(pricing: PackagePricing | undefined, currency: string, locale: string): string {
  if (!pricing) return QUOTED_BY_HAND;
  const amount = menuPrice(pricing.amount, currency, locale);
  return pricing.per === 'guest' ? `From ${amount} / guest` : `${amount} / event`;
}

/**
 * The same in Spanish, for the Spanish page's card (record 410): 'Desde 12 US$ / invitado',
 * '900 US$ / evento', or 'Cotización a su medida', the amount as the Spanish page writes money.
 */
export function spanishCardPriceText(pricing: PackagePricing | undefined, currency: string, locale: string): string {
  if (!pricing) return 'Cotización a su medida';
  const amount = menuPrice(pricing.amount, currency, locale);
  return pricing.per === 'guest' ? `Desde ${amount} / invitado` : `${amount} / evento`;
}

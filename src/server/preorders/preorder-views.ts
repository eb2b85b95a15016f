// What the owner's Schedule and Orders pages read of a stop's pre-orders (record 290):
// the menu's items the stop may offer (priced in minor units from the content's menu),
// the settings (or the defaults before the owner saved any), the orders and the prep
// list (each item's total over the live orders).
import type { BusinessContent } from '../../../content/schema.js';
import { toMinor } from '../../shared/money.js';
import type { MenuChoice } from '../../shared/preorder-views.js';
import { PREORDER_DEFAULTS } from '../../shared/preorder-times.js';
import type { OfferedItem, Preorder, PreorderSettings } from '../store/preorder-store.js';

/** The content's menu, item by item (the first of a name, when two groups repeat one); none without a menu. */
export function menuChoices(content: BusinessContent): { currency: string; items: MenuChoice[] } {
  const menu = content.menu;
  const currency = menu?.currency ?? content.sale.currency;
  const items: MenuChoice[] = [];
  for (const item of menu?.groups.flatMap((group) => group.items) ?? []) {
    const price = toMinor(item.price, currency);
    if (price !== undefined && !items.some((one) => one.name === item.name)) items.push({ name: item.name, price });
  }
  return { currency, items };
}

/** A stop's settings as the owner's page shows them: the saved ones, or closed with the defaults. */
export function settingsOrDefaults(
  stopId: string,
  saved: PreorderSettings | undefined,
  content: BusinessContent,
): PreorderSettings {
  if (saved) return saved;
  return {
    stopId,
    open: false,
    items: [] as OfferedItem[],
    ...PREORDER_DEFAULTS,
    currency: menuChoices(content).currency,
    cancelledAt: null,
  };
}

/** The statuses whose order is to be made: the prep list counts these. */
const TO_MAKE = new Set(['held', 'paid', 'pay-at-pickup', 'ready']);

/** Each item's total over the orders still to make, in the settings' order, then any other. */
export function prepList(orders: readonly Preorder[]): { name: string; quantity: number }[] {
  const totals = new Map<string, number>();
  for (const order of orders) {
    if (!TO_MAKE.has(order.status)) continue;
    for (const line of order.lines) totals.set(line.name, (totals.get(line.name) ?? 0) + line.quantity);
  }
  return [...totals].map(([name, quantity]) => ({ name, quantity }));
}

// The history's words (record 250): a price moved says from what to what, as the page
// writes prices; what was added, removed or otherwise changed is named.
import { describe, expect, it } from 'vitest';
import { content } from '../../../content/index.js';
import type { BusinessContent } from '../../../content/schema.js';
import { contentChanges } from './content-changes.js';

const edited = (edit: (c: BusinessContent) => void) => {
  const copy = structuredClone(content);
  edit(copy);
  return copy;
};
const card = (c: BusinessContent, name: string) =>
  c.packageGroups.flatMap((group) => group.packages).find((one) => one.name === name)!;

describe('what changed between two versions', () => {
  it('says a price move from what to what, and a way of pricing changed in full', () => {
    const dearer = edited((c) => {
      card(c, 'Basic').pricing = { per: 'guest', amount: 17.5 };
      card(c, 'Basic').price = 'From $17.50 / guest';
      c.menu!.groups[0]!.items[0]!.price = 5;
    });
    expect(contentChanges(content, dearer)).toEqual(['Basic: $16 → $17.50 per guest', 'Al pastor: $4.50 → $5']);
    const flat = edited((c) => {
      card(c, 'Basic').pricing = { per: 'event', amount: 900 };
    });
    expect(contentChanges(content, flat)).toEqual(['Basic: $16 per guest → $900 per event']);
    const byHand = edited((c) => {
      delete card(c, 'Basic').pricing;
    });
    expect(contentChanges(content, byHand)).toEqual(['Basic: $16 per guest → quoted by hand']);
  });

  it('names what was added, removed and changed, and says when nothing was', () => {
    const next = edited((c) => {
      c.menu!.groups[0]!.items.push({ name: 'Tamarind soda', price: 6 });
      c.menu!.groups[0]!.items.splice(0, 1);
      card(c, 'Premium').summary = 'Everything we make.';
      c.hero.heading = 'Tacos, all day';
      c.whyUs.heading = 'Why us, truly';
    });
    expect(contentChanges(content, next)).toEqual([
      'Changed package Premium',
      'Added menu item Tamarind soda',
      'Removed menu item Al pastor',
      'Changed the hero text',
      'Changed Why us',
    ]);
    expect(contentChanges(content, structuredClone(content))).toEqual(['No changes']);
  });
});

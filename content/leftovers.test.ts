// The build's warning about the demo's words left in an owner's content (record 163).
import { describe, expect, it } from 'vitest';
import { business } from './business.js';
import { business as coffeeCart } from './examples/coffee-cart.js';
import { demoLeftovers, leftoversWarning } from './leftovers.js';
import type { BusinessContent } from './schema.js';

describe('the demo’s leftovers', () => {
  it('name every field of the demo that carries its name, its example addresses or its made-up phone', () => {
    const found = demoLeftovers(business);
    expect(found).toEqual(
      expect.arrayContaining([
        'name',
        'shortName',
        'siteUrl',
        'seo.title',
        'seo.description',
        'contact.email',
        'contact.phone',
        'social[0].href',
        'social[1].href',
      ]),
    );
    expect(found).not.toContain('theme.primary');
    expect(leftoversWarning(business, 'content/business.ts')).toMatch(
      /^Heads-up: content\/business\.ts still holds the demo business's words or addresses .* in \d+ fields:\n {2}name, shortName, /,
    );
  });

  it('find what an owner who changed the name, product and colours missed, and nothing they changed', () => {
    const ramen: BusinessContent = {
      ...business,
      name: 'Rolling Ramen Co',
      shortName: 'Rolling Ramen',
      product: 'Ramen',
      productPlural: 'Ramen',
      theme: { primary: '#7a1f2b', accent: '#f2b705' },
      hero: { ...business.hero, heading: 'Ramen that rolls up to your event' },
    };
    const found = demoLeftovers(ramen);
    expect(found).not.toContain('name');
    expect(found).not.toContain('shortName');
    expect(found).not.toContain('hero.heading');
    // What the newcomer review found still saying the demo's: the title, the tagline, the addresses.
    expect(found).toEqual(
      expect.arrayContaining(['seo.title', 'tagline', 'siteUrl', 'contact.email', 'contact.phone', 'social[0].href']),
    );
  });

  it('say nothing of a content file with none of them', () => {
    const own: BusinessContent = {
      ...coffeeCart,
      siteUrl: 'https://cremacarts.co.uk',
      contact: { ...coffeeCart.contact, email: 'hello@cremacarts.co.uk', phone: '+44 113 496 0000' },
      social: [{ label: 'Instagram', href: 'https://instagram.com/cremacarts' }],
    };
    expect(demoLeftovers(own)).toEqual([]);
    expect(leftoversWarning(own, 'content/examples/coffee-cart.ts')).toBeUndefined();
  });
});

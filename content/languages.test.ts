import { describe, expect, it } from 'vitest';
import { business } from './business.js';
import { contentIn, missingSpanish } from './languages.js';
import { validateContent } from './schema.js';

describe('the owner’s content in Spanish (record 300)', () => {
  it('lays the Spanish texts over the English, keeping names and prices', () => {
    const spanish = contentIn(business, 'es');
    expect(spanish.hero.heading).toBe(business.es!.hero!.heading);
    expect(spanish.nav[0]!.label).toBe(business.es!.nav![0]);
    expect(spanish.nav[0]!.href).toBe(business.nav[0]!.href);
    expect(spanish.packageGroups[0]!.packages[0]!.name).toBe(business.packageGroups[0]!.packages[0]!.name);
    expect(contentIn(business, 'en')).toBe(business);
    expect(missingSpanish(business)).toEqual([]);
  });

  it('shows a text missing in Spanish in English, and lists it for the owner', () => {
    const { hero: _hero, ...rest } = business.es!;
    const lacking = validateContent({ ...business, es: { ...rest, hero: { heading: 'Hola' } } }, 'test');
    const spanish = contentIn(lacking, 'es');
    expect(spanish.hero.heading).toBe('Hola');
    expect(spanish.hero.lead).toBe(business.hero.lead);
    expect(missingSpanish(lacking)).toEqual(['hero.lead', 'hero.callToAction', 'hero.lightsHint']);
    // An older content file, with no Spanish at all, stays valid.
    const { es: _es, languages: _languages, ...older } = business;
    expect(missingSpanish(validateContent(older, 'test'))).toContain('tagline');
  });

  it('describes each photo in Spanish too, the link preview’s included: on the Spanish page, and listed while missing (record 460)', () => {
    const spanish = contentIn(business, 'es');
    const card = business.packageGroups[0]!.packages[0]!;
    expect(spanish.packageGroups[0]!.packages[0]!.photo).toEqual({
      src: card.photo!.src,
      alt: business.es!.packageGroups![0]!.packages![0]!.photo!.alt,
    });
    expect(spanish.menu!.groups[0]!.items[7]!.photo!.alt).toBe(business.es!.menu!.groups![0]!.items![7]!.photo!.alt);
    expect(spanish.menu!.groups[0]!.items[7]!.photo!.alt).not.toBe(business.menu!.groups[0]!.items[7]!.photo!.alt);

    const withCard = validateContent({ ...business, shareImage: { src: 'images/mini.jpg', alt: 'Tacos' } }, 'test');
    expect(missingSpanish(withCard)).toEqual(['shareImage.alt']);
    expect(contentIn(withCard, 'es').shareImage!.alt).toBe('Tacos');
    const described = validateContent(
      { ...withCard, es: { ...business.es, shareImage: { alt: 'Tacos en un plato' } } },
      'test',
    );
    expect(missingSpanish(described)).toEqual([]);
    expect(contentIn(described, 'es').shareImage).toEqual({ src: 'images/mini.jpg', alt: 'Tacos en un plato' });
  });

  it('refuses a Spanish text longer than its English field allows, naming it', () => {
    expect(() => validateContent({ ...business, es: { hero: { heading: 'x'.repeat(81) } } }, 'test')).toThrow(
      /es\.hero\.heading: must be at most 80 characters/,
    );
  });
});

// The truck's roof sign says the content's word (issue 32): never the product with an "S" stuck on.
import { describe, expect, it } from 'vitest';
import { business as coffeeCart } from '../../../content/examples/coffee-cart.js';
import { signWord } from './truck-art.js';

describe('the roof sign', () => {
  it('shows the content’s plural, or the product word itself', () => {
    expect(signWord({ product: 'Taco', productPlural: 'Tacos' })).toBe('TACOS');
    expect(signWord({ product: 'Ramen' })).toBe('RAMEN');
    expect(signWord(coffeeCart)).toBe('COFFEE');
  });
});

// Which service and package a "Book" button opens the form on (record 100).
import { describe, expect, it } from 'vitest';
import { choiceFor } from './use-inquiry-form.js';

const TRUCK = 'Taco Truck';
const none = { operation: '', packageName: '' };

describe('choiceFor', () => {
  it('a truck package button chooses the truck and its package, whatever was there', () => {
    const premium = { operation: TRUCK, packageName: 'Premium' };
    expect(choiceFor({ operation: TRUCK, packageName: 'Basic' }, premium, undefined)).toEqual({
      operation: TRUCK,
      packageName: 'Basic',
      byButton: true,
    });
  });

  it('replaces what an earlier button chose', () => {
    const earlier = { operation: TRUCK, packageName: 'Premium' };
    expect(choiceFor({ operation: 'Full-service taco bar', packageName: undefined }, earlier, earlier)).toEqual({
      operation: 'Full-service taco bar',
      packageName: '',
      byButton: true,
    });
    expect(choiceFor({ operation: undefined, packageName: undefined }, earlier, earlier)).toEqual({
      ...none,
      byButton: true,
    });
    expect(choiceFor({ operation: TRUCK, packageName: undefined }, earlier, earlier)).toEqual({
      operation: TRUCK,
      packageName: '',
      byButton: true,
    });
  });

  it('keeps what the visitor chose when the button has no choice of its own, or the same service', () => {
    const theirs = { operation: TRUCK, packageName: 'Basic' };
    expect(choiceFor({ operation: undefined, packageName: undefined }, theirs, undefined)).toEqual({
      ...theirs,
      byButton: false,
    });
    expect(choiceFor({ operation: TRUCK, packageName: undefined }, theirs, undefined)).toEqual({
      ...theirs,
      byButton: false,
    });
    expect(choiceFor({ operation: 'Drop-off taco bar', packageName: undefined }, theirs, undefined)).toEqual({
      operation: 'Drop-off taco bar',
      packageName: '',
      byButton: true,
    });
  });

  it('opens on nothing when nothing was chosen', () => {
    expect(choiceFor({ operation: undefined, packageName: undefined }, none, undefined)).toEqual({
      ...none,
      byButton: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { INITIAL_NAVBAR_STATE, nextNavbarState, type NavbarState } from './navbar-state.js';

/** The state after scrolling through the given positions, in order. */
const afterScrolling = (...positions: number[]): NavbarState => positions.reduce(nextNavbarState, INITIAL_NAVBAR_STATE);

describe('navbar state from the scroll position', () => {
  it('starts plain and stays plain until past 800 px', () => {
    expect(afterScrolling(0)).toEqual({ sticky: false, gone: false });
    expect(afterScrolling(300, 600, 800)).toEqual({ sticky: false, gone: false });
  });

  it('is sticky past 800 px', () => {
    expect(afterScrolling(801)).toEqual({ sticky: true, gone: false });
    expect(afterScrolling(900)).toEqual({ sticky: true, gone: false });
  });

  it('stays sticky back down to 300 px, then turns gone under 300 px', () => {
    expect(afterScrolling(900, 500, 300)).toEqual({ sticky: true, gone: false });
    expect(afterScrolling(900, 299)).toEqual({ sticky: false, gone: true });
    expect(afterScrolling(900, 250)).toEqual({ sticky: false, gone: true });
  });

  it('keeps gone down to 150 px and removes it under 150 px', () => {
    expect(afterScrolling(900, 250, 150)).toEqual({ sticky: false, gone: true });
    expect(afterScrolling(900, 250, 149)).toEqual({ sticky: false, gone: false });
    expect(afterScrolling(900, 250, 100)).toEqual({ sticky: false, gone: false });
  });

  it('goes straight from sticky to plain on a jump under 150 px', () => {
    expect(afterScrolling(900, 100)).toEqual({ sticky: false, gone: false });
  });

  it('a plain navbar never turns gone', () => {
    expect(afterScrolling(700, 200)).toEqual({ sticky: false, gone: false });
  });

  it('a gone navbar scrolled past 800 px again is sticky and no longer gone', () => {
    expect(afterScrolling(900, 250, 600)).toEqual({ sticky: false, gone: true });
    expect(afterScrolling(900, 250, 900)).toEqual({ sticky: true, gone: false });
  });
});

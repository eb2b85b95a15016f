// The navbar's scroll states (spec §2, §9): sticky past 800 px; a sticky navbar
// turns "gone" (slides away) once back under 300 px; "gone" is removed under 150 px.
export const STICKY_AFTER = 800;
export const GONE_UNDER = 300;
export const SETTLED_UNDER = 150;

export interface NavbarState {
  sticky: boolean;
  gone: boolean;
}

export const INITIAL_NAVBAR_STATE: NavbarState = { sticky: false, gone: false };

export function nextNavbarState(previous: NavbarState, scrollY: number): NavbarState {
  let { sticky, gone } = previous;
  if (scrollY > STICKY_AFTER) {
    // Sticky again: it cannot be sticky and gone at once (decision record 004).
    sticky = true;
    gone = false;
  } else if (sticky && scrollY < GONE_UNDER) {
    sticky = false;
    gone = true;
  }
  if (gone && scrollY < SETTLED_UNDER) gone = false;
  return { sticky, gone };
}

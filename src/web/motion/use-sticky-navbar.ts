import { useEffect, useState } from 'react';
import { INITIAL_NAVBAR_STATE, nextNavbarState, type NavbarState } from './navbar-state.js';

/** The navbar's sticky/gone state from the scroll position; re-renders only when it changes. */
export function useStickyNavbar(): NavbarState {
  const [state, setState] = useState(INITIAL_NAVBAR_STATE);
  useEffect(() => {
    const update = () =>
      setState((previous) => {
        const next = nextNavbarState(previous, window.scrollY);
        return next.sticky === previous.sticky && next.gone === previous.gone ? previous : next;
      });
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return state;
}

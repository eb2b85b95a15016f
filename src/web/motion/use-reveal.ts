import { useEffect, type RefObject } from 'react';

/**
 * Marks the element `data-revealed` once it scrolls into view (or is shown, for
 * a tab panel); CSS runs the entrance from there. Without motion (reduced motion,
 * no JavaScript) nothing is ever hidden, so there is nothing to reveal.
 */
export function useReveal(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || element.dataset.revealed !== undefined) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        element.dataset.revealed = '';
        observer.disconnect();
      },
      { rootMargin: '0px 0px -15% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
}

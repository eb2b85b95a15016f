import { useEffect, type RefObject } from 'react';
import { prefersReducedMotion } from './reduced-motion.js';

/** How far the element travels while its section crosses the viewport. */
const TRAVEL_PX = 120;

/**
 * Moves the element up as the page scrolls past its section: +60 px when the
 * section enters at the bottom, -60 px when it leaves at the top. Written to
 * `transform` once per animation frame, never through React state.
 */
export function useScrollRise(
  sectionRef: RefObject<HTMLElement | null>,
  movingRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const section = sectionRef.current;
    const moving = movingRef.current;
    if (!section || !moving) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      if (prefersReducedMotion()) {
        moving.style.transform = '';
        return;
      }
      const rect = section.getBoundingClientRect();
      const progress = Math.min(1, Math.max(0, (innerHeight - rect.top) / (innerHeight + rect.height)));
      moving.style.transform = `translate3d(0, ${((0.5 - progress) * TRAVEL_PX).toFixed(1)}px, 0)`;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, [sectionRef, movingRef]);
}

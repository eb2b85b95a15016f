import { useEffect, type RefObject } from 'react';
import { BLOB_RANGE_PX, TRUCK_RANGE_PX, parallaxOffset, type Offset } from './parallax.js';
import { prefersReducedMotion } from './reduced-motion.js';

const translate = ({ x, y }: Offset) => `translate3d(${x}px, ${y}px, 0)`;

/**
 * The hero's pointer parallax. Offsets go straight to `transform` once per frame;
 * CSS times the follow (short) and the 2 s spring back, keyed on data-pointer.
 */
export function useParallax(areaRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    const near = [...area.querySelectorAll<HTMLElement>('.hero-truck, .hero-lights')];
    const far = [...area.querySelectorAll<HTMLElement>('.hero-blob')];
    let frame = 0;
    let pointer: PointerEvent | undefined;

    const apply = () => {
      frame = 0;
      if (!pointer) return;
      const rect = area.getBoundingClientRect();
      const truck = translate(parallaxOffset(pointer, rect, TRUCK_RANGE_PX));
      // The blobs drift the other way, which reads as depth.
      const blobOffset = parallaxOffset(pointer, rect, BLOB_RANGE_PX);
      const blobs = translate({ x: -blobOffset.x || 0, y: -blobOffset.y || 0 });
      for (const element of near) element.style.transform = truck;
      for (const element of far) element.style.transform = blobs;
    };
    const onMove = (event: PointerEvent) => {
      if (event.pointerType === 'touch' || prefersReducedMotion()) return;
      area.dataset.pointer = 'in';
      pointer = event;
      if (!frame) frame = requestAnimationFrame(apply);
    };
    const onLeave = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      pointer = undefined;
      area.dataset.pointer = 'out';
      for (const element of [...near, ...far]) element.style.transform = 'translate3d(0px, 0px, 0)';
    };
    area.addEventListener('pointermove', onMove);
    area.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      area.removeEventListener('pointermove', onMove);
      area.removeEventListener('pointerleave', onLeave);
    };
  }, [areaRef]);
}

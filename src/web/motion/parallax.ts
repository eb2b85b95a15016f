// Pointer parallax of the hero (spec §2, §9): the truck and its lights move up to
// 25 px, the background blobs up to 15 px. The 2 s spring back is CSS (hero.css).
export const TRUCK_RANGE_PX = 25;
export const BLOB_RANGE_PX = 15;

export interface Offset {
  x: number;
  y: number;
}

const clamp = (value: number) => Math.min(1, Math.max(-1, value));

/**
 * The offset for a pointer at (clientX, clientY) over `area`: 0 at its centre,
 * ±range at its edges, never more.
 */
export function parallaxOffset(
  pointer: { clientX: number; clientY: number },
  area: { left: number; top: number; width: number; height: number },
  range: number,
): Offset {
  if (area.width <= 0 || area.height <= 0) return { x: 0, y: 0 };
  const x = clamp((pointer.clientX - area.left - area.width / 2) / (area.width / 2));
  const y = clamp((pointer.clientY - area.top - area.height / 2) / (area.height / 2));
  // Round to 0.01 px: smooth enough, and keeps style strings short.
  const round = (value: number) => Math.round(value * range * 100) / 100 || 0;
  return { x: round(x), y: round(y) };
}

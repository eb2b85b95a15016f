import type { ReactNode } from 'react';

/**
 * A table too wide for a phone scrolls sideways on its own; the page never does. It is a
 * region named by `labelledBy`, which the keyboard can reach to scroll it.
 */
export function ScrollRegion({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = className ? `inbox-scroll ${className}` : 'inbox-scroll';
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable)
    <section className={classes} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}

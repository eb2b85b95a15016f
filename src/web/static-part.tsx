import { createElement, type ReactNode } from 'react';

/**
 * Markup rendered at build time and never hydrated: in the browser React keeps
 * the prerendered DOM as it is and never renders it again. Callers pass the
 * children only at build time (`import.meta.env.SSR && …`), so the code and
 * content behind them stay out of the page's bundle. Only for markup without
 * React state or handlers (a `.book-us` link is fine: it works through opener.ts).
 */
export function StaticPart({
  as = 'div',
  children,
  ...props
}: { as?: string; className?: string; children?: ReactNode } & Record<string, unknown>) {
  // In the browser the prerendered markup is kept, not compared: React would report its
  // own empty innerHTML as a mismatch (in development only, where it checks).
  return import.meta.env.SSR
    ? createElement(as, props, children)
    : createElement(as, { ...props, dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true });
}

// In-app links and focus: what a router would give, in a few lines; and copying a link to share.
import { type MouseEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { navigate } from './use-location.js';

/** A link inside the inbox: a plain link that moves without a reload (modified clicks open as usual). */
export function Link({ href, children, ...rest }: { href: string; children: ReactNode; className?: string }) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={click} {...rest}>
      {children}
    </a>
  );
}

/** Moves focus to a view's heading when the view changes, so keyboard and screen reader users start there. */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** Copies an address to share (a feed, a quote); what happened, for the view's status line. */
export async function copyLink(url: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(url);
    return 'Link copied.';
  } catch {
    return 'Could not copy: select the address and copy it.';
  }
}

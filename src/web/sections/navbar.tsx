import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { content } from '../../../content/index.js';
import { useStickyNavbar } from '../motion/use-sticky-navbar.js';
import { BrandMark } from './brand-mark.js';
import './navbar.css';
import { BookUs } from '../inquiry/book-us.js';
import { inPage } from '../prerendered-state.js';
import { StaticPart } from '../static-part.js';
import { words } from '../page-words.js';

/** Whether this browser has the popover attribute (Chrome 114, Safari 17, Firefox 125). */
const hasPopovers = () => typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;

/**
 * The navbar. On narrow screens its links are a native popover (`#nav-links`), which the
 * menu button opens and closes before the page's module has run, and without JavaScript:
 * Escape and a click outside close it too. The page's boot script mirrors its state to
 * `nav-active` and aria-expanded until the module takes over (record 160); the module
 * starts from what the boot script left.
 */
export function Navbar() {
  const { sticky, gone } = useStickyNavbar();
  const [open, setOpen] = useState(() => inPage('.nav-active'));
  const links = useRef<HTMLUListElement>(null);

  // A browser without popovers: the button and Escape are ours.
  useEffect(() => {
    if (!open || hasPopovers()) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const close = () => {
    if (links.current?.matches?.(':popover-open')) links.current.hidePopover();
    else setOpen(false);
  };

  // Widened to where the links sit in the bar (navbar.css), an open menu closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `close` reads only the ref.
  useEffect(() => {
    const wide = matchMedia('(min-width: 1200px)');
    const onChange = () => wide.matches && close();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const classes = ['navbar', sticky && 'sticky', gone && 'gone', open && 'nav-active'].filter(Boolean).join(' ');
  return (
    <header className={classes}>
      <nav className="navbar-inner" aria-label={words.navigation}>
        <a className="navbar-brand" href="#top">
          {/* The mark is prerendered, not hydrated: the owner's picture markup stays out of the page's bundle. */}
          <StaticPart as="span" className="navbar-mark">
            {import.meta.env.SSR && <BrandMark loading="eager" />}
          </StaticPart>
          <span>{content.name}</span>
        </a>
        {/*
          Prerendered without aria-expanded: without JavaScript the browser tells the popover's
          state itself; with it, the boot script sets the attribute as the page is parsed.
        */}
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={import.meta.env.SSR ? undefined : open}
          aria-controls="nav-links"
          popoverTarget="nav-links"
          suppressHydrationWarning
          onClick={() => !hasPopovers() && setOpen((isOpen) => !isOpen)}
        >
          <span className="nav-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">{words.menuToggle}</span>
        </button>
        {/* The links never change: prerendered, not hydrated (not in the page's bundle); the list's handlers are. */}
        <StaticPart
          as="ul"
          ref={links}
          id="nav-links"
          className="nav-links"
          popover="auto"
          onToggle={(event: { newState: string }) => setOpen(event.newState === 'open')}
          onClick={(event: MouseEvent) => (event.target as Element).closest('a, button') && close()}
        >
          {import.meta.env.SSR && (
            <>
              {content.nav.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
              {/* The other language's page, named in its own language (record 300). */}
              {content.languages && content.languages.length > 1 ? (
                <li>
                  <a
                    href={words.lang === 'en' ? '/es/' : '/'}
                    hrefLang={words.lang === 'en' ? 'es' : 'en'}
                    lang={words.lang === 'en' ? 'es' : 'en'}
                  >
                    {words.otherLanguage}
                  </a>
                </li>
              ) : null}
              <li>
                <BookUs className="button button-small">{words.bookUs}</BookUs>
              </li>
            </>
          )}
        </StaticPart>
      </nav>
    </header>
  );
}

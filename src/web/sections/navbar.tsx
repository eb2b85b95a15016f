import { type MouseEvent, useEffect, useState } from 'react';
import { content } from '../../../content/index.js';
import { useStickyNavbar } from '../motion/use-sticky-navbar.js';
import { BrandMark } from './brand-mark.js';
import './navbar.css';
import { BookUs } from '../inquiry/book-us.js';
import { StaticPart } from '../static-part.js';

export function Navbar() {
  const { sticky, gone } = useStickyNavbar();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const classes = ['navbar', sticky && 'sticky', gone && 'gone', open && 'nav-active'].filter(Boolean).join(' ');
  return (
    <header className={classes}>
      <nav className="navbar-inner" aria-label="Main">
        <a className="navbar-brand" href="#top">
          {/* The mark is prerendered, not hydrated: the owner's picture markup stays out of the page's bundle. */}
          <StaticPart as="span" className="navbar-mark">
            {import.meta.env.SSR && <BrandMark loading="eager" />}
          </StaticPart>
          <span>{content.name}</span>
        </a>
        <button
          type="button"
          className="nav-toggle"
          aria-expanded={open}
          aria-controls="nav-links"
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          <span className="nav-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        {/* The links never change: prerendered, not hydrated (not in the page's bundle); the list's click handler is. */}
        <StaticPart
          as="ul"
          id="nav-links"
          className="nav-links"
          onClick={(event: MouseEvent) => (event.target as Element).closest('a, button') && setOpen(false)}
        >
          {import.meta.env.SSR && (
            <>
              {content.nav.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
              <li>
                <BookUs className="button button-small">Book us</BookUs>
              </li>
            </>
          )}
        </StaticPart>
      </nav>
    </header>
  );
}

import { useEffect, useState } from 'react';
import { content } from '../../../content/index.js';
import { useStickyNavbar } from '../motion/use-sticky-navbar.js';
import { BrandMark } from './brand-mark.js';
import './navbar.css';

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
          <BrandMark loading="eager" />
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
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: closes the menu after a link or button inside it was activated (by any input). */}
        <ul
          id="nav-links"
          className="nav-links"
          onClick={(event) => (event.target as Element).closest('a, button') && setOpen(false)}
        >
          {content.nav.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
          <li>
            <button type="button" className="book-us button button-small" aria-haspopup="dialog">
              Book us
            </button>
          </li>
        </ul>
      </nav>
    </header>
  );
}

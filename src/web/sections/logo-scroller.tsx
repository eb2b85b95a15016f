import { useState } from 'react';
import { content } from '../../../content/index.js';
import './logo-scroller.css';

/**
 * An endless row of client names. The list is rendered twice so the loop has no
 * seam; the copies are aria-hidden so assistive technology reads each name once.
 * The copies exist under reduced motion too (spec §2); CSS then hides them and
 * stops the motion. The pause button satisfies WCAG 2.2.2 (moving content).
 */
export function LogoScroller() {
  const [paused, setPaused] = useState(false);
  const logos = content.clients.logos;
  return (
    <section id="clients" className="section clients" aria-labelledby="clients-title">
      <div className="section-inner clients-header">
        <h2 id="clients-title">{content.clients.heading}</h2>
        <button
          type="button"
          className="scroller-pause"
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> client logos</span>
        </button>
      </div>
      <div className={paused ? 'logo-scroller paused' : 'logo-scroller'}>
        <ul className="logo-scroller-track">
          {logos.map((name) => (
            <li key={name} className="logo">
              {name}
            </li>
          ))}
          {logos.map((name) => (
            <li key={`copy-${name}`} className="logo" aria-hidden="true">
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { content, type ClientLogo } from '../../../content/index.js';
import { builtPicture, Picture } from '../picture.js';
import { StaticPart } from '../static-part.js';
import './logo-scroller.css';
import { words } from '../page-words.js';

/** Logos are shown this high (CSS: .logo-image); their width follows their own shape. */
const LOGO_HEIGHT = 48;

/** A client's logo with the name as its alt text, or the name as a text chip when there is no logo. */
function ClientItem({ logo, copy }: { logo: ClientLogo; copy: boolean }) {
  const name = typeof logo === 'string' ? logo : logo.name;
  const picture = typeof logo === 'string' ? undefined : builtPicture('logo', logo.image);
  if (!picture) {
    return (
      <li className="logo" aria-hidden={copy || undefined}>
        {name}
      </li>
    );
  }
  const width = Math.round((LOGO_HEIGHT * picture.width) / picture.height);
  return (
    <li className="logo logo-has-image" aria-hidden={copy || undefined}>
      <Picture data={picture} alt={name} className="logo-image" height={LOGO_HEIGHT} sizes={`${width}px`} />
    </li>
  );
}

/**
 * An endless row of client logos (or names, for clients without one). The list is rendered twice so the loop has no
 * seam; the copies are aria-hidden so assistive technology reads each name once.
 * The copies exist under reduced motion too (spec §2); CSS then hides them and
 * stops the motion. The pause button satisfies WCAG 2.2.2 (moving content).
 */
export function LogoScroller() {
  const [paused, setPaused] = useState(false);
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
          {paused ? words.play : words.pause}
          <span className="visually-hidden"> client logos</span>
        </button>
      </div>
      <div className={paused ? 'logo-scroller paused' : 'logo-scroller'}>
        {/* The logos never change: prerendered, not hydrated (their pictures' markup is not in the page's bundle). */}
        <StaticPart as="ul" className="logo-scroller-track">
          {import.meta.env.SSR && (
            <>
              {content.clients.logos.map((logo) => (
                <ClientItem key={keyOf(logo)} logo={logo} copy={false} />
              ))}
              {content.clients.logos.map((logo) => (
                <ClientItem key={`copy-${keyOf(logo)}`} logo={logo} copy />
              ))}
            </>
          )}
        </StaticPart>
      </div>
    </section>
  );
}

const keyOf = (logo: ClientLogo) => (typeof logo === 'string' ? logo : logo.name);

import { useRef, useState, type MouseEvent } from 'react';
import { content, truckOperation } from '../../../content/index.js';
import { useParallax } from '../motion/use-parallax.js';
import { inPage } from '../prerendered-state.js';
import { StaticPart } from '../static-part.js';
import { TruckArt, TruckLightsArt } from './truck-art.js';
import './hero.css';
import { BookUs } from '../inquiry/book-us.js';
import { words } from '../page-words.js';

/** Clicks on these do their own job and leave the lights alone (the lights button excepted). */
const OWN_ACTION = 'a, input, select, textarea, label, button:not(.hero-lights)';

export function Hero() {
  const heroRef = useRef<HTMLElement>(null);
  // Switched before the page's module ran (its boot script does that, record 160): they stay on.
  const [lightsOn, setLightsOn] = useState(() => inPage('.hero.lights-on'));
  useParallax(heroRef);

  // A click anywhere on the area (or on the lights, the keyboard's way in) toggles the lights.
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest(OWN_ACTION)) return;
    if (String(getSelection() ?? '') !== '') return; // selecting text is not a click on the truck
    setLightsOn((on) => !on);
  };

  return (
    // The area's click handler is a pointer nicety; the lights button is the keyboard's control.
    // biome-ignore lint/a11y/useKeyWithClickEvents: spec §2, a click on the area toggles the lights; the lights button serves the keyboard.
    <section
      id="top"
      ref={heroRef}
      className={lightsOn ? 'hero lights-on' : 'hero'}
      aria-labelledby="hero-title"
      onClick={onClick}
    >
      <div className="hero-night" aria-hidden="true" />
      <div className="hero-blob hero-blob-1" aria-hidden="true" />
      <div className="hero-blob hero-blob-2" aria-hidden="true" />
      <div className="hero-blob hero-blob-3" aria-hidden="true" />
      <div className="hero-inner">
        {/* Text and links only: prerendered, not hydrated (not in the page's bundle). */}
        <StaticPart className="hero-copy">
          {import.meta.env.SSR && (
            <>
              <p className="hero-eyebrow">{content.tagline}</p>
              <h1 id="hero-title">{content.hero.heading}</h1>
              <p className="hero-lead">{content.hero.lead}</p>
              <div className="hero-actions">
                {/* The hero sells the truck: its button chooses the truck (the visitor picks the package). */}
                <BookUs className="button button-large" operation={truckOperation(content)}>
                  {content.hero.callToAction}
                </BookUs>
                <a className="button button-ghost button-large" href="#packages">
                  See packages
                </a>
              </div>
            </>
          )}
        </StaticPart>
        <div className="hero-stage">
          {/* The drawings never change: prerendered, not hydrated (their code is not in the page's bundle). */}
          <StaticPart as="span" className="static-part">
            {import.meta.env.SSR && <TruckArt className="hero-truck" />}
          </StaticPart>
          <button type="button" className="hero-lights" aria-pressed={lightsOn} aria-describedby="lights-hint">
            <span className="visually-hidden">{words.truckLights}</span>
            <StaticPart as="span" className="static-part">
              {import.meta.env.SSR && <TruckLightsArt />}
            </StaticPart>
          </button>
          <StaticPart as="p" id="lights-hint" className="hero-hint">
            {import.meta.env.SSR && content.hero.lightsHint}
          </StaticPart>
        </div>
      </div>
    </section>
  );
}

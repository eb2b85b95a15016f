import { useRef } from 'react';
import { content } from '../../../content/index.js';
import { useReveal } from '../motion/use-reveal.js';
import { useScrollRise } from '../motion/use-scroll-rise.js';
import { StaticPart } from '../static-part.js';
import './why-us.css';
import { BookUs } from '../inquiry/book-us.js';
import { words } from '../page-words.js';

export function WhyUs() {
  const sectionRef = useRef<HTMLElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  useScrollRise(sectionRef, innerRef);
  useReveal(textRef);
  return (
    <section id="why-us" ref={sectionRef} className="section why-us" aria-labelledby="why-us-title">
      <div ref={innerRef} className="section-inner why-us-inner">
        {/* Text and a link only: prerendered, not hydrated (not in the page's bundle). */}
        <StaticPart ref={textRef} className="why-us-text">
          {import.meta.env.SSR && (
            <>
              <h2 id="why-us-title">{content.whyUs.heading}</h2>
              <ul className="why-us-points">
                {content.whyUs.points.map((point) => (
                  <li key={point.title}>
                    <h3>{point.title}</h3>
                    <p>{point.text}</p>
                  </li>
                ))}
              </ul>
              <BookUs className="button button-large">{words.checkYourDate}</BookUs>
            </>
          )}
        </StaticPart>
      </div>
    </section>
  );
}

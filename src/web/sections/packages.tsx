import { useRef, useState, type KeyboardEvent } from 'react';
import { bookedChoice, content, type PackageGroup } from '../../../content/index.js';
import { useReveal } from '../motion/use-reveal.js';
import { builtPicture, Picture } from '../picture.js';
import { inPage } from '../prerendered-state.js';
import { StaticPart } from '../static-part.js';
import './packages.css';
import { BookUs } from '../inquiry/book-us.js';
import { words } from '../page-words.js';

/**
 * How wide a card's photo is drawn, for the browser's pick among the widths: the
 * grid (packages.css) fits columns of at least 240 px, 20 px apart, in a row of
 * min(100vw - 40px, 1160px), and stretches fewer cards over the whole row.
 */
export function photoSizes(cards: number): string {
  const width = (columns: number, row: string) => {
    const n = Math.min(columns, cards);
    return n === 1 ? row : `calc((${row} - ${20 * (n - 1)}px) / ${n})`;
  };
  const wide = Math.min(4, cards);
  return [
    `(min-width: 1200px) ${Math.floor((1160 - 20 * (wide - 1)) / wide)}px`,
    `(min-width: 1060px) ${width(4, '100vw - 40px')}`,
    `(min-width: 800px) ${width(3, '100vw - 40px')}`,
    `(min-width: 540px) ${width(2, '100vw - 40px')}`,
    'calc(100vw - 40px)',
  ].join(', ');
}

const tabId = (group: PackageGroup) => `packages-tab-${group.id}`;
const panelId = (group: PackageGroup) => `packages-panel-${group.id}`;

/** WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump. */
export function Packages() {
  const groups = content.packageGroups;
  // The tab chosen before the page's module ran (its boot script selects tabs, record 160).
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      groups.findIndex((group) => inPage(`#${tabId(group)}[aria-selected="true"]`)),
    ),
  );
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + groups.length) % groups.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: groups.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <section id="packages" className="section packages" aria-labelledby="packages-title">
      <div className="section-inner">
        <h2 id="packages-title">{words.packagesTitle}</h2>
        <div className="packages-tabs" role="tablist" aria-label={words.packageTypes} onKeyDown={onKeyDown}>
          {groups.map((group, index) => (
            <button
              key={group.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(group)}
              className={index === active ? 'packages-tab active' : 'packages-tab'}
              aria-selected={index === active}
              aria-controls={panelId(group)}
              tabIndex={index === active ? 0 : -1}
              onClick={() => select(index)}
            >
              {group.label}
            </button>
          ))}
        </div>
        {groups.map((group, index) => (
          <PackagePanel key={group.id} group={group} hidden={index !== active} />
        ))}
      </div>
    </section>
  );
}

function PackagePanel({ group, hidden }: { group: PackageGroup; hidden: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useReveal(ref);
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={panelId(group)}
      aria-labelledby={tabId(group)}
      className="package-group"
      hidden={hidden}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA APG tabs: a panel is focusable so the keyboard reaches it.
      tabIndex={0}
    >
      <StaticPart as="p" className="package-group-intro">
        {import.meta.env.SSR && group.intro}
      </StaticPart>
      {/* The cards never change: prerendered, not hydrated (their text is not in the page's bundle). */}
      <StaticPart className="package-cards">
        {import.meta.env.SSR &&
          group.packages.map((card, index) => (
            <article key={card.name} className="package-card" aria-labelledby={`package-${group.id}-${index}`}>
              {card.photo && (
                // A 3:2 frame reserved before the photo loads (packages.css), so nothing moves when it arrives.
                <div className="package-photo">
                  <Picture
                    data={builtPicture('photo', card.photo.src)!}
                    alt={card.photo.alt}
                    sizes={photoSizes(group.packages.length)}
                  />
                </div>
              )}
              <h3 id={`package-${group.id}-${index}`}>{card.name}</h3>
              <p className="package-price">{card.price}</p>
              <p className="package-summary">{card.summary}</p>
              <ul className="package-features">
                {card.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <BookUs className="button" {...bookedChoice(content, group, card)}>
                Book {card.name}
              </BookUs>
            </article>
          ))}
      </StaticPart>
    </div>
  );
}

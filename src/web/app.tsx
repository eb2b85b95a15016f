import { ErrorBoundary } from '../shared/error-boundary.js';
import { content } from '../../content/index.js';
import { SCHEDULE_END, SCHEDULE_START } from '../shared/schedule-markers.js';
import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Footer } from './sections/footer.js';
import { Hero } from './sections/hero.js';
import { LogoScroller } from './sections/logo-scroller.js';
import { Menu } from './sections/menu.js';
import { Navbar } from './sections/navbar.js';
import { Packages } from './sections/packages.js';
import './sections/schedule.css';
import { WhyUs } from './sections/why-us.js';
import { StaticPart } from './static-part.js';
import 'virtual:theme.css';
import './styles/base.css';
// The overlay's and toasts' styles are in the first stylesheet, though their code
// loads later: the form shows without JavaScript, and nothing restyles when it arrives.
import './inquiry/inquiry.css';
import './toast/toaster.css';
import { words } from './page-words.js';

/** How many hydration boundaries the page has (one per <Part> below). */
const PARTS = 6;
let hydratedParts = 0;

/**
 * A part of the page that hydrates on its own: React hydrates the parts one by
 * one, yielding to the browser in between, and hydrates first the one a visitor
 * interacts with. The page is marked ready once every part is.
 */
function Part({ children }: { children: ReactNode }) {
  // A part that fails leaves the rest of the page working (React would otherwise unmount it all).
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        {children}
        <Hydrated />
      </Suspense>
    </ErrorBoundary>
  );
}

function Hydrated() {
  // Children's effects run first, so every handler of the part is in place.
  useEffect(() => {
    hydratedParts += 1;
    if (hydratedParts === PARTS) document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

/**
 * The page. `Inquiry` is the inquiry overlay with the toasts: rendered directly
 * at build time, loaded lazily in the browser (entry-client.tsx).
 */
export function App({ Inquiry }: { Inquiry: ComponentType }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {words.skipToContent}
      </a>
      <Part>
        <Navbar />
      </Part>
      <main id="main" tabIndex={-1}>
        <Part>
          <Hero />
        </Part>
        {/*
          Where the truck is: filled in between its markers at build (entry-server.tsx, no stops
          yet) and by the server whenever the stops change (record 111). Never hydrated.
        */}
        <StaticPart
          className="static-part"
          {...(import.meta.env.SSR ? { dangerouslySetInnerHTML: { __html: SCHEDULE_START + SCHEDULE_END } } : {})}
        />
        <Part>
          <Packages />
        </Part>
        {/* The menu never changes: prerendered, not hydrated, its code not in the page's bundle. */}
        <StaticPart className="static-part">
          {import.meta.env.SSR && content.menu && <Menu menu={content.menu} />}
        </StaticPart>
        <Part>
          <WhyUs />
        </Part>
        <Part>
          <LogoScroller />
        </Part>
      </main>
      {/* Nothing in the footer changes: prerendered, not hydrated, its code not in the page's bundle. */}
      <StaticPart className="static-part">{import.meta.env.SSR && <Footer />}</StaticPart>
      <Part>
        <Inquiry />
      </Part>
    </>
  );
}

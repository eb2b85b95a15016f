import { lazy, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app.js';
import { installOpeners } from './inquiry/opener.js';
import { prefersReducedMotion } from './motion/reduced-motion.js';

// Entrance animations hide content until it scrolls in; only when JavaScript
// runs and motion is welcome. Otherwise everything is simply visible. The built
// page's boot script has armed them as soon as the body was parsed
// (src/shared/page-boot-script.ts); this covers `npm run dev`, which has none.
if (!prefersReducedMotion()) document.documentElement.classList.add('motion-ok');

// The overlay's code (form, sending, toasts) loads when the browser is idle
// after the page has loaded, or on the first sign of intent, whichever comes first.
let startLoading: () => void = () => {};
const wanted = new Promise<void>((resolve) => {
  startLoading = resolve;
});
const Inquiry = lazy(() =>
  wanted.then(() => import('./inquiry/inquiry-island.js')).then((module) => ({ default: module.InquiryIsland })),
);
installOpeners(() => startLoading());
// The page's boot script loads this module after the first paint, which can be after `load`.
const whenIdle = () => (window.requestIdleCallback ?? setTimeout)(() => startLoading());
if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });

// Hydration as a transition: React works in slices and yields to the browser
// (and to a visitor's input) between them; each part of the page hydrates on its own.
startTransition(() => {
  hydrateRoot(document.getElementById('root')!, <App Inquiry={Inquiry} />);
});

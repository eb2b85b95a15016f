import { hydrateRoot } from 'react-dom/client';
import { App } from './app.js';
import { prefersReducedMotion } from './motion/reduced-motion.js';

// Entrance animations hide content until it scrolls in; only when JavaScript
// runs and motion is welcome. Otherwise everything is simply visible.
if (!prefersReducedMotion()) document.documentElement.classList.add('motion-ok');

hydrateRoot(document.getElementById('root')!, <App />);

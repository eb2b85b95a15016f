// Build-time rendering of the page's HTML (scripts/prerender.ts writes it into index.html).
import { renderToString } from 'react-dom/server';
import { App } from './app.js';
import { InquiryIsland } from './inquiry/inquiry-island.js';

export function renderApp(): string {
  return renderToString(<App Inquiry={InquiryIsland} />);
}

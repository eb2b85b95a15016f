// Build-time rendering of the page's HTML (scripts/prerender.ts writes it into
// index.html) and of the no-JavaScript form pages (scripts/prerender-inquiry.ts).
import { renderToString } from 'react-dom/server';
import { App } from './app.js';
import { InquiryIsland } from './inquiry/inquiry-island.js';
import { InquiryPage } from './inquiry/no-js-page.js';

export function renderApp(): string {
  return renderToString(<App Inquiry={InquiryIsland} />);
}

export function renderInquiryPage(sent: boolean): string {
  return renderToString(<InquiryPage sent={sent} />);
}

// Build-time rendering of the page's HTML (scripts/prerender.ts writes it into
// index.html) and of the no-JavaScript form pages (scripts/prerender-inquiry.ts).
import { renderToString } from 'react-dom/server';
import { content } from '../../content/index.js';
import { scheduleSection, sectionOptionsOf, withScheduleSection } from '../shared/schedule-section.js';
import { App } from './app.js';
import { InquiryIsland } from './inquiry/inquiry-island.js';
import { InquiryPage } from './inquiry/no-js-page.js';

/** The page, its "Find the truck" section with no stops yet: the server fills them in (record 111). */
export function renderApp(): string {
  const section = scheduleSection([], { ...sectionOptionsOf(content), now: new Date() });
  return withScheduleSection(renderToString(<App Inquiry={InquiryIsland} />), section);
}

export function renderInquiryPage(sent: boolean): string {
  return renderToString(<InquiryPage sent={sent} />);
}

// The server-side bundle (`vite build --ssr`, into dist/ssr): renders the page's HTML, the
// no-JavaScript form pages and the site's files from a content it is given. The server
// calls it on start and on each publish (src/server/site/site-renderer.ts); the build's
// prerender (scripts/prerender.ts) through the same server module.
import { renderToString } from 'react-dom/server';
import { scheduleSection, sectionOptionsOf, withScheduleSection } from '../shared/schedule-section.js';
import type { PageInput, PageRenderers } from '../shared/site-render.js';
import { App } from './app.js';
import { InquiryIsland } from './inquiry/inquiry-island.js';
import { InquiryPage } from './inquiry/no-js-page.js';
import { renderingWith } from './rendered-content.js';
import { inboxManifest, renderHead, robotsTxt, sitemapXml, webManifest } from './seo/site-files.js';

/** The page, its "Find the truck" section with no stops yet: the server fills them in (record 111). */
function renderApp(page: PageInput): string {
  const section = scheduleSection([], { ...sectionOptionsOf(page.content, page.language), now: new Date() });
  return withScheduleSection(
    renderingWith(page, () => renderToString(<App Inquiry={InquiryIsland} />)),
    section,
  );
}

function renderInquiryPage(page: PageInput, sent: boolean): string {
  return renderingWith(page, () => renderToString(<InquiryPage sent={sent} />));
}

export const renderers: PageRenderers = {
  renderApp,
  renderInquiryPage,
  renderHead,
  webManifest,
  inboxManifest,
  robotsTxt,
  sitemapXml,
};

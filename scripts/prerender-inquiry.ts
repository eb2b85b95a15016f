// After scripts/prerender.ts: the two pages a plain (no-JavaScript) form post is
// answered with, rendered from the same React form as the overlay. Dotfiles, so
// the static server never serves them; src/server/routes/form-post.ts reads them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { content, contentFile } from '../content/index.js';
import { escapeHtml } from '../src/shared/escape-html.js';
import { INQUIRY_PAGE_FILES } from '../src/shared/no-js-form-page.js';
import { clientDir, contentFileRecord, ssrDir } from './build-output.js';

const { renderInquiryPage } = (await import(join(process.cwd(), ssrDir, 'entry-server.js'))) as {
  renderInquiryPage: (sent: boolean) => string;
};

const landing = readFileSync(join(clientDir, 'index.html'), 'utf8');
// The landing page's inlined stylesheet, byte for byte: the CSP allows it by its hash.
const style = /<style>[\s\S]*?<\/style>/.exec(landing)?.[0];
if (!style) throw new Error(`${clientDir}/index.html has no inline stylesheet`);
const icon = /<link rel="icon"[^>]*>/.exec(landing)?.[0] ?? '';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="${content.locale}"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${escapeHtml(`${title} · ${content.name}`)}</title><meta name="robots" content="noindex" />${icon}${style}</head><body>${body}</body></html>`;

writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.form), page('Tell us about your event', renderInquiryPage(false)));
writeFileSync(join(clientDir, INQUIRY_PAGE_FILES.sent), page('Thank you', renderInquiryPage(true)));
writeFileSync(contentFileRecord, contentFile);
console.log(`Prerendered the no-JavaScript inquiry pages in ${clientDir} (content: ${contentFile}).`);

// The last build step: renders the page into dist/client/index.html (or CLIENT_DIR's,
// scripts/build-output.ts), writes the files generated from the content, and
// precompresses the other text files (gzip, brotli).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { content } from '../content/index.js';
import { PAGE_MOTION_TAG, pageBootTag } from '../src/shared/page-boot-script.js';
import { INLINE_STYLE_HASHES_FILE } from '../src/server/security-headers.js';
import { inboxManifest, renderHead, robotsTxt, sitemapXml, webManifest } from '../src/web/seo/site-files.js';
import { buildSiteImages } from '../src/build/site-images.js';
import { clientDir, ssrDir } from './build-output.js';

const { renderApp } = (await import(join(process.cwd(), ssrDir, 'entry-server.js'))) as { renderApp: () => string };

const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
// Icons and the link preview card, drawn from the content (src/build/site-images.ts).
const siteImages = await buildSiteImages(content);

// The stylesheet is small (about 4 KiB gzipped): inlined, it costs no round trip
// before the first paint. The CSP allows it by its hash (src/server/security-headers.ts).
const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(template);
if (!stylesheet) throw new Error('index.html has no stylesheet link to inline');
const css = readFileSync(join(clientDir, stylesheet[1]!), 'utf8').trim();
const styleHash = `sha256-${createHash('sha256').update(css).digest('base64')}`;

// The page's module loads after the largest paint (src/shared/page-boot-script.ts). Its boot
// script ends the body: in the head, the parser ran it before the hero, and Lighthouse counted
// that work in the first paint (FCP 1.019-1.025x the floor's; after the body, 0.97-0.99x: record 125).
const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
if (!moduleScript) throw new Error("index.html has no module script for the page's boot script to load");

const bootTag = pageBootTag(moduleScript[1]!);
const html = template
  // Armed before any style is worked out (src/shared/page-boot-script.ts, record 129).
  .replace(stylesheet[0], () => `${PAGE_MOTION_TAG}<style>${css}</style>`)
  .replace(moduleScript[0], '')
  .replace('</body>', () => `  ${bootTag}\n  </body>`)
  // Function replacements: a '$' in the content (a price) must not be read as a pattern.
  .replace('<html lang="en">', () => `<html lang="${content.locale}">`)
  .replace('<!--head-->', () => renderHead(content, siteImages.images))
  .replace('<!--app-->', () => renderApp());
if (
  html.includes('<!--app-->') ||
  html.includes('<!--head-->') ||
  !html.includes(bootTag) ||
  !html.includes(PAGE_MOTION_TAG)
) {
  throw new Error('index.html lost its placeholders or its closing body tag');
}

const files: Record<string, string | Buffer> = {
  'index.html': html,
  ...siteImages.files,
  'manifest.webmanifest': webManifest(content, siteImages.images),
  'inbox.webmanifest': inboxManifest(content, siteImages.images),
  // The inbox's service worker: push only, no cache (src/inbox/service-worker.js).
  'inbox-sw.js': readFileSync('src/inbox/service-worker.js'),
  'robots.txt': robotsTxt(content),
  'sitemap.xml': sitemapXml(content, new Date().toISOString().slice(0, 10)),
  [INLINE_STYLE_HASHES_FILE]: JSON.stringify([styleHash]),
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(clientDir, name), text);

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
for (const path of walk(clientDir)) {
  if (!/\.(html|js|css|svg|txt|xml|webmanifest|json)$/.test(path)) continue;
  // The landing page is served from memory with the truck's stops filled in, compressed there.
  if (path === join(clientDir, 'index.html')) continue;
  const data = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
console.log(
  `Prerendered ${clientDir}/index.html (${Buffer.byteLength(html)} bytes) and ${Object.keys(files).length - 1} site files.`,
);

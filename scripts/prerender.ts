// The last build step: makes the page's shell (index.html with its stylesheet inlined and
// its boot script) and the files drawn from the content (icons, the link preview card),
// leaves them beside the server-side bundle for the server's renderer (record 260), and
// renders the content file's version as the server will at start: dist/client/index.html,
// the site's files and the no-JavaScript form pages (the build's checks and `npm run dev`'s
// files; the server answers from its renderer). Then precompresses the other text files.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { content, contentFile } from '../content/index.js';
import { leftoversWarning } from '../content/leftovers.js';
import { buildSiteImages } from '../src/build/site-images.js';
import { fixedContentPort } from '../src/server/site/content-port.js';
import { loadPageKit, renderSite } from '../src/server/site/site-renderer.js';
import { INLINE_STYLE_HASHES_FILE } from '../src/server/security-headers.js';
import { PAGE_MOTION_TAG, pageBootTag } from '../src/shared/page-boot-script.js';
import { INQUIRY_PAGE_FILES } from '../src/shared/no-js-form-page.js';
import { PAGE_SHELL_FILE, SITE_IMAGES_FILE } from '../src/shared/site-render.js';
import { shortName } from '../src/web/seo/site-files.js';
import { clientDir, contentFileRecord, ssrDir } from './build-output.js';

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
const shell = template
  // Armed before any style is worked out (src/shared/page-boot-script.ts, record 129).
  .replace(stylesheet[0], () => `${PAGE_MOTION_TAG}<style>${css}</style>`)
  .replace(moduleScript[0], '')
  // The content the hydrated parts read comes before the script that loads them (record 260).
  .replace('</body>', () => `  <!--page-data-->\n    ${bootTag}\n  </body>`);
if (
  !['<!--app-->', '<!--head-->', '<!--page-data-->', '<html lang="en">', bootTag, PAGE_MOTION_TAG].every((part) =>
    shell.includes(part),
  )
) {
  throw new Error('index.html lost its placeholders, its html tag or its closing body tag');
}
writeFileSync(join(ssrDir, PAGE_SHELL_FILE), shell);
writeFileSync(join(ssrDir, SITE_IMAGES_FILE), JSON.stringify(siteImages.images));

// The content file's version, rendered as the server renders it when it starts.
const kit = await loadPageKit(ssrDir);
if (!kit) throw new Error(`${ssrDir} lacks the server-side bundle or its files: run "npm run build:site"`);
const site = await renderSite(kit, fixedContentPort(content).current());
const files: Record<string, string | Buffer> = {
  'index.html': site.page,
  ...siteImages.files,
  ...Object.fromEntries([...site.files].map(([path, file]) => [path.slice(1), file.identity])),
  // The inbox's service worker: push only, no cache (src/inbox/service-worker.js).
  'inbox-sw.js': readFileSync('src/inbox/service-worker.js'),
  [INLINE_STYLE_HASHES_FILE]: JSON.stringify([styleHash]),
  // Dotfiles, so the static server never serves them: the form pages without a renderer (tests' own builds).
  [INQUIRY_PAGE_FILES.form]: site.inquiryPages.form,
  [INQUIRY_PAGE_FILES.sent]: site.inquiryPages.sent,
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(clientDir, name), text);
writeFileSync(contentFileRecord, contentFile);

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
  // The form pages are the server's own (dotfiles): never served as files.
  if (path === join(clientDir, 'index.html') || basename(path).startsWith('.')) continue;
  const data = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
console.log(
  `Prerendered ${clientDir}/index.html (${Buffer.byteLength(files['index.html']!)} bytes), the no-JavaScript form pages and ${Object.keys(files).length - 3} site files (content: ${contentFile}).`,
);

// What the owner may have missed (record 163): the build goes on, and says so.
const leftovers = leftoversWarning(content, contentFile);
if (leftovers) console.warn(`\n${leftovers}`);
if (!content.shortName && shortName(content) !== content.name) {
  console.warn(
    `\nHeads-up: ${contentFile} has no shortName: a phone's home screen will show "${shortName(content)}" under the icon. Set shortName (at most 12 characters).`,
  );
}

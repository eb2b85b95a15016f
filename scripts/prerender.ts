// The last build step: renders the page into dist/client/index.html, writes the
// files generated from the content, and precompresses text files (gzip, brotli).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { content } from '../content/index.js';
import { iconSvg, renderHead, robotsTxt, sitemapXml, socialCardSvg, webManifest } from '../src/web/seo/site-files.js';

const clientDir = 'dist/client';
const { renderApp } = (await import(join(process.cwd(), 'dist/ssr/entry-server.js'))) as { renderApp: () => string };

const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
const html = template
  .replace('<html lang="en">', `<html lang="${content.locale}">`)
  .replace('<!--head-->', renderHead(content))
  .replace('<!--app-->', renderApp());
if (html.includes('<!--app-->') || html.includes('<!--head-->')) throw new Error('index.html lost its placeholders');

const files: Record<string, string> = {
  'index.html': html,
  'icon.svg': iconSvg(content),
  'social-card.svg': socialCardSvg(content),
  'manifest.webmanifest': webManifest(content),
  'robots.txt': robotsTxt(content),
  'sitemap.xml': sitemapXml(content, new Date().toISOString().slice(0, 10)),
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
  const data = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
console.log(`Prerendered ${clientDir}/index.html (${Buffer.byteLength(html)} bytes) and ${Object.keys(files).length - 1} site files.`);

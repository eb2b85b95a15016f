// The validated content every part of the site reads on Node (the build, the
// server, the CLI, the tests): content/business.ts, or the file CONTENT_FILE
// names (one under content/, e.g. content/examples/coffee-cart.ts). Importing it
// runs the check, so a bad content file stops the build (and the server) with a
// message naming the file and the field. The page's bundle never runs this
// module: the build hands it the plain data and content/helpers.ts instead
// (scripts/vite-content.ts).
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { business } from './business.js';
import { validateContent, type BusinessContent } from './schema.js';

export const DEFAULT_CONTENT_FILE = 'content/business.ts';

/** The content file in use, relative to the project ('content/business.ts' unless CONTENT_FILE says otherwise). */
export const contentFile = (process.env.CONTENT_FILE || DEFAULT_CONTENT_FILE).replace(/^\.\//, '');

async function load(file: string): Promise<unknown> {
  if (resolve(file) === resolve(DEFAULT_CONTENT_FILE)) return business;
  // Relative to this module's folder, so it works from the sources (tsx, Vitest,
  // Playwright: the .ts file) and from the server's compiled copy in dist/node (.js).
  const here = dirname(fileURLToPath(import.meta.url));
  const inside = relative(resolve('content'), resolve(file));
  if (inside.startsWith('..') || !/\.ts$/.test(inside)) {
    throw new Error(`CONTENT_FILE=${file}: must be a .ts file under content/ (e.g. content/examples/coffee-cart.ts)`);
  }
  const compiled = import.meta.url.endsWith('.js');
  const target = resolve(here, compiled ? inside.replace(/\.ts$/, '.js') : inside);
  // A path known only at run time, on purpose: Vite need not analyse it.
  const module = (await import(/* @vite-ignore */ pathToFileURL(target).href)) as { business?: unknown };
  if (module.business === undefined) throw new Error(`${file}: must export the content as \`business\``);
  return module.business;
}

export const content: BusinessContent = validateContent(await load(contentFile), contentFile);
export * from './schema.js';
// The page's own words on Node (tests, the inbox's components): English. The page's
// bundles get their page's instead (scripts/vite-content.ts, record 300).
export { en as words } from '../src/shared/page-words/en.js';
export const labels: Partial<Record<string, string>> = {};

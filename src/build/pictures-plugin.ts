// Vite plugin: checks and plans the owner's pictures when the build starts (a bad
// file stops it there, naming the file), gives the page what it needs to render
// them as `virtual:pictures`, and writes the encoded files into the client build.
import type { Plugin } from 'vite';
import type { BusinessContent } from '../../content/index.js';
import { CONTENT_DIR, encodePictures, planPictures, type PicturePlan } from './pictures.js';

const ID = 'virtual:pictures';
const RESOLVED = `\0${ID}`;

export function picturesPlugin(content: BusinessContent, contentDir = CONTENT_DIR): Plugin {
  let plan: PicturePlan | undefined;
  let ssr = false;
  return {
    name: 'curbside-pictures',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      plan = await planPictures(content, contentDir);
    },
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      if (!plan) throw new Error('curbside-pictures: the pictures were not planned (buildStart did not run)');
      return `export const pictures = ${JSON.stringify(plan.page)};`;
    },
    async generateBundle() {
      // The server-side render only needs the names; the files go with the client build.
      if (ssr || !plan) return;
      for (const { fileName, data } of await encodePictures(plan)) {
        this.emitFile({ type: 'asset', fileName, source: data });
      }
    },
  };
}

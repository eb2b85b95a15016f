// Vite plugin: checks and plans the owner's pictures when the build starts (a bad
// file stops it there, naming the file), gives the page what it needs to render
// them as `virtual:pictures`, and writes the encoded files into the client build.
// The server-side bundle's `virtual:pictures` is the picture map of the content being
// rendered (src/web/rendered-content.ts); beside that bundle the build's map is written
// (pictures.json), which the server's renderer starts from (record 260). The built
// page's bundle reads the map the server wrote into the page (src/web/page-data.ts).
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { BusinessContent } from '../../content/index.js';
import { BUILT_PICTURES_FILE } from '../shared/site-render.js';
import { CONTENT_DIR, encodePictures, planPictures, type PicturePlan } from './pictures.js';

const ID = 'virtual:pictures';
const RESOLVED = `\0${ID}`;

export function picturesPlugin(content: BusinessContent, contentDir = CONTENT_DIR): Plugin {
  let plan: PicturePlan | undefined;
  let ssr = false;
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'curbside-pictures',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      command = config.command;
    },
    async buildStart() {
      plan = await planPictures(content, contentDir);
    },
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    load(id, options) {
      if (id !== RESOLVED) return undefined;
      if (!plan) throw new Error('curbside-pictures: the pictures were not planned (buildStart did not run)');
      const built = JSON.stringify(plan.page);
      if (options?.ssr) {
        const rendered = JSON.stringify(resolve('src/web/rendered-content.ts'));
        return `import { startWithPictures } from ${rendered};\nstartWithPictures(${built});\nexport { pictures } from ${rendered};`;
      }
      if (command === 'serve') return `export const pictures = ${built};`;
      const page = JSON.stringify(resolve('src/web/page-data.ts'));
      return `import { pageData } from ${page};\nexport const pictures = pageData.pictures;`;
    },
    async generateBundle() {
      if (!plan) return;
      // The server-side render only needs the names; the files go with the client build.
      if (ssr) {
        this.emitFile({ type: 'asset', fileName: BUILT_PICTURES_FILE, source: JSON.stringify(plan.page) });
        return;
      }
      for (const { fileName, data } of await encodePictures(plan)) {
        this.emitFile({ type: 'asset', fileName, source: data });
      }
    },
  };
}

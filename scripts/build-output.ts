// Where a build of the site goes: its client files, the ones the server serves
// (CLIENT_DIR, the server's own setting; dist/client unless set), and beside them the
// prerender's bundle (ssr/) and the name of the content file it was built from
// (content-file). The server's own build (dist/node) is the same for every content
// file, so a second business builds only its site, into a folder of its own
// (scripts/test-alt-content.mjs: dist/alt/client), and the first build stays.
import { dirname, join } from 'node:path';
import { ssrDirOf } from '../src/shared/site-render.js';

export const clientDir = process.env.CLIENT_DIR || 'dist/client';
export const ssrDir = ssrDirOf(clientDir);
/** Holds the content file the build is of: `npm start` and the browser tests compare it with CONTENT_FILE. */
export const contentFileRecord = join(dirname(clientDir), 'content-file');

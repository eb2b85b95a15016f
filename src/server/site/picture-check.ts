// Every picture a content names must be one the page can draw (record 400): a picture the
// build made, or a photo the owner uploaded. Checked with the draft's issues, and before a
// publish, a restore or an import, so no version is published that the server cannot render.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BusinessContent, UPLOADED_PHOTO } from '../../../content/schema.js';
import { type PictureMap, type PictureRole, pictureKey } from '../../shared/picture-data.js';
import { BUILT_PICTURES_FILE, ssrDirOf } from '../../shared/site-render.js';
import type { PhotoLibrary } from '../photos/photo-library.js';
import type { ContentIssues, PictureCheck } from './site-editor.js';
import { drawnPictureUses } from './site-renderer.js';

export const NO_SUCH_PHOTO = 'No such photo: upload it again';
export const NOT_BUILT = 'No such picture: the site was built without it; upload it as a photo instead';

const keysOf = (content: BusinessContent) =>
  drawnPictureUses(content).map((use) => pictureKey(use.role as PictureRole, use.file));

/**
 * The check against the build's pictures or, without a build, against those a build makes:
 * the content file's own (src/build/pictures.ts makes exactly those).
 */
export function pictureCheck(
  built: () => PictureMap | undefined,
  fileContent: BusinessContent,
  photos: Pick<PhotoLibrary, 'resolve' | 'learnFor'>,
): PictureCheck {
  return async (content) => {
    await photos.learnFor(content);
    const map = built();
    const made = new Set(map ? Object.keys(map) : keysOf(fileContent));
    const issues: ContentIssues = {};
    for (const use of drawnPictureUses(content)) {
      const role = use.role as PictureRole;
      if (made.has(pictureKey(role, use.file)) || photos.resolve(use.file, role)) continue;
      issues[use.field] ??= UPLOADED_PHOTO.test(use.file) ? NO_SUCH_PHOTO : NOT_BUILT;
    }
    return issues;
  };
}

/** The pictures a build of the site in `clientDir` made, or undefined without a build (`npm run content`). */
export function builtPicturesIn(clientDir: string): PictureMap | undefined {
  const file = join(ssrDirOf(clientDir), BUILT_PICTURES_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PictureMap) : undefined;
}

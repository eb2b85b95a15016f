// The icons and the link preview card of the live version (issue 37 item 2, record 470):
// the build's while the content shows what the build drew them from (drawnFrom: the name,
// tagline, address, colours, logo mark and share image), else drawn again, with the build's
// own code (sharp), when that version is rendered. The last drawn set is kept: a publish
// that changes none of those draws nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BusinessContent } from '../../../content/schema.js';
import { buildSiteImages, drawnFrom, SITE_PICTURE_FILES } from '../../build/site-images.js';
import type { SiteImages } from '../../shared/site-render.js';

export interface SiteImageSet {
  images: SiteImages;
  /** File name at the site's root → bytes. */
  files: Record<string, Buffer>;
}

/** The build's set, from the client folder it was written into (scripts/prerender.ts). */
export function builtSiteImages(clientDir: string, images: SiteImages): SiteImageSet {
  const present = SITE_PICTURE_FILES.filter((name) => existsSync(join(clientDir, name)));
  return { images, files: Object.fromEntries(present.map((name) => [name, readFileSync(join(clientDir, name))])) };
}

/**
 * A content's set: the build's when drawn from the same, else the one drawn last when that was,
 * else drawn now. A drawing that fails (a logo file gone) gives the build's, and is told.
 */
export function siteImagesFor(
  built: SiteImageSet,
  onError: (error: unknown) => void,
  draw: (content: BusinessContent) => Promise<SiteImageSet> = (content) => buildSiteImages(content),
): (content: BusinessContent) => Promise<SiteImageSet> {
  let last: SiteImageSet | undefined;
  return async (content) => {
    const wanted = drawnFrom(content);
    if (built.images.drawnFrom === wanted) return built;
    if (last?.images.drawnFrom === wanted) return last;
    try {
      last = await draw(content);
      return last;
    } catch (error) {
      onError(error);
      return built;
    }
  };
}

// The pictures the prerender writes at the site's root: the icons and the link
// preview card, from the checked logo mark and share image (pictures.ts).
import type { BusinessContent } from '../../content/index.js';
import { defaultSiteImages, ICONS, type SiteImages, SOCIAL_CARD } from '../web/seo/site-files.js';
import { renderIcons } from './icons.js';
import { CONTENT_DIR, planPictures } from './pictures.js';
import { renderSocialCard } from './social-card.js';

/** Every picture file the prerender may write at the site's root. */
export const SITE_PICTURE_FILES = [...Object.values(ICONS).map((icon) => icon.file), SOCIAL_CARD.file, 'icon.svg'];

/**
 * What the icons and the link preview card show of a content: its name, tagline and address,
 * its colours, its logo mark and share image. Two contents alike here have the same pictures.
 */
export const drawnFrom = (content: BusinessContent): string =>
  JSON.stringify([
    content.name,
    content.tagline,
    new URL(content.siteUrl).host,
    content.theme.primary,
    content.theme.accent,
    content.logoMark ?? null,
    content.shareImage?.src ?? null,
  ]);

export async function buildSiteImages(
  content: BusinessContent,
  contentDir = CONTENT_DIR,
): Promise<{ files: Record<string, Buffer>; images: SiteImages }> {
  const { mark, share } = await planPictures(content, contentDir);
  const icons = await renderIcons(content, mark);
  const files: Record<string, Buffer> = {
    ...icons.files,
    [SOCIAL_CARD.file]: await renderSocialCard(content, { mark, share }),
  };
  if (icons.svg) files['icon.svg'] = Buffer.from(icons.svg);
  return {
    files,
    images: { ...defaultSiteImages(content), svgIcon: Boolean(icons.svg), drawnFrom: drawnFrom(content) },
  };
}

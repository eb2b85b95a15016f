// The pictures the prerender writes at the site's root: the icons and the link
// preview card, from the checked logo mark and share image (pictures.ts).
import type { BusinessContent } from '../../content/index.js';
import { defaultSiteImages, type SiteImages } from '../web/seo/site-files.js';
import { renderIcons } from './icons.js';
import { CONTENT_DIR, planPictures } from './pictures.js';
import { renderSocialCard } from './social-card.js';
import { SOCIAL_CARD } from '../web/seo/site-files.js';

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
  return { files, images: { ...defaultSiteImages(content), svgIcon: Boolean(icons.svg) } };
}

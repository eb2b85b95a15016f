// What the build tells the page about each of the owner's pictures (src/build/pictures.ts
// makes it; the server's renderer hands it to src/web/picture.tsx). Kept small: it ships in the page's data.
import type { BusinessContent } from '../../content/schema.js';

/** Where a picture is used: a package card's photo, a menu item's photo, a client's logo, the owner's logo mark. */
export type PictureRole = 'photo' | 'dish' | 'logo' | 'mark';

export interface PictureData {
  /** The files' common start, e.g. '/assets/pictures/mini-1a2b3c4d'. */
  base: string;
  /** The fallback's format; 'svg' is one vector file, `${base}.svg`, and no widths. */
  type: 'jpg' | 'png' | 'svg';
  /** Each width made, ascending: `${base}-${width}.avif`, `.webp` and `.${type}`. */
  widths: number[];
  /** The largest file's size in pixels (for an SVG, its own size): the picture's aspect ratio. */
  width: number;
  height: number;
  /**
   * A small SVG logo mark as a `data:` URL, drawn with the first paint instead of
   * fetched: the navbar's mark is above the fold on every first view.
   */
  inline?: string;
}

/** Every picture a page draws, keyed `${role}:${src}` (src/web/picture.tsx looks them up). */
export type PictureMap = Readonly<Record<string, PictureData>>;

/**
 * A picture the build did not make: an owner's upload (`upload:<hash>`), which the
 * photos' store knows (the inbox's "Photo"). Undefined when it knows none by that name.
 */
export type PictureResolver = (src: string, role: PictureRole) => PictureData | undefined;

export const pictureKey = (role: PictureRole, src: string) => `${role}:${src}`;

export interface PictureUse {
  /** The content field, for messages: 'packageGroups[0].packages[1].photo.src'. */
  field: string;
  /** The content's value: a path relative to the content folder. */
  file: string;
  role: PictureRole | 'share';
}

/** Every picture the content names, with its field and use. */
export function pictureUses(content: BusinessContent): PictureUse[] {
  const uses: PictureUse[] = [];
  if (content.logoMark) uses.push({ field: 'logoMark', file: content.logoMark, role: 'mark' });
  if (content.shareImage) uses.push({ field: 'shareImage.src', file: content.shareImage.src, role: 'share' });
  content.packageGroups.forEach((group, g) => {
    group.packages.forEach((card, c) => {
      if (card.photo)
        uses.push({ field: `packageGroups[${g}].packages[${c}].photo.src`, file: card.photo.src, role: 'photo' });
    });
  });
  content.menu?.groups.forEach((group, g) => {
    group.items.forEach((item, i) => {
      if (item.photo)
        uses.push({ field: `menu.groups[${g}].items[${i}].photo.src`, file: item.photo.src, role: 'dish' });
    });
  });
  content.clients.logos.forEach((logo, i) => {
    if (typeof logo !== 'string') uses.push({ field: `clients.logos[${i}].image`, file: logo.image, role: 'logo' });
  });
  return uses;
}

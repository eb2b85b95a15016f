// What the build tells the page about each of the owner's pictures (src/build/pictures.ts
// makes it; src/web/picture.tsx renders it). Kept small: it ships in the page's script.

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

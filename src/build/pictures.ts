// The owner's pictures at build time. Every file the content names is checked
// (it exists, it decodes, it is big enough for its use) and made into what the
// page serves: AVIF and WebP plus a JPEG (photos) or PNG (pictures with
// transparency) fallback at a few widths, under hashed names in assets/ (cached
// for a year by the server). SVGs are served as they are: vector, small and sharp
// at any size. A problem stops the build with the field and the file, e.g.
// `content/business.ts: packageGroups[0].packages[1].photo.src: images/mini.jpg was not found (looked for content/images/mini.jpg)`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ContentError, type BusinessContent } from '../../content/schema.js';
import { type PictureData, type PictureRole, type PictureUse, pictureUses } from '../shared/picture-data.js';

export { type PictureUse, pictureUses };

/** Where content file paths are relative to. */
export const CONTENT_DIR = 'content';
/** Built pictures, relative to the client build's folder (assets/ is served with a one-year immutable cache). */
export const PICTURES_DIR = 'assets/pictures';
/** Encoded files are kept here between builds, by name (the name holds a hash of the source and the settings). */
const CACHE_DIR = 'node_modules/.cache/curbside-pictures';
/** Bump when the encoding changes, so cached files and long-cached URLs change too. */
const PIPELINE_VERSION = 1;

interface RoleSpec {
  /** What the owner reads in an error. */
  label: string;
  minWidth: number;
  minHeight: number;
  /** Crop to this width/height ratio (photos), or keep the picture's own (logos). */
  aspect?: number;
  /** The widths made (up to the source's own); for logos, heights (×aspect). */
  widths?: number[];
  heights?: number[];
}

/** Photos sit in cards about 240–370 px wide: up to 3× a phone's width of 360 px. */
export const ROLE_SPECS: Record<PictureRole, RoleSpec> = {
  photo: { label: 'a package photo', minWidth: 640, minHeight: 400, aspect: 3 / 2, widths: [320, 480, 720, 960] },
  // A menu item's photo is a square shown 80 px wide: 1×, 2× and 3×.
  dish: { label: 'a menu photo', minWidth: 240, minHeight: 240, aspect: 1, widths: [80, 160, 240] },
  // Logos are shown 48 px high in the scroller: 1×, 2× and 3×.
  logo: { label: 'a client logo', minWidth: 48, minHeight: 96, heights: [48, 96, 144] },
  // The logo mark is shown 32 px high, and makes the 512 px app icons.
  mark: { label: 'the logo mark', minWidth: 512, minHeight: 512, heights: [32, 64, 96] },
};
/** The social card's photo fills a 1200×630 card. */
export const SHARE_MIN = { width: 1200, height: 630 } as const;

/**
 * A logo mark in SVG up to this size is written into the page as a `data:` URL
 * rather than fetched: one request fewer on every first view, for a picture
 * above the fold (an image, so the SVG stays sandboxed: no scripts, no styles
 * that reach the page). Larger marks stay files.
 */
export const INLINE_MARK_MAX_BYTES = 2048;

/** An SVG as a `data:` URL, percent-encoding only what a URL in an attribute cannot hold. */
export const svgDataUrl = (svg: Buffer) =>
  `data:image/svg+xml,${svg
    .toString('utf8')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#<>"&{}|\\^`[\]]/g, (character) => encodeURIComponent(character))}`;

export interface CheckedPicture {
  use: PictureUse;
  /** Absolute path of the source. */
  path: string;
  source: Buffer;
  format: 'svg' | 'png' | 'jpeg' | 'webp';
  /** Upright size (EXIF orientation applied). */
  width: number;
  height: number;
  hasAlpha: boolean;
}

const FORMATS = new Set(['svg', 'png', 'jpeg', 'webp']);

/** Reads and fully decodes one picture; throws a ContentError naming the field and the file when it will not do. */
export async function checkPicture(use: PictureUse, contentDir = CONTENT_DIR): Promise<CheckedPicture> {
  const path = resolve(contentDir, use.file);
  const fail = (problem: string) => new ContentError(use.field, `${use.file} ${problem}`);
  if (!existsSync(path)) throw fail(`was not found (looked for ${join(contentDir, use.file)})`);
  const source = readFileSync(path);
  let meta: Metadata;
  try {
    meta = await sharp(source).metadata();
    // Decoding every pixel finds what the header hides: a truncated or corrupt file.
    await sharp(source).raw().toBuffer();
  } catch (error) {
    throw fail(`could not be read as a picture (${(error as Error).message})`);
  }
  if (!FORMATS.has(meta.format)) throw fail(`is ${meta.format.toUpperCase()}; use SVG, PNG, JPEG or WebP`);
  const format = meta.format as CheckedPicture['format'];
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (format !== 'svg') {
    const min = use.role === 'share' ? { ...SHARE_MIN, label: 'the share image' } : ROLE_SPECS[use.role];
    const minWidth = 'minWidth' in min ? min.minWidth : min.width;
    const minHeight = 'minHeight' in min ? min.minHeight : min.height;
    if (width < minWidth || height < minHeight) {
      throw fail(`is ${width}×${height} px; ${min.label} needs at least ${minWidth}×${minHeight} px (or an SVG)`);
    }
  }
  return { use, path, source, format, width, height, hasAlpha: Boolean(meta.hasAlpha) };
}

export interface PlannedFile {
  /** Relative to the client build folder: 'assets/pictures/mini-1a2b3c4d-480.avif'. */
  fileName: string;
  width: number;
  height: number;
  format: 'avif' | 'webp' | 'jpg' | 'png' | 'svg';
}

export interface PlannedPicture {
  picture: CheckedPicture;
  role: PictureRole;
  data: PictureData;
  files: PlannedFile[];
}

export interface PicturePlan {
  /** What the page reads, keyed `${role}:${file}` (the `virtual:pictures` module). */
  page: Record<string, PictureData>;
  pictures: PlannedPicture[];
  /** The checked share image and logo mark, for the social card and icons. */
  share?: CheckedPicture;
  mark?: CheckedPicture;
}

const slug = (file: string) =>
  basename(file, extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'picture';

/** The sizes made for a picture in a role, never larger than the source (no upscaling). */
function planSizes(picture: CheckedPicture, spec: RoleSpec): { width: number; height: number }[] {
  if (spec.aspect) {
    const cropWidth = Math.min(picture.width, Math.floor(picture.height * spec.aspect));
    const widths = spec.widths!.filter((w) => w <= cropWidth);
    if (widths.length === 0) widths.push(cropWidth);
    return widths.map((w) => ({ width: w, height: Math.round(w / spec.aspect!) }));
  }
  const heights = spec.heights!.filter((h) => h <= picture.height);
  if (heights.length === 0) heights.push(picture.height);
  return heights.map((h) => ({ width: Math.round((h * picture.width) / picture.height), height: h }));
}

export function planPicture(picture: CheckedPicture, role: PictureRole): PlannedPicture {
  const spec = ROLE_SPECS[role];
  const hash = createHash('sha256')
    .update(`${PIPELINE_VERSION}:${role}:${JSON.stringify(spec)}:`)
    .update(picture.source)
    .digest('base64url')
    .replace(/[-_]/g, '')
    .slice(0, 10);
  const stem = `${PICTURES_DIR}/${slug(picture.use.file)}-${hash}`;
  const base = `/${stem}`;
  if (picture.format === 'svg') {
    return {
      picture,
      role,
      data: {
        base,
        type: 'svg',
        widths: [],
        width: picture.width,
        height: picture.height,
        ...(role === 'mark' && picture.source.length <= INLINE_MARK_MAX_BYTES
          ? { inline: svgDataUrl(picture.source) }
          : {}),
      },
      files: [{ fileName: `${stem}.svg`, width: picture.width, height: picture.height, format: 'svg' }],
    };
  }
  const type = picture.hasAlpha ? 'png' : 'jpg';
  const sizes = planSizes(picture, spec);
  const files = sizes.flatMap(({ width, height }) =>
    (['avif', 'webp', type] as const).map((format) => ({
      fileName: `${stem}-${width}.${format}`,
      width,
      height,
      format,
    })),
  );
  const largest = sizes[sizes.length - 1]!;
  return {
    picture,
    role,
    data: { base, type, widths: sizes.map((s) => s.width), width: largest.width, height: largest.height },
    files,
  };
}

/** Checks every picture the content names and plans its files; throws on the first problem. */
export async function planPictures(content: BusinessContent, contentDir = CONTENT_DIR): Promise<PicturePlan> {
  const plan: PicturePlan = { page: {}, pictures: [] };
  for (const use of pictureUses(content)) {
    const picture = await checkPicture(use, contentDir);
    if (use.role === 'share') {
      plan.share = picture;
      continue;
    }
    if (use.role === 'mark') plan.mark = picture;
    const key = `${use.role}:${use.file}`;
    if (plan.page[key]) continue; // the same file in the same use twice: made once
    const planned = planPicture(picture, use.role);
    plan.page[key] = planned.data;
    plan.pictures.push(planned);
  }
  return plan;
}

function encoder(image: Sharp, format: PlannedFile['format']): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 55, effort: 4 });
    case 'webp':
      return image.webp({ quality: 78, effort: 4, alphaQuality: 90 });
    case 'jpg':
      return image.jpeg({ quality: 80, mozjpeg: true });
    default:
      return image.png({ compressionLevel: 9, palette: true, quality: 92 });
  }
}

/** One planned file's bytes: resized (cropped for photos) and encoded. */
export async function encodeFile(planned: PlannedPicture, file: PlannedFile): Promise<Buffer> {
  const { picture } = planned;
  if (file.format === 'svg') return picture.source;
  const image = sharp(picture.source)
    .autoOrient()
    .resize(file.width, file.height, { fit: 'cover', position: 'attention' });
  return encoder(image, file.format).toBuffer();
}

/** Every planned file's bytes, reusing files made by an earlier build (same name, same bytes). */
export async function encodePictures(
  plan: PicturePlan,
  cacheDir = CACHE_DIR,
): Promise<{ fileName: string; data: Buffer }[]> {
  mkdirSync(cacheDir, { recursive: true });
  const out: { fileName: string; data: Buffer }[] = [];
  for (const planned of plan.pictures) {
    for (const file of planned.files) {
      const cached = join(cacheDir, basename(file.fileName));
      let data: Buffer;
      if (existsSync(cached)) data = readFileSync(cached);
      else {
        data = await encodeFile(planned, file);
        writeFileSync(cached, data);
      }
      out.push({ fileName: file.fileName, data });
    }
  }
  return out;
}

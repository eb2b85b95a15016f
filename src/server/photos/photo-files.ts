// An uploaded photo made into what the page serves (issue 37, record 270): decoded on the
// server (JPEG, PNG, WebP and AVIF by sharp; HEIC by heic-decode, as sharp's prebuilt
// libvips has no HEVC decoder), turned upright, every bit of metadata dropped (EXIF with
// its GPS position, XMP, IPTC, ICC: sharp writes none unless asked), re-encoded as the
// original kept, and then the sizes and formats the build makes for a package photo and
// a menu photo (src/build/pictures.ts ROLE_SPECS, planSizes and encodeSize: the same code).
import { createHash } from 'node:crypto';
import heicDecode from 'heic-decode';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { encodeSize, planSizes, ROLE_SPECS } from '../../build/pictures.js';
import type { PictureData } from '../../shared/picture-data.js';
import { httpError } from '../http-error.js';
import type { PhotoFile, PhotoInfo } from '../store/photo-store.js';

/** The largest photo taken: a phone's camera at full resolution, HEIC or JPEG, fits. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** What a "Photo" may be sent as. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
/** The original is kept at most this wide or high: three times the widest file made, and a print's worth. */
const ORIGINAL_MAX_SIDE = 3000;
/** The roles an uploaded photo can take: the editor's "Photo" on a package and on a menu item. */
export const UPLOAD_ROLES = ['photo', 'dish'] as const;
export type UploadRole = (typeof UPLOAD_ROLES)[number];

const FORMAT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const;
/** The smallest photo taken: what the smallest use (a menu photo) needs. */
const MIN = { width: ROLE_SPECS.dish.minWidth, height: ROLE_SPECS.dish.minHeight };
const SAY_FORMATS = 'Please choose a JPEG, PNG, WebP or HEIC photo.';
/** The most pixels a photo may have: sharp's own limit (its default `limitInputPixels`), for HEIC too. */
export const MAX_INPUT_PIXELS = 0x3fff * 0x3fff;

/** A photo's base name in a role: its files are `${base}-${width}.${avif|webp|jpg|png}`. */
const baseName = (hash: string, role: UploadRole) => `${hash}-${role}`;

/** What the page reads to draw a kept photo in a role: the same sizes the files were made at. */
export function photoPictureData(photo: PhotoInfo, role: UploadRole): PictureData {
  const sizes = planSizes(photo, ROLE_SPECS[role]);
  const largest = sizes[sizes.length - 1]!;
  return {
    base: `/photos/${baseName(photo.hash, role)}`,
    type: photo.type,
    widths: sizes.map((size) => size.width),
    width: largest.width,
    height: largest.height,
  };
}

/** The decoded picture, upright, or a 415/400 saying what is wrong with the file. */
async function decode(bytes: Buffer): Promise<{ image: Sharp; hasAlpha: boolean }> {
  let meta: Metadata;
  try {
    // The header only, whatever size it says: the size is checked below, with its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw httpError(415, `This file is not a photo this server can read. ${SAY_FORMATS}`);
  }
  // From the header, before decoding: heic-decode would otherwise allocate what a forged size asks for.
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
    throw httpError(
      400,
      `This photo is ${meta.width}×${meta.height} px, more than this server reads (${Math.floor(MAX_INPUT_PIXELS / 1e6)} million pixels). Please choose a smaller one.`,
    );
  if (meta.format === 'heif' && meta.compression === 'hevc') {
    try {
      const { width, height, data } = await heicDecode({ buffer: bytes });
      // heic-decode applies the HEIC's own rotation and mirror; its alpha is always there and opaque for a camera's photo.
      return {
        image: sharp(Buffer.from(data), { raw: { width, height, channels: 4 } }).removeAlpha(),
        hasAlpha: false,
      };
    } catch {
      throw httpError(400, 'This HEIC photo could not be read: the file may be damaged. Please try another photo.');
    }
  }
  if (!['jpeg', 'png', 'webp', 'heif'].includes(meta.format))
    throw httpError(415, `This file is ${meta.format.toUpperCase()}, not a photo this server takes. ${SAY_FORMATS}`);
  return {
    image: sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).autoOrient(),
    hasAlpha: Boolean(meta.hasAlpha),
  };
}

/** The original kept: upright, no larger than ORIGINAL_MAX_SIDE, re-encoded with no metadata. */
async function reencode(bytes: Buffer): Promise<{ original: Buffer; info: Omit<PhotoInfo, 'hash'> }> {
  const { image, hasAlpha } = await decode(bytes);
  const type = hasAlpha ? 'png' : 'jpg';
  const resized = image.resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } = await (type === 'png'
      ? resized.png({ compressionLevel: 9 })
      : resized.jpeg({ quality: 90, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
    return { original: data, info: { width: info.width, height: info.height, type } };
  } catch {
    throw httpError(400, 'This photo could not be read: the file may be damaged. Please try another photo.');
  }
}

export interface MadePhoto {
  info: PhotoInfo;
  files: PhotoFile[];
}

/** The photo's kept original and every file the page serves, or an HTTP error that keeps nothing. */
export async function makePhoto(bytes: Buffer): Promise<MadePhoto> {
  const { original, info } = await reencode(bytes);
  if (info.width < MIN.width || info.height < MIN.height)
    throw httpError(
      400,
      `This photo is ${info.width}×${info.height} px; a photo needs at least ${MIN.width}×${MIN.height} px. Please choose a larger one.`,
    );
  const hash = createHash('sha256').update(original).digest('hex');
  const photo: PhotoInfo = { hash, ...info };
  const files: PhotoFile[] = [{ name: `${hash}.${info.type}`, contentType: FORMAT_TYPES[info.type], data: original }];
  for (const role of UPLOAD_ROLES) {
    for (const size of planSizes(info, ROLE_SPECS[role])) {
      for (const format of ['avif', 'webp', info.type] as const) {
        const data = await encodeSize(original, { ...size, format });
        files.push({
          name: `${baseName(hash, role)}-${size.width}.${format}`,
          contentType: FORMAT_TYPES[format],
          data,
        });
      }
    }
  }
  return { info: photo, files };
}

/** A served file's name: the original or one made file. */
export const PHOTO_FILE_NAME = /^[0-9a-f]{64}(-(photo|dish)-\d{1,4})?\.(avif|webp|jpg|png)$/;

// The uploaded photos inside a content export (issue 37, record 370): the design's "the
// published content as one JSON file, its photos inside it". An export carries each
// upload:<hash> the content names as its kept original (base64); an import makes each one
// again as an upload is made (photo-files.ts: the same checks, decoding and re-encoding,
// no metadata, every size and format) and names it by its new hash in the content.
import { UPLOADED_PHOTO } from '../../content/schema.js';
import type { BusinessContent } from '../../content/schema.js';
import { MAX_PHOTO_BYTES, type MadePhoto, makePhoto } from '../server/photos/photo-files.js';
import type { PhotoStore } from '../server/store/photo-store.js';
import { pictureUses } from '../shared/picture-data.js';

/** One photo in an export file, under its `upload:<hash>`: the kept original's bytes. */
export interface ExportedPhoto {
  contentType: string;
  base64: string;
}

/** The uploads a content names, each once. */
const uploadsIn = (content: BusinessContent) => [
  ...new Set(pictureUses(content).flatMap((use) => (UPLOADED_PHOTO.test(use.file) ? [use.file] : []))),
];
const hashOf = (src: string) => src.slice('upload:'.length);

/** The originals of the uploads `content` names; `missing` lists those the store does not hold. */
export async function exportPhotos(
  content: BusinessContent,
  store: PhotoStore,
): Promise<{ photos: Record<string, ExportedPhoto>; missing: string[] }> {
  const srcs = uploadsIn(content);
  const kept = new Map((await store.photos(srcs.map(hashOf))).map((photo) => [photo.hash, photo]));
  const photos: Record<string, ExportedPhoto> = {};
  const missing: string[] = [];
  for (const src of srcs) {
    const photo = kept.get(hashOf(src));
    const original = photo && (await store.photoFile(`${photo.hash}.${photo.type}`));
    if (original) photos[src] = { contentType: original.contentType, base64: original.data.toString('base64') };
    else missing.push(src);
  }
  return { photos, missing };
}

/** Why a file's photos cannot be imported: the message names the photo. */
export class PhotoImportError extends Error {}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One photo of a file made as an upload is, or a PhotoImportError naming it. */
async function makeImported(src: string, entry: unknown): Promise<MadePhoto> {
  const base64 = (entry as { base64?: unknown } | null)?.base64;
  if (!UPLOADED_PHOTO.test(src)) throw new PhotoImportError(`photos["${src}"]: not a name upload:<64 hex digits>`);
  if (typeof base64 !== 'string' || !BASE64.test(base64) || base64.length === 0)
    throw new PhotoImportError(`photos["${src}"].base64: must be the photo's bytes in base64`);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PHOTO_BYTES) throw new PhotoImportError(`photos["${src}"]: over 20 MB`);
  try {
    return await makePhoto(bytes);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode)
      throw new PhotoImportError(`photos["${src}"]: ${(error as Error).message}`);
    throw error;
  }
}

/** Every string equal to a key of `renamed` replaced by its value, anywhere in `value`. */
function renameSources(value: unknown, renamed: Map<string, string>): unknown {
  if (typeof value === 'string') return renamed.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => renameSources(item, renamed));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameSources(item, renamed)]));
}

/**
 * A file's photos made (nothing kept yet) and its content naming them by their new hashes
 * (a re-encoded JPEG has other bytes, so another name, than the original it came from).
 */
export async function makeImportedPhotos(
  content: unknown,
  photos: unknown,
): Promise<{ content: unknown; made: MadePhoto[] }> {
  if (photos === undefined) return { content, made: [] };
  if (typeof photos !== 'object' || photos === null || Array.isArray(photos))
    throw new PhotoImportError('photos: must map each upload:<hash> to its photo');
  const renamed = new Map<string, string>();
  const made: MadePhoto[] = [];
  for (const [src, entry] of Object.entries(photos)) {
    const photo = await makeImported(src, entry);
    renamed.set(src, `upload:${photo.info.hash}`);
    made.push(photo);
  }
  return { content: renameSources(content, renamed), made };
}

/** The fields of a (valid) content that name an upload neither made here nor kept in the store. */
export async function unknownUploads(content: BusinessContent, made: MadePhoto[], store: PhotoStore) {
  const uses = pictureUses(content).filter((use) => UPLOADED_PHOTO.test(use.file));
  const known = new Set([...made.map((photo) => photo.info.hash)]);
  for (const photo of await store.photos(uses.map((use) => hashOf(use.file)))) known.add(photo.hash);
  return uses.filter((use) => !known.has(hashOf(use.file)));
}

// The picture resolver for uploaded photos (contract 3 of issue 37): `(src, role) =>
// PictureData | undefined` for a content's `upload:<hash>`, answered from memory so a
// render stays synchronous. What it needs of each photo (its size and fallback format)
// is a row per photo: all are read at start, a photo uploaded here is added at once, and
// `learn` reads those uploaded on another instance before a render that names them.
import { UPLOADED_PHOTO } from '../../../content/schema.js';
import type { BusinessContent } from '../../../content/content-types.js';
import { type PictureResolver, pictureUses } from '../../shared/picture-data.js';
import type { PhotoInfo, PhotoStore } from '../store/photo-store.js';
import { photoPictureData, UPLOAD_ROLES, type UploadRole } from './photo-files.js';

export interface PhotoLibrary {
  /** The resolver: undefined for a src that is not an upload, an upload not known here, or a role uploads do not take. */
  resolve: PictureResolver;
  /** Remembers a photo kept by this instance. */
  remember(photo: PhotoInfo): void;
  /** Reads the photos of `srcs` not known here yet (uploaded on another instance). */
  learn(srcs: string[]): Promise<void>;
  /** `learn` for every picture a content names: before it is rendered. */
  learnFor(content: BusinessContent): Promise<void>;
}

const hashOf = (src: string) => (UPLOADED_PHOTO.test(src) ? src.slice('upload:'.length) : undefined);

export async function openPhotoLibrary(store: PhotoStore): Promise<PhotoLibrary> {
  const known = new Map<string, PhotoInfo>();
  for (const photo of await store.photos()) known.set(photo.hash, photo);
  const learn = async (srcs: string[]) => {
    const missing = srcs.map(hashOf).filter((hash): hash is string => Boolean(hash) && !known.has(hash!));
    if (missing.length === 0) return;
    for (const photo of await store.photos([...new Set(missing)])) known.set(photo.hash, photo);
  };
  return {
    resolve(src, role) {
      const hash = hashOf(src);
      const photo = hash && known.get(hash);
      if (!photo || !(UPLOAD_ROLES as readonly string[]).includes(role)) return undefined;
      return photoPictureData(photo, role as UploadRole);
    },
    remember(photo) {
      known.set(photo.hash, photo);
    },
    learn,
    learnFor: (content) => learn(pictureUses(content).map((use) => use.file)),
  };
}

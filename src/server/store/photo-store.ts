// The owner's uploaded photos (issue 37, record 270), one interface for both engines: a
// photo is its re-encoded original and the files made from it for the page (each size
// and format of src/build/pictures.ts ROLE_SPECS), all kept in the store so every
// instance serves them. A photo is named by the SHA-256 of its re-encoded original:
// the same photo uploaded twice is stored once.
import type { Actor } from './actor.js';

/** What the page needs to draw a photo: its upright size and whether it has transparency. */
export interface PhotoInfo {
  /** 64 hex digits: the SHA-256 of the stored original's bytes. */
  hash: string;
  width: number;
  height: number;
  /** The fallback's format: 'png' for a photo with transparency, else 'jpg'. */
  type: 'jpg' | 'png';
}

/** One served file: `/photos/${name}`. */
export interface PhotoFile {
  name: string;
  contentType: string;
  data: Buffer;
}

export interface PhotoStore {
  /** Keeps a photo and all its files at once (one transaction); a photo already kept changes nothing. */
  savePhoto(photo: PhotoInfo, files: PhotoFile[], by: Actor, at: Date): Promise<void>;
  /** A served file by its name, or undefined. */
  photoFile(name: string): Promise<PhotoFile | undefined>;
  /** The photos kept, each once (all of them, or those of `hashes`). */
  photos(hashes?: string[]): Promise<PhotoInfo[]>;
}

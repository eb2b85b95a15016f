// The owner's photos on SQLite (photo-store.ts), on the owner store's connection.
import type Database from 'better-sqlite3';
import type { PhotoFile, PhotoInfo, PhotoStore } from '../photo-store.js';
import type { Prepare } from './sqlite-statements.js';

export function sqlitePhotoStore(db: Database.Database, prepare: Prepare): PhotoStore {
  const saveTx = db.transaction((photo: PhotoInfo, files: PhotoFile[], by: string, at: string) => {
    const added = prepare(
      `INSERT INTO photos (hash, width, height, type, uploadedAt, uploadedBy)
       VALUES (@hash, @width, @height, @type, @at, @by) ON CONFLICT (hash) DO NOTHING`,
    ).run({ ...photo, at, by });
    if (added.changes === 0) return;
    const insert = prepare('INSERT INTO photoFiles (name, hash, contentType, data) VALUES (?, ?, ?, ?)');
    for (const file of files) insert.run(file.name, photo.hash, file.contentType, file.data);
  });
  return {
    async savePhoto(photo, files, by, at) {
      saveTx.immediate(photo, files, by.email, at.toISOString());
    },
    async photoFile(name) {
      return prepare('SELECT name, contentType, data FROM photoFiles WHERE name = ?').get(name) as
        | PhotoFile
        | undefined;
    },
    async photos(hashes) {
      const all = prepare('SELECT hash, width, height, type FROM photos ORDER BY hash').all() as PhotoInfo[];
      return hashes ? all.filter((photo) => hashes.includes(photo.hash)) : all;
    },
  };
}

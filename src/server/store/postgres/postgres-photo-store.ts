// The owner's photos on PostgreSQL (photo-store.ts), on the owner store's pool.
import type pg from 'pg';
import type { PhotoFile, PhotoInfo, PhotoStore } from '../photo-store.js';
import { inTransaction } from './postgres-transaction.js';

const toInfo = (row: Record<string, unknown>): PhotoInfo => ({
  hash: row.hash as string,
  width: row.width as number,
  height: row.height as number,
  type: row.type as PhotoInfo['type'],
});

export function postgresPhotoStore(pool: pg.Pool): PhotoStore {
  return {
    async savePhoto(photo, files, by, at) {
      await inTransaction(pool, async (client) => {
        const added = await client.query(
          `INSERT INTO "photos" ("hash", "width", "height", "type", "uploadedAt", "uploadedBy")
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ("hash") DO NOTHING`,
          [photo.hash, photo.width, photo.height, photo.type, at.toISOString(), by.email],
        );
        if (added.rowCount === 0) return;
        for (const file of files)
          await client.query(
            'INSERT INTO "photoFiles" ("name", "hash", "contentType", "data") VALUES ($1, $2, $3, $4)',
            [file.name, photo.hash, file.contentType, file.data],
          );
      });
    },
    async photoFile(name) {
      const { rows } = await pool.query('SELECT "name", "contentType", "data" FROM "photoFiles" WHERE "name" = $1', [
        name,
      ]);
      return rows[0] as PhotoFile | undefined;
    },
    async photos(hashes) {
      const { rows } = hashes
        ? await pool.query('SELECT * FROM "photos" WHERE "hash" = ANY($1) ORDER BY "hash"', [hashes])
        : await pool.query('SELECT * FROM "photos" ORDER BY "hash"');
      return rows.map(toInfo);
    },
  };
}

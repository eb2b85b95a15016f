// One contract, two engines (record 270): a photo and all its files are kept at once, by
// the hash of its original; the same photo again changes nothing; a file comes back byte
// for byte.
import { describe, expect, it } from 'vitest';
import { freshOwnerStores, OWNER_STORE_ENGINES } from '../../../tests/support/owner-store-engines.js';
import type { PhotoFile, PhotoInfo } from './photo-store.js';

const OWNER = { id: 'owner-1', email: 'owner@tacos.example' };
const AT = new Date('2031-01-01T10:00:00Z');

const photo = (digit: string, type: PhotoInfo['type'] = 'jpg'): { info: PhotoInfo; files: PhotoFile[] } => {
  const hash = digit.repeat(64);
  return {
    info: { hash, width: 1200, height: 800, type },
    files: [
      { name: `${hash}.${type}`, contentType: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0, 1, 2, 255]) },
      { name: `${hash}-dish-80.avif`, contentType: 'image/avif', data: Buffer.from('avif bytes') },
    ],
  };
};

describe.each(OWNER_STORE_ENGINES)('the photo store on $name', (engine) => {
  const open = freshOwnerStores(engine);

  it('keeps a photo with its files, and gives each file back as it was', async () => {
    const { photos } = (await open()).owners;
    const a = photo('a');
    await photos.savePhoto(a.info, a.files, OWNER, AT);
    expect(await photos.photos()).toEqual([a.info]);
    for (const file of a.files) expect(await photos.photoFile(file.name)).toEqual(file);
    expect(await photos.photoFile(`${'b'.repeat(64)}.jpg`)).toBeUndefined();
  });

  it('keeps the same photo once, and lists only the photos asked for', async () => {
    const { photos } = (await open()).owners;
    const [a, b] = [photo('a'), photo('b', 'png')];
    await photos.savePhoto(a.info, a.files, OWNER, AT);
    await photos.savePhoto(a.info, a.files, OWNER, new Date('2031-02-01T10:00:00Z'));
    await photos.savePhoto(b.info, b.files, OWNER, AT);
    expect(await photos.photos()).toEqual([a.info, b.info]);
    expect(await photos.photos([b.info.hash, 'c'.repeat(64)])).toEqual([b.info]);
    expect(await photos.photos([])).toEqual([]);
  });
});

// Photos from the owner's phone (record 270): decoded and re-encoded on the server with
// no metadata (a camera's GPS position among it), made into the build's sizes and
// formats, kept in the store and served to anyone with a year's cache; anything else is
// refused, saying why, and keeps nothing.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cookieOf, ORIGIN, startOwnerApp } from '../../../tests/support/owner-app.js';
import { ROLE_SPECS } from '../../build/pictures.js';
import { EXIF_SECRET, gpsJpeg } from '../../../tests/support/photos.js';

type App = Awaited<ReturnType<typeof startOwnerApp>>['app'];

const upload = (app: App, cookie: string, body: Buffer, type = 'image/jpeg', origin = ORIGIN) =>
  app.inject({
    method: 'POST',
    url: '/api/owner/site/photos',
    headers: { cookie, origin, 'content-type': type },
    payload: body,
  });

/** Everything a file says about itself besides its pixels. */
const metadataOf = async (bytes: Buffer) => {
  const { exif, xmp, iptc, icc } = await sharp(bytes).metadata();
  return { exif, xmp, iptc, icc };
};
const NONE = { exif: undefined, xmp: undefined, iptc: undefined, icc: undefined };

describe('POST /api/owner/site/photos', () => {
  it('keeps a JPEG with no metadata, in the build’s sizes and formats, served to anyone for a year', async () => {
    const { app, owners } = await startOwnerApp();
    const cookie = await cookieOf(app);
    const original = await gpsJpeg();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain(EXIF_SECRET);

    const response = await upload(app, cookie, original);
    expect(response.statusCode, response.body).toBe(201);
    const { src, width, height } = response.json();
    expect(src).toMatch(/^upload:[0-9a-f]{64}$/);
    expect({ width, height }).toEqual({ width: 1600, height: 1200 });
    const [kept] = await owners.photos.photos();
    expect(kept).toEqual({ hash: src.slice(7), width: 1600, height: 1200, type: 'jpg' });

    const names = [`${kept!.hash}.jpg`];
    for (const [role, widths] of [
      ['photo', ROLE_SPECS.photo.widths!],
      ['dish', ROLE_SPECS.dish.widths!],
    ] as const)
      for (const w of widths)
        for (const format of ['avif', 'webp', 'jpg']) names.push(`${kept!.hash}-${role}-${w}.${format}`);
    for (const name of names) {
      const served = await app.inject({ method: 'GET', url: `/photos/${name}` });
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['content-type']).toBe(`image/${name.endsWith('.jpg') ? 'jpeg' : name.split('.')[1]}`);
      expect(await metadataOf(served.rawPayload), name).toEqual(NONE);
      expect(served.rawPayload.includes(EXIF_SECRET)).toBe(false);
    }
    // A photo is 3:2, a dish square.
    const card = await sharp((await app.inject({ url: `/photos/${kept!.hash}-photo-960.webp` })).rawPayload).metadata();
    expect([card.width, card.height]).toEqual([960, 640]);
    // The same photo again is the same upload.
    expect((await upload(app, cookie, original)).json().src).toBe(src);
    expect(await owners.photos.photos()).toHaveLength(1);
    expect((await app.inject({ url: `/photos/${'0'.repeat(64)}.jpg` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/photos/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('takes an iPhone’s HEIC (HEVC), which sharp alone cannot decode', async () => {
    const { app } = await startOwnerApp();
    const cookie = await cookieOf(app);
    const heic = readFileSync('tests/fixtures/photos/orange-320.heic');
    const response = await upload(app, cookie, heic, 'image/heic');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 320, height: 320 });
    const dish = await app.inject({ url: `/photos/${response.json().src.slice(7)}-dish-240.jpg` });
    const { data } = await sharp(dish.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The fixture is orange (200, 80, 40): its pixels came through, not a blank.
    expect(Math.abs(data[0]! - 200) + Math.abs(data[1]! - 80) + Math.abs(data[2]! - 40)).toBeLessThan(30);
  });

  it('refuses a HEIC whose header says more pixels than sharp reads, before decoding it', async () => {
    const { app, owners } = await startOwnerApp();
    const cookie = await cookieOf(app);
    // The fixture with its size property (ispe) saying 20000×20000: 400 million pixels.
    const heic = Buffer.from(readFileSync('tests/fixtures/photos/orange-320.heic'));
    const ispe = heic.indexOf('ispe') + 8;
    heic.writeUInt32BE(20_000, ispe);
    heic.writeUInt32BE(20_000, ispe + 4);
    const response = await upload(app, cookie, heic, 'image/heic');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This photo is 20000×20000 px, more than this server reads (268 million pixels). Please choose a smaller one.',
    );
    expect(await owners.photos.photos()).toEqual([]);
  });

  it('refuses another format, a damaged or tiny photo, and one over 20 MB, saying why and keeping nothing', async () => {
    const { app, owners } = await startOwnerApp();
    const cookie = await cookieOf(app);
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    const good = await gpsJpeg();
    const tiny = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    for (const [body, type, status, message] of [
      [gif, 'image/gif', 415, 'Please choose a JPEG, PNG, WebP or HEIC photo.'],
      [
        gif,
        'image/jpeg',
        415,
        'This file is GIF, not a photo this server takes. Please choose a JPEG, PNG, WebP or HEIC photo.',
      ],
      [
        Buffer.from('%PDF-1.7 not a photo'),
        'image/jpeg',
        415,
        'This file is not a photo this server can read. Please choose a JPEG, PNG, WebP or HEIC photo.',
      ],
      [
        good.subarray(0, good.length / 2),
        'image/jpeg',
        400,
        'This photo could not be read: the file may be damaged. Please try another photo.',
      ],
      [
        tiny,
        'image/png',
        400,
        'This photo is 200×100 px; a photo needs at least 240×240 px. Please choose a larger one.',
      ],
      [
        Buffer.alloc(20 * 1024 * 1024 + 1, 1),
        'image/jpeg',
        413,
        'This photo is over 20 MB. Please choose a smaller one.',
      ],
      [Buffer.alloc(0), 'image/jpeg', 400, 'The photo is empty.'],
    ] as const) {
      const response = await upload(app, cookie, body, type);
      expect(response.statusCode, `${type} ${message}`).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect(await owners.photos.photos()).toEqual([]);
  });

  it('is the signed-in owner’s alone, from this site', async () => {
    const { app, owners } = await startOwnerApp();
    const photo = await gpsJpeg();
    expect((await upload(app, '', photo)).statusCode).toBe(401);
    const cookie = await cookieOf(app);
    expect((await upload(app, cookie, photo, 'image/jpeg', 'https://elsewhere.example')).statusCode).toBe(403);
    expect(await owners.photos.photos()).toEqual([]);
  });
});

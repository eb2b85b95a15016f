// The resolver the renderer draws uploaded photos with (contract 3 of issue 37, record
// 270): for `upload:HASH` in a package card or a menu item, the files the upload made;
// nothing for anything else; a photo uploaded on another instance once learnt.
import { describe, expect, it } from 'vitest';
import { cookieOf, ORIGIN, startOwnerApp } from '../../../tests/support/owner-app.js';
import { openPhotoLibrary } from './photo-library.js';
import { gpsJpeg } from '../../../tests/support/photos.js';

describe('the uploaded photos’ resolver', () => {
  it('gives a package card and a menu item the files the upload made, and nothing else', async () => {
    const { app, owners } = await startOwnerApp();
    const before = await openPhotoLibrary(owners.photos);
    const response = await app.inject({
      method: 'POST',
      url: '/api/owner/site/photos',
      headers: { cookie: await cookieOf(app), origin: ORIGIN, 'content-type': 'image/jpeg' },
      payload: await gpsJpeg(),
    });
    const { src } = response.json();
    const hash = src.slice('upload:'.length);
    // Opened before the upload (another instance): unknown until learnt.
    expect(before.resolve(src, 'photo')).toBeUndefined();
    await before.learn([src, 'images/mini.jpg']);
    const card = before.resolve(src, 'photo');
    expect(card).toEqual({
      base: `/photos/${hash}-photo`,
      type: 'jpg',
      widths: [320, 480, 720, 960],
      width: 960,
      height: 640,
    });
    expect(before.resolve(src, 'dish')).toEqual({
      base: `/photos/${hash}-dish`,
      type: 'jpg',
      widths: [80, 160, 240],
      width: 240,
      height: 240,
    });
    for (const width of card!.widths)
      for (const format of ['avif', 'webp', 'jpg'])
        expect((await app.inject({ url: `${card!.base}-${width}.${format}` })).statusCode).toBe(200);
    expect(before.resolve(src, 'logo')).toBeUndefined();
    expect(before.resolve('images/mini.jpg', 'photo')).toBeUndefined();
    expect(before.resolve(`upload:${'0'.repeat(64)}`, 'photo')).toBeUndefined();
    // Opened after: known from the start.
    expect((await openPhotoLibrary(owners.photos)).resolve(src, 'dish')).toEqual(before.resolve(src, 'dish'));
  });
});

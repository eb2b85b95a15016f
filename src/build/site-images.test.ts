// Build tests for issue 11: the link preview card, the icons and the manifest the
// prerender writes (src/build/site-images.ts), and the picture check that stops the
// build naming the file. They follow the content file the tests run with (CONTENT_FILE).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientName, content, ContentError, type BusinessContent } from '../../content/index.js';
import { ICONS, shortName, SOCIAL_CARD, webManifest } from '../web/seo/site-files.js';
import { decodeIco } from './ico.js';
import { checkPicture, encodePictures, INLINE_MARK_MAX_BYTES, planPicture, planPictures } from './pictures.js';
import { picturesPlugin } from './pictures-plugin.js';
import { buildSiteImages } from './site-images.js';

const png = async (data: Buffer | undefined) => {
  expect(data, 'file made').toBeInstanceOf(Buffer);
  return sharp(data!).metadata();
};

// With the content's own logo mark (if it has one) and with the mark drawn in the brand colours.
const variants: [string, BusinessContent][] = [
  ['the content as it is', content],
  [
    'no logo mark and no share image (the drawn mark, the truck card)',
    { ...content, logoMark: undefined, shareImage: undefined },
  ],
];

describe.each(variants)('site images from %s', (_label, business) => {
  let built: Awaited<ReturnType<typeof buildSiteImages>>;
  beforeAll(async () => {
    built = await buildSiteImages(business);
  }, 60_000);

  it('makes the social card a 1200×630 PNG', async () => {
    expect(SOCIAL_CARD.file).toBe('social-card.png');
    const meta = await png(built.files[SOCIAL_CARD.file]);
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('makes every icon at its size and type', async () => {
    const sized: [string, number][] = [
      ['apple-touch-icon.png', 180],
      [ICONS.any192.file, 192],
      [ICONS.any512.file, 512],
      [ICONS.maskable.file, 512],
    ];
    expect(ICONS.apple.file).toBe('apple-touch-icon.png');
    for (const [file, size] of sized) {
      expect(await png(built.files[file]), file).toMatchObject({ format: 'png', width: size, height: size });
    }
    // The apple-touch-icon and the maskable icon are opaque (iOS paints transparency black; masks cut the edges).
    for (const file of [ICONS.apple.file, ICONS.maskable.file]) {
      const { data, info } = await sharp(built.files[file]!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(data[info.channels - 1], `${file}: corner pixel's alpha`).toBe(255);
    }
    const ico = built.files['favicon.ico']!;
    expect(ico.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    const images = decodeIco(ico);
    expect(images.map((image) => image.width)).toEqual([16, 32, 48]);
    for (const image of images) {
      expect(await sharp(image.data).metadata()).toMatchObject({
        format: 'png',
        width: image.width,
        height: image.height,
      });
    }
  });

  it('writes a valid manifest naming the business, whose icons all exist', async () => {
    const manifest = JSON.parse(webManifest(business, built.images)) as {
      name: string;
      short_name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest.name).toBe(business.name);
    expect(manifest.short_name).toBe(shortName(business));
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(business.name.startsWith(manifest.short_name) || manifest.short_name === business.shortName).toBe(true);
    expect(manifest.short_name).not.toBe(business.product);
    expect(manifest.start_url).toBe('/');
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512', '512x512']);
    expect(manifest.icons.filter((icon) => icon.purpose === 'maskable')).toHaveLength(1);
    for (const icon of manifest.icons) {
      const file = icon.src.replace(/^\//, '');
      if (icon.type === 'image/svg+xml') expect(built.images.svgIcon).toBe(true);
      else {
        const [w, h] = icon.sizes.split('x').map(Number);
        expect(await png(built.files[file]), icon.src).toMatchObject({ width: w, height: h });
      }
    }
  });
});

describe('a missing or broken picture stops the build, naming the file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'curbside-pictures-'));
    mkdirSync(join(dir, 'images'));
    // Not a picture at all, and a JPEG cut short after its header.
    writeFileSync(join(dir, 'images', 'broken.png'), 'this is not a PNG');
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(dir, 'images', 'truncated.jpg'), jpeg.subarray(0, Math.floor(jpeg.length / 3)));
    writeFileSync(
      join(dir, 'images', 'tiny.png'),
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3c3' } })
        .png()
        .toBuffer(),
    );
    writeFileSync(join(dir, 'images', 'good.jpg'), jpeg);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const withPhoto = (src: string): BusinessContent => ({
    ...content,
    logoMark: undefined,
    shareImage: undefined,
    clients: {
      ...content.clients,
      logos: content.clients.logos.map((logo) => (typeof logo === 'string' ? logo : logo.name)),
    },
    packageGroups: content.packageGroups.map((group, g) => ({
      ...group,
      packages: group.packages.map((card, c) =>
        g === 0 && c === 0 ? { ...card, photo: { src, alt: 'A photo' } } : { ...card, photo: undefined },
      ),
    })),
    menu: undefined,
  });

  it('a missing file: the field and the file', async () => {
    const error = await planPictures(withPhoto('images/not-there.jpg'), dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toContain('packageGroups[0].packages[0].photo.src');
    expect((error as Error).message).toContain('images/not-there.jpg was not found');
  });

  it('a missing logo mark, from the real content folder', async () => {
    const error = await planPictures({ ...content, logoMark: 'images/no-such-mark.svg' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toMatch(/logoMark: images\/no-such-mark\.svg was not found/);
  });

  it('a file that is not a picture, and a truncated one', async () => {
    for (const file of ['images/broken.png', 'images/truncated.jpg']) {
      const error = await planPictures(withPhoto(file), dir).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(ContentError);
      expect((error as Error).message, file).toContain(`${file} could not be read as a picture`);
    }
  });

  it('a picture too small for its use', async () => {
    const error = await checkPicture({ field: 'logoMark', file: 'images/tiny.png', role: 'mark' }, dir).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/images\/tiny\.png is 20×20 px; the logo mark needs at least 512×512/);
  });

  it('the Vite plugin stops the build when it starts', async () => {
    const plugin = picturesPlugin(withPhoto('images/broken.png'), dir);
    const buildStart = plugin.buildStart as () => Promise<void>;
    await expect(buildStart.call({})).rejects.toThrow(/images\/broken\.png could not be read/);
  });

  it('a good photo is made into AVIF, WebP and JPEG at 3:2, never larger than its source', async () => {
    const plan = await planPictures(withPhoto('images/good.jpg'), dir);
    const data = plan.page['photo:images/good.jpg']!;
    expect(data).toMatchObject({ type: 'jpg', widths: [320, 480, 720], width: 720, height: 480 });
    const files = await encodePictures(plan, join(dir, 'cache'));
    expect(files.map((file) => file.fileName.replace(/^.*-/, '')).sort()).toEqual(
      ['320.avif', '320.jpg', '320.webp', '480.avif', '480.jpg', '480.webp', '720.avif', '720.jpg', '720.webp'].sort(),
    );
    for (const file of files) {
      const meta = await sharp(file.data).metadata();
      const ext = file.fileName.split('.').pop()!;
      expect(meta.format, file.fileName).toBe(ext === 'jpg' ? 'jpeg' : ext === 'avif' ? 'heif' : ext);
      expect(meta.width! / meta.height!).toBeCloseTo(1.5, 1);
    }
  });
});

describe('a menu photo', () => {
  it('is checked naming its field, and made square at 80, 160 and 240 px', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'curbside-dish-'));
    try {
      mkdirSync(join(dir, 'images'));
      const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c93' } })
        .jpeg()
        .toBuffer();
      writeFileSync(join(dir, 'images', 'dish.jpg'), photo);
      const withDish = (src: string): BusinessContent => ({
        ...content,
        logoMark: undefined,
        shareImage: undefined,
        clients: { ...content.clients, logos: content.clients.logos.map((logo) => clientName(logo)) },
        packageGroups: content.packageGroups.map((group) => ({
          ...group,
          packages: group.packages.map((card) => ({ ...card, photo: undefined })),
        })),
        menu: {
          currency: 'USD',
          groups: [{ name: 'Tacos', items: [{ name: 'Al pastor', price: 4.5, photo: { src, alt: 'A taco' } }] }],
        },
      });
      const missing = await planPictures(withDish('images/gone.jpg'), dir).catch((e: unknown) => e);
      expect((missing as Error).message).toContain('menu.groups[0].items[0].photo.src: images/gone.jpg was not found');
      const plan = await planPictures(withDish('images/dish.jpg'), dir);
      expect(plan.page['dish:images/dish.jpg']).toMatchObject({
        type: 'jpg',
        widths: [80, 160, 240],
        width: 240,
        height: 240,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a small SVG logo mark is written into the page, not fetched', () => {
  const svg = (extra = '') =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">\n  <circle cx="256" cy="256" r="250" fill="#0f5c3a"/>${extra}\n</svg>\n`,
    );
  const checked = (source: Buffer) => ({
    use: { field: 'logoMark', file: 'images/mark.svg', role: 'mark' as const },
    path: 'images/mark.svg',
    source,
    format: 'svg' as const,
    width: 512,
    height: 512,
    hasAlpha: true,
  });

  it('a mark up to the limit gets a data: URL that decodes to the same drawing', () => {
    const data = planPicture(checked(svg()), 'mark').data;
    expect(data.inline).toMatch(/^data:image\/svg\+xml,/);
    expect(data.inline).not.toMatch(/[<>"#]/);
    const decoded = decodeURIComponent(data.inline!.slice('data:image/svg+xml,'.length));
    expect(decoded).toBe(svg().toString().trim().replace(/\s+/g, ' '));
  });

  it('a larger mark, and a client logo in SVG, stay files', () => {
    const large = svg(`<!--${'x'.repeat(INLINE_MARK_MAX_BYTES)}-->`);
    expect(planPicture(checked(large), 'mark').data.inline).toBeUndefined();
    expect(
      planPicture({ ...checked(svg()), use: { ...checked(svg()).use, role: 'logo' } }, 'logo').data.inline,
    ).toBeUndefined();
  });
});

// The site's icons from one source: the owner's logo mark (content `logoMark`,
// checked by pictures.ts) or, without one, the mark drawn in the brand colours
// (iconSvg). favicon.ico (16, 32, 48), apple-touch-icon.png (180, opaque: iOS
// fills transparency with black), and the web manifest's 192 and 512 PNGs, one
// of them maskable (the mark inside the safe circle, the background to the edges).
import sharp from 'sharp';
import type { BusinessContent } from '../../content/index.js';
import { ICONS, iconSvg } from '../web/seo/site-files.js';
import { encodeIco } from './ico.js';
import type { CheckedPicture } from './pictures.js';

/** Behind the mark where an icon must be opaque (apple-touch-icon, maskable). */
const BACKGROUND = '#ffffff';
/** A maskable icon may be cut to a circle of 80 % of its width: a square mark fits in 80 % / √2. */
const MASKABLE_SCALE = 0.56;
const APPLE_SCALE = 0.8;

/** The mark drawn `size` px square (contained, transparent around it), from an SVG at the matching density. */
async function drawMark(source: Buffer, size: number): Promise<Buffer> {
  const meta = await sharp(source).metadata();
  const density =
    meta.format === 'svg' ? Math.min(2400, Math.ceil((72 * size) / Math.min(meta.width, meta.height))) : undefined;
  return sharp(source, density ? { density } : {})
    .autoOrient()
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** The mark at `scale` of a `size` px square on `background` (or transparent). */
async function icon(source: Buffer, size: number, scale = 1, background?: string): Promise<Buffer> {
  const inner = Math.round(size * scale);
  const mark = await drawMark(source, inner);
  if (scale === 1 && !background) return mark;
  return sharp({
    create: { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

export interface IconSet {
  /** File name → bytes: favicon.ico and the PNGs of ICONS. */
  files: Record<string, Buffer>;
  /** icon.svg, when the source is a vector (the drawn mark, or the owner's SVG). */
  svg?: string;
}

export async function renderIcons(content: BusinessContent, mark?: CheckedPicture): Promise<IconSet> {
  const drawn = mark ? undefined : iconSvg(content);
  const source = mark ? mark.source : Buffer.from(drawn!);
  const svg = drawn ?? (mark?.format === 'svg' ? mark.source.toString('utf8') : undefined);
  const ico = encodeIco(
    await Promise.all(ICONS.ico.sizes.map(async (size) => ({ size, png: await icon(source, size) }))),
  );
  return {
    svg,
    files: {
      [ICONS.ico.file]: ico,
      [ICONS.apple.file]: await icon(source, ICONS.apple.size, APPLE_SCALE, BACKGROUND),
      [ICONS.any192.file]: await icon(source, ICONS.any192.size),
      [ICONS.any512.file]: await icon(source, ICONS.any512.size),
      [ICONS.maskable.file]: await icon(source, ICONS.maskable.size, MASKABLE_SCALE, BACKGROUND),
    },
  };
}

// The link preview card (og:image, twitter:image): a 1200×630 PNG made at build
// from the content. The business's name and tagline on the brand colour, its
// mark, its address, and on the right the owner's photo (content `shareImage`)
// or the page's truck drawn in the brand colours. Text is set by Pango (through
// sharp), wrapped to its box and made smaller when it would not fit.
import { renderToStaticMarkup } from 'react-dom/server';
import sharp, { type OverlayOptions } from 'sharp';
import type { BusinessContent } from '../../content/index.js';
import { escapeHtml } from '../shared/escape-html.js';
import { TruckArt } from '../web/sections/truck-art.js';
import { iconSvg, SOCIAL_CARD } from '../web/seo/site-files.js';
import type { CheckedPicture } from './pictures.js';

const { width: W, height: H } = SOCIAL_CARD;
const PAD = 72;
/** The text column; the art or photo takes the rest. */
const TEXT_WIDTH = 560;
const ART_LEFT = 660;
/** Fonts on any Debian or macOS machine first; Pango falls back to whatever sans the machine has. */
const FONT = 'DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif';

/** Text wrapped to `width`, as large as fits in `maxHeight` from `size` down to `minSize` px. */
async function textBlock(
  text: string,
  options: { size: number; minSize: number; maxHeight: number; width: number; colour: string; bold?: boolean },
): Promise<{ png: Buffer; height: number }> {
  for (let size = options.size; ; size -= 4) {
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="${options.colour}">${escapeHtml(text)}</span>`,
        font: `${FONT} ${options.bold ? 'Bold ' : ''}${size}px`,
        width: options.width,
        wrap: 'word',
        rgba: true,
        dpi: 72,
        spacing: Math.round(size * 0.12),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    if (info.height <= options.maxHeight) return { png: data, height: info.height };
    if (size - 4 < options.minSize) {
      // Still too long at the smallest size: cut to the box rather than run off the card.
      const cut = await sharp(data)
        .extract({ left: 0, top: 0, width: info.width, height: options.maxHeight })
        .png()
        .toBuffer();
      return { png: cut, height: options.maxHeight };
    }
  }
}

/** The page's truck as a standalone SVG, its CSS colour variables replaced by the brand colours. */
export function truckSvg(content: BusinessContent, width: number): string {
  const height = Math.round((width * 300) / 480);
  return renderToStaticMarkup(TruckArt({ className: 'truck' }))
    .replace('<svg ', `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" `)
    .replaceAll('var(--brand)', content.theme.primary)
    .replaceAll('var(--accent)', content.theme.accent);
}

async function mark(content: BusinessContent, logo: CheckedPicture | undefined, size: number): Promise<Buffer> {
  const source = logo ? logo.source : Buffer.from(iconSvg(content));
  const meta = await sharp(source).metadata();
  const density =
    meta.format === 'svg' ? Math.min(2400, Math.ceil((72 * size) / Math.min(meta.width, meta.height))) : undefined;
  return sharp(source, density ? { density } : {})
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

export async function renderSocialCard(
  content: BusinessContent,
  pictures: { share?: CheckedPicture; mark?: CheckedPicture } = {},
): Promise<Buffer> {
  const { primary, accent } = content.theme;
  const layers: OverlayOptions[] = [];
  if (pictures.share) {
    const photo = await sharp(pictures.share.source)
      .autoOrient()
      .resize(W - ART_LEFT + 40, H, { fit: 'cover', position: 'attention' })
      .png()
      .toBuffer();
    layers.push({ input: photo, left: ART_LEFT - 40, top: 0 });
    // The brand panel's edge runs over the photo in a slant.
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><path d="M0 0H${ART_LEFT + 20}L${ART_LEFT - 60} ${H}H0Z" fill="${primary}"/><path d="M${ART_LEFT + 20} 0L${ART_LEFT - 60} ${H}" stroke="${accent}" stroke-width="10"/></svg>`,
      ),
      left: 0,
      top: 0,
    });
  } else {
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><circle cx="${ART_LEFT + 270}" cy="300" r="250" fill="${accent}" opacity=".9"/><circle cx="${ART_LEFT + 460}" cy="90" r="90" fill="#fff" opacity=".12"/></svg>`,
      ),
      left: 0,
      top: 0,
    });
    layers.push({ input: Buffer.from(truckSvg(content, 540)), left: ART_LEFT - 10, top: 190 });
  }

  const markSize = 96;
  layers.push({ input: await mark(content, pictures.mark, markSize), left: PAD, top: PAD - 8 });
  const name = await textBlock(content.name, {
    size: 68,
    minSize: 44,
    maxHeight: 176,
    width: TEXT_WIDTH,
    colour: '#ffffff',
    bold: true,
  });
  const nameTop = PAD + markSize + 28;
  layers.push({ input: name.png, left: PAD, top: nameTop });
  const tagline = await textBlock(content.tagline, {
    size: 34,
    minSize: 24,
    maxHeight: H - PAD - 60 - (nameTop + name.height + 20),
    width: TEXT_WIDTH,
    colour: '#e9f3ec',
  });
  layers.push({ input: tagline.png, left: PAD, top: nameTop + name.height + 20 });
  const host = await textBlock(new URL(content.siteUrl).host, {
    size: 26,
    minSize: 18,
    maxHeight: 40,
    width: TEXT_WIDTH,
    colour: accent,
    bold: true,
  });
  layers.push({ input: host.png, left: PAD, top: H - PAD - host.height + 8 });

  return sharp({ create: { width: W, height: H, channels: 4, background: primary } })
    .composite(layers)
    .flatten({ background: primary })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

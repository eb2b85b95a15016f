// The owner's pictures on the page: one <picture> with AVIF and WebP sources and
// a JPEG/PNG fallback, each at several widths (srcset + sizes), and explicit
// width and height so nothing moves when it arrives. The files and this data are
// made at build time (src/build/pictures.ts) and reach the page as `virtual:pictures`.
import { pictures } from 'virtual:pictures';
import type { PictureData, PictureRole } from './picture-data.js';

export type { PictureData, PictureRole };

/** The built picture for a content file in a role, if the content gives one. */
export function builtPicture(role: PictureRole, file: string | undefined): PictureData | undefined {
  if (file === undefined) return undefined;
  const data = pictures[`${role}:${file}`];
  // The build makes every picture the content names; a gap is a bug in the build, not the owner's mistake.
  if (!data) throw new Error(`No built picture for ${role} ${file}`);
  return data;
}

const srcset = (data: PictureData, ext: string) => data.widths.map((w) => `${data.base}-${w}.${ext} ${w}w`).join(', ');

export interface PictureProps {
  data: PictureData;
  alt: string;
  /** The rendered width of the image, for the browser's choice among the widths (the `sizes` attribute). */
  sizes: string;
  /** The width and height attributes (their ratio reserves the box); the picture's own size when unset. */
  width?: number;
  height?: number;
  className?: string;
  /** Below the fold: 'lazy' (the default). Above it: 'eager'. */
  loading?: 'lazy' | 'eager';
}

export function Picture({ data, alt, sizes, width, height, className, loading = 'lazy' }: PictureProps) {
  const boxWidth = width ?? (height ? Math.round((height * data.width) / data.height) : data.width);
  const boxHeight = height ?? Math.round((boxWidth * data.height) / data.width);
  const common = { className, width: boxWidth, height: boxHeight, loading, decoding: 'async' as const };
  if (data.type === 'svg') return <img src={data.inline ?? `${data.base}.svg`} alt={alt} {...common} />;
  const largest = data.widths[data.widths.length - 1]!;
  return (
    <picture>
      <source type="image/avif" srcSet={srcset(data, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(data, 'webp')} sizes={sizes} />
      <img
        src={`${data.base}-${largest}.${data.type}`}
        srcSet={srcset(data, data.type)}
        sizes={sizes}
        alt={alt}
        {...common}
      />
    </picture>
  );
}

import { content } from '../../../content/index.js';
import { builtPicture, Picture } from '../picture.js';

/** Shown 32 px high beside the business's name (navbar, footer). */
const MARK_SIZE = 32;

/**
 * The owner's logo mark (content `logoMark`), or a small lime-wedge mark drawn
 * inline in the brand colours (no image request). Decorative either way: the
 * business's name is written beside it.
 */
export function BrandMark({ loading = 'lazy' }: { loading?: 'lazy' | 'eager' }) {
  const mark = builtPicture('mark', content.logoMark);
  if (mark) {
    const width = Math.round((MARK_SIZE * mark.width) / mark.height);
    return (
      <Picture data={mark} alt="" className="brand-mark" height={MARK_SIZE} sizes={`${width}px`} loading={loading} />
    );
  }
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--accent)" />
      <path d="M16 16 L16 3 A13 13 0 0 1 27.3 22.5 Z" fill="var(--brand)" />
      <path d="M16 16 L4.7 22.5 A13 13 0 0 1 16 3 Z" fill="#fff" opacity=".85" />
    </svg>
  );
}

/** A small lime-wedge mark drawn inline: no image request. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--accent)" />
      <path d="M16 16 L16 3 A13 13 0 0 1 27.3 22.5 Z" fill="var(--brand)" />
      <path d="M16 16 L4.7 22.5 A13 13 0 0 1 16 3 Z" fill="#fff" opacity=".85" />
    </svg>
  );
}

import type { ReactNode } from 'react';

/**
 * A "book us" control (`.book-us`). It is a link to the form (#inquiry), so it
 * works before the page's script has run and without it: the form is shown by
 * CSS (:target) and posts as a plain HTML form. A package's button links to the
 * form page with its package chosen (`/inquiry?package=`, form-post.ts), which CSS
 * cannot do; the boot script shows the page's own form for it instead
 * (page-boot-script.ts). Once the script runs, a click opens the modal overlay
 * instead (src/web/inquiry/opener.ts), so it is a button to assistive technology,
 * and Space presses it like one.
 */
export function BookUs({
  className,
  operation,
  packageName,
  children,
}: {
  className: string;
  /** The operation the form opens on; without one, the form opens with none chosen. */
  operation?: string | undefined;
  /** A package of the truck (with the truck's operation): the form opens with it chosen. */
  packageName?: string | undefined;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a link so it works without JavaScript; with it, it opens a dialog like a button.
    <a
      href={packageName ? `/inquiry?package=${encodeURIComponent(packageName)}` : '#inquiry'}
      role="button"
      className={`book-us ${className}`}
      aria-haspopup="dialog"
      data-operation={operation}
      data-package={packageName}
    >
      {children}
    </a>
  );
}

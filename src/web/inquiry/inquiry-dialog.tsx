import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { setToastHost } from '../toast/toast-store.js';
import { InquiryForm, type InquiryFormHandle } from './inquiry-form.js';
import { onOpenRequest } from './opener.js';
import { signIn } from './visitor-session.js';
import { words } from '../page-words.js';

/**
 * The inquiry overlay: a native modal <dialog>, so focus moves in, Tab stays
 * inside, the page behind is inert and Escape closes it. It opens from any
 * `.book-us` element (through opener.ts) and gives focus back to that element
 * when it closes. Before and without JavaScript the same markup is the form a
 * `.book-us` link shows (#inquiry, :target in inquiry.css), posting to /inquiry.
 */
/** Drops #inquiry from the address, so CSS stops showing the form once the overlay has it. */
function forgetInquiryHash(): void {
  if (location.hash === '#inquiry') history.replaceState(history.state, '', location.pathname + location.search);
}

export function InquiryDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<InquiryFormHandle>(null);
  const opener = useRef<HTMLElement | null>(null);
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    // Spec §6: signed in anonymously at page load; a failure goes to the console only.
    signIn().catch((error: unknown) => console.error('Anonymous sign-in failed:', error));

    const open = (target: HTMLElement | null) => {
      const dialog = dialogRef.current;
      if (!dialog) return;
      opener.current = target;
      // A "Book" button chooses; anything else ("Try again", the address's #inquiry) opens the form as it is.
      formRef.current?.prepare(
        target?.matches('.book-us')
          ? { operation: target.dataset.operation, packageName: target.dataset.package }
          : undefined,
      );
      // Shown before the module ran as the plain form (#inquiry), it becomes the overlay in
      // place: no entrance, and the field the visitor is in keeps the focus (record 160).
      const inSheet = !dialog.open && location.hash === '#inquiry';
      const typing =
        inSheet && dialog.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
      dialog.classList.toggle('from-sheet', inSheet);
      if (!dialog.open) dialog.showModal();
      forgetInquiryHash();
      setToastHost(dialog);
      if (typing) typing.focus();
      else formRef.current?.focusFirstField();
    };
    return onOpenRequest(open);
  }, []);

  const close = () => dialogRef.current?.close();
  const onClosed = () => {
    dialogRef.current?.classList.remove('from-sheet');
    setToastHost(null);
    opener.current?.focus();
    opener.current = null;
  };

  // A click outside the form is one that starts and ends on the backdrop
  // (the dialog element itself), so a text selection dragged out doesn't close it.
  const onPointerDown = (event: PointerEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget && pressedOnBackdrop.current) close();
  };

  return (
    // role="dialog" is implicit on <dialog>; it is written out because it is part of the DOM contract.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape and the Close button are the keyboard's way.
    <dialog
      ref={dialogRef}
      id="inquiry"
      // biome-ignore lint/a11y/noRedundantRoles: the explicit role is part of the DOM contract.
      role="dialog"
      aria-modal="true"
      aria-labelledby="inquiry-title"
      className="inquiry-dialog"
      onPointerDown={onPointerDown}
      onClick={onClick}
      onClose={onClosed}
    >
      <div className="inquiry-panel">
        <div className="inquiry-header">
          <h2 id="inquiry-title">{words.inquiryTitle}</h2>
          {/* A link so it also closes the form shown without JavaScript (#inquiry by :target). */}
          {/* biome-ignore lint/a11y: a link so it works without JavaScript; with it, it is the dialog's Close button. */}
          <a
            href="#close"
            role="button"
            className="inquiry-close"
            aria-label={words.close}
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
          >
            <span aria-hidden="true">×</span>
          </a>
        </div>
        <InquiryForm handle={formRef} onSubmitted={close} />
      </div>
    </dialog>
  );
}

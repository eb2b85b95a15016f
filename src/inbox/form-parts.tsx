// The inbox's form parts, written once (issue 36 item 3): a form's failure, said at
// once to a screen reader; a field's problem, which the control names in its
// aria-describedby; a labelled field; and the row of a form's buttons. Each renders the
// markup the pages wrote by hand before, so their styles and tests hold.
import type { ReactNode } from 'react';

/** A form's failure (role="alert": read out as it appears); nothing while there is none. */
export function FormError({ children }: { children?: ReactNode }) {
  return children ? (
    <p role="alert" className="inbox-error">
      {children}
    </p>
  ) : null;
}

/** A field's problem, by the id its control's aria-describedby names; nothing while there is none. */
export function FieldProblem({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <span id={id} className="inbox-error">
      {children}
    </span>
  ) : null;
}

/** The ids a control is described by (its problem, its hint), or undefined for none. */
export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** A field: its label for the control `htmlFor`, the control, then its hint and problem (children). */
export function Field({
  label,
  htmlFor,
  className,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `inbox-field ${className}` : 'inbox-field'}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

/** A form's buttons: its submit (aria-disabled while busy, so a press is never lost to a disabled button) and Cancel. */
export function FormActions({
  submit,
  busy,
  destructive = false,
  onCancel,
}: {
  submit: string;
  busy: boolean;
  destructive?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="inbox-row">
      <button
        type="submit"
        className={`inbox-button ${destructive ? 'inbox-destructive' : 'inbox-primary'}`}
        aria-disabled={busy}
      >
        {submit}
      </button>
      <button type="button" className="inbox-button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

// One labelled input of the inquiry form: its kind, label, layout hints and native
// constraints all from its row of the field table (src/shared/inquiry.ts), the same
// rules the server checks.
import { PATTERNS } from '../../shared/inquiry.js';
import type { FormControlRow, InputKind } from '../../shared/inquiry-fields.js';
import { labels, words } from '../page-words.js';

const INPUT_TYPES: Partial<Record<InputKind, string>> = {
  email: 'email',
  tel: 'tel',
  date: 'date',
  time: 'time',
  number: 'number',
};
const INPUT_MODES: Partial<Record<InputKind, 'email' | 'numeric'>> = { email: 'email', number: 'numeric' };

/** The control's label, with "(optional)" when it may be left empty. */
export function FieldLabel({ control }: { control: FormControlRow }) {
  return (
    <label htmlFor={`inquiry-${control.name}`}>
      {labels[control.name] ?? control.label}
      {control.optional && <span className="field-optional"> {words.optional}</span>}
    </label>
  );
}

/** A field's message once a send was refused (record 101); the control points at it. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  ) : null;
}

/** The attributes that tie a control to its hint and its message. */
export function describedBy(id: string, hint: boolean, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

export function Field({ control, error }: { control: FormControlRow; error?: string | undefined }) {
  const { name, input, hint } = control;
  const id = `inquiry-${name}`;
  const type = INPUT_TYPES[input] ?? 'text';
  const required = !control.optional;
  // A required text must hold more than spaces, a phone number its own pattern; the
  // server checks the same. (An e-mail's is the browser's own type=email check.)
  const pattern =
    input === 'email' ? undefined : (control.pattern ?? (required && type === 'text' ? PATTERNS.notBlank : undefined));
  const common = {
    id,
    name,
    required,
    maxLength: control.maxLength,
    ...describedBy(id, Boolean(hint), error),
  };
  return (
    <div className={`field field-${name}`}>
      <FieldLabel control={control} />
      {input === 'textarea' ? (
        <textarea {...common} rows={3} />
      ) : (
        <input
          {...common}
          type={type}
          autoComplete={control.autoComplete ?? 'off'}
          pattern={pattern}
          inputMode={INPUT_MODES[input]}
          min={control.min}
          max={control.max}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {/* The one hint (the phone's), in the page's language. */}
          {words.phoneHint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}

// One labelled input of the inquiry form, its native constraints taken from the
// field table (src/shared/inquiry.ts), the same ones the server checks.
import { INQUIRY_FIELDS, PATTERNS, REQUIRED_CONTROLS, TEXT_LIMITS } from '../../shared/inquiry.js';
import type { ControlField, InputKind } from '../../shared/inquiry-fields.js';

type TextControl = keyof typeof TEXT_LIMITS;

export interface FieldProps {
  name: string;
  /** Defaults to the field table's label. */
  label?: string;
  type?: string;
  autoComplete?: string;
  pattern?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  min?: string | number;
  max?: number;
  hint?: string;
}

const INPUT_TYPES: Partial<Record<InputKind, string>> = {
  email: 'email',
  tel: 'tel',
  date: 'date',
  time: 'time',
  number: 'number',
};

/** A control field of the table, as the form's row of it. */
function controlField(name: string): ControlField | undefined {
  const field = (INQUIRY_FIELDS as Record<string, { from: string }>)[name];
  return field?.from === 'control' ? (field as ControlField) : undefined;
}

export function Field({ name, label, type, autoComplete = 'off', hint, ...rest }: FieldProps) {
  const row = controlField(name);
  const inputType = type ?? (row && INPUT_TYPES[row.input]) ?? 'text';
  const required = REQUIRED_CONTROLS.has(name);
  const maxLength = name in TEXT_LIMITS ? TEXT_LIMITS[name as TextControl] : undefined;
  const id = `inquiry-${name}`;
  return (
    <div className={`field field-${name}`}>
      <label htmlFor={id}>
        {label ?? row?.label ?? name}
        {!required && <span className="field-optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type={inputType}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        aria-describedby={hint ? `${id}-hint` : undefined}
        // A required text must hold more than spaces; the server checks the same.
        pattern={rest.pattern ?? (required && inputType === 'text' ? PATTERNS.notBlank : undefined)}
        inputMode={rest.inputMode}
        min={rest.min ?? row?.min}
        max={rest.max ?? row?.max}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

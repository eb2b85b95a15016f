import { useEffect, useImperativeHandle, useRef, useState, type FormEvent, type MouseEvent, type Ref } from 'react';
import { content, packageOptionLabel, truckPackages } from '../../../content/index.js';
import {
  FORM_CONTROLS,
  MAX_GUESTS,
  OPERATIONS,
  PATTERNS,
  REQUIRED_CONTROLS,
  TEXT_LIMITS,
  TRUCK_OPERATION,
  scheduleErrors,
  isoDay,
  toInquiryBody,
  type InquiryBody,
  type InquiryFormValues,
} from '../../shared/inquiry.js';
import {
  CONTROL_TEXT_RULES,
  cleanControlValues,
  controlTextMessage,
  type ControlTextField,
} from '../../shared/text-rules.js';
import { showToast } from '../toast/toast-store.js';
import { clearSent, loadDraft, loadPending, saveDraft, savePending } from './draft.js';
import { newInquiryId, sendInquiry } from './send-inquiry.js';

export const MESSAGES = {
  wait: { title: 'Wait', message: 'Please fill out all required fields before submitting...' },
  sent: 'We got your inquiry! 🎉',
  failed: 'Couldn’t send your inquiry. Please try again.',
} as const;

export interface InquiryFormHandle {
  /** Prepares the form for an opener: a package button picks the truck and that package. */
  prepare(packageName: string | undefined): void;
  focusFirstField(): void;
}

type TextControl = keyof typeof TEXT_LIMITS;

interface FieldProps {
  name: TextControl | 'eventDate' | 'startTime' | 'endTime' | 'plannedGuestCount';
  label: string;
  type?: string;
  autoComplete?: string;
  pattern?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  min?: string | number;
  max?: number;
  hint?: string;
}

function Field({ name, label, type = 'text', autoComplete = 'off', hint, ...rest }: FieldProps) {
  const required = REQUIRED_CONTROLS.has(name);
  const maxLength = name in TEXT_LIMITS ? TEXT_LIMITS[name as TextControl] : undefined;
  const id = `inquiry-${name}`;
  return (
    <div className={`field field-${name}`}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="field-optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLength}
        aria-describedby={hint ? `${id}-hint` : undefined}
        // A required text must hold more than spaces; the server checks the same.
        pattern={rest.pattern ?? (required && type === 'text' ? PATTERNS.notBlank : undefined)}
        inputMode={rest.inputMode}
        min={rest.min}
        max={rest.max}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

function readValues(form: HTMLFormElement): InquiryFormValues {
  const values = {} as InquiryFormValues;
  for (const name of FORM_CONTROLS) {
    values[name] = (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  }
  return values;
}

/** Same inquiry as a send that got no answer? Then resend that one, id and all. */
function sameInquiry(a: InquiryBody, b: InquiryBody): boolean {
  const { dateCreated: _a, fillMs: _fa, ...restA } = a;
  const { dateCreated: _b, fillMs: _fb, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

export function InquiryForm({ handle, onSubmitted }: { handle: Ref<InquiryFormHandle>; onSubmitted: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [operation, setOperation] = useState('');
  const [valid, setValid] = useState(false);
  const [sending, setSending] = useState(false);
  // Until hydrated (and without JavaScript) the form is a plain HTML form: the
  // package select is there to choose, and the submit button is a submit button.
  const [hydrated, setHydrated] = useState(false);
  const openedAt = useRef(0);

  const control = (name: string) =>
    formRef.current?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;

  /** Applies the rules native attributes cannot express, then reads the form's validity. */
  const revalidate = () => {
    const form = formRef.current;
    if (!form) return;
    const values = readValues(form);
    const errors = scheduleErrors(values, isoDay(new Date()));
    control('endTime')?.setCustomValidity(values.startTime && values.endTime ? (errors.endTime ?? '') : '');
    control('eventDate')?.setCustomValidity(values.eventDate ? (errors.eventDate ?? '') : '');
    // The text rules the server applies, on each value as it will be sent (NFC, trimmed).
    for (const name of Object.keys(CONTROL_TEXT_RULES) as ControlTextField[]) {
      control(name)?.setCustomValidity(controlTextMessage(name, values[name]));
    }
    setValid(form.checkValidity());
  };

  useImperativeHandle(handle, () => ({
    prepare(packageName) {
      openedAt.current ||= Date.now();
      const packageSelect = control('packageChoice');
      const operationSelect = control('operation');
      if (packageName && operationSelect && packageSelect) {
        operationSelect.value = TRUCK_OPERATION;
        packageSelect.value = packageName;
        setOperation(TRUCK_OPERATION);
        saveDraft(readValues(formRef.current!));
      }
      revalidate();
    },
    focusFirstField() {
      control('firstName')?.focus();
    },
  }));

  // Restore the draft once hydrated, and set today's date as the earliest event day.
  // (The effect below then reads the validity.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration.
  useEffect(() => {
    (control('eventDate') as HTMLInputElement).min = isoDay(new Date());
    const draft = loadDraft();
    for (const [name, value] of Object.entries(draft)) {
      const element = control(name);
      // What a visitor typed before the page was hydrated wins over an older draft.
      if (element && !element.value) element.value = value;
    }
    setOperation(control('operation')?.value ?? '');
    setHydrated(true);
    if (Object.values(readValues(formRef.current!)).some(Boolean)) saveDraft(readValues(formRef.current!));
  }, []);

  // Revealing or hiding the package select changes which fields are required;
  // validity can only be read once React has applied that to the DOM. Also on mount.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the operation (and so the required set) changes.
  useEffect(revalidate, [operation]);

  const onInput = () => {
    saveDraft(readValues(formRef.current!));
    revalidate();
  };

  const onOperationChange = (value: string) => {
    setOperation(value);
    // Any other operation clears the package choice (spec §4).
    if (value !== TRUCK_OPERATION) control('packageChoice')!.value = '';
  };

  // The button is aria-disabled, not disabled, so it can still be pressed (and
  // focused): pressing it while the form is invalid explains why nothing is sent.
  const onSubmitClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    if (!formRef.current!.checkValidity()) {
      event.preventDefault();
      showToast({ kind: 'warning', ...MESSAGES.wait });
      formRef.current!.reportValidity();
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending) return;
    if (!form.checkValidity()) {
      showToast({ kind: 'warning', ...MESSAGES.wait });
      return;
    }
    const values = cleanControlValues(readValues(form));
    const website = (form.elements.namedItem('website') as HTMLInputElement).value;
    const body = toInquiryBody(values, {
      now: new Date(),
      website,
      fillMs: Date.now() - (openedAt.current || Date.now()),
    });
    const pending = loadPending();
    const send = pending && sameInquiry(pending.body, body) ? pending : { id: newInquiryId(), body };
    savePending(send);
    setSending(true);
    onSubmitted(); // the overlay closes at once (spec §4)
    try {
      await sendInquiry(send.id, send.body);
      clearSent();
      form.reset();
      setOperation('');
      openedAt.current = 0;
      showToast({ kind: 'success', message: MESSAGES.sent });
    } catch (error) {
      // Every value stays in the form and in the draft.
      console.error(error);
      showToast({ kind: 'error', message: MESSAGES.failed });
    } finally {
      setSending(false);
      revalidate();
    }
  };

  const isTruck = operation === TRUCK_OPERATION;
  const showPackage = isTruck || !hydrated;
  return (
    <form
      ref={formRef}
      className="inquiry-form"
      // Without JavaScript (or before it runs) the form posts itself (src/server/routes/inquiry-form.ts).
      method="post"
      action="/inquiry"
      onSubmit={onSubmit}
      onInput={onInput}
      onChange={onInput}
      aria-describedby="inquiry-required-note"
    >
      <p id="inquiry-required-note" className="inquiry-note">
        All fields are required unless marked optional.
      </p>
      <fieldset>
        <legend>About you</legend>
        <div className="field-row">
          <Field name="firstName" label="First name" autoComplete="given-name" />
          <Field name="lastName" label="Last name" autoComplete="family-name" />
        </div>
        <div className="field-row">
          <Field name="email" label="Email" type="email" autoComplete="email" inputMode="email" />
          <Field
            name="phoneNumber"
            label="Phone"
            type="tel"
            autoComplete="tel"
            pattern={PATTERNS.phone}
            hint="Digits, spaces and + ( ) - . only"
          />
        </div>
        <Field name="company" label="Company or school" autoComplete="organization" />
      </fieldset>

      <fieldset>
        <legend>Your event</legend>
        <Field name="eventName" label="Event name" />
        <div className="field-row field-row-3">
          <Field name="eventDate" label="Date" type="date" />
          <Field name="startTime" label="Start time" type="time" />
          <Field name="endTime" label="End time" type="time" />
        </div>
        <Field
          name="plannedGuestCount"
          label="Planned guests"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_GUESTS}
        />
      </fieldset>

      <fieldset>
        <legend>Where</legend>
        <Field name="streetAddress" label="Street address" autoComplete="address-line1" />
        <div className="field-row field-row-3">
          <Field name="city" label="City" autoComplete="address-level2" />
          <Field name="state" label="State" autoComplete="address-level1" />
          <Field name="postalCode" label="Postal code" autoComplete="postal-code" />
        </div>
      </fieldset>

      <fieldset>
        <legend>What you’d like</legend>
        <div className="field">
          <label htmlFor="inquiry-operation">Service</label>
          <select
            id="inquiry-operation"
            name="operation"
            required
            defaultValue=""
            onChange={(event) => onOperationChange(event.target.value)}
          >
            <option value="" disabled>
              Choose a service
            </option>
            {OPERATIONS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field" hidden={!showPackage}>
          <label htmlFor="inquiry-packageChoice">Package</label>
          <select
            id="inquiry-packageChoice"
            name="packageChoice"
            required={isTruck}
            disabled={!showPackage}
            defaultValue=""
          >
            <option value="" disabled>
              Choose a package
            </option>
            {truckPackages(content).map((card) => (
              <option key={card.name} value={card.name}>
                {packageOptionLabel(card)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inquiry-notes">
            Notes<span className="field-optional"> (optional)</span>
          </label>
          <textarea id="inquiry-notes" name="notes" rows={3} maxLength={TEXT_LIMITS.notes} />
        </div>
        <Field name="reference" label="How did you hear about us?" />
      </fieldset>

      {/* A honeypot: hidden from people, filled in by bots. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="inquiry-website">Website</label>
        <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <button
        type="submit"
        className="button button-large inquiry-submit"
        aria-disabled={hydrated ? !valid || sending : undefined}
        onClick={onSubmitClick}
      >
        {sending ? 'Sending…' : 'Send inquiry'}
      </button>
    </form>
  );
}

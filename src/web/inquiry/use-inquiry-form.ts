// The inquiry form's lifecycle, apart from its markup: the draft kept as the
// visitor types, validity (native constraints plus the rules they cannot say),
// the operation that reveals the package choice, and sending, with the pending
// inquiry kept so a retry is the same create (spec §4, decision record 006).
import { type FormEvent, type MouseEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import {
  CHOICE_CONTROLS,
  type InquiryBody,
  isoDay,
  scheduleErrors,
  TRUCK_OPERATION,
  toInquiryBody,
} from '../../shared/inquiry.js';
import {
  CONTROL_TEXT_RULES,
  type ControlTextField,
  cleanControlValues,
  controlTextMessage,
} from '../../shared/text-rules.js';
import { hideToast, showToast } from '../toast/toast-store.js';
import {
  clearSent,
  loadButtonChoice,
  loadDraft,
  loadPending,
  saveButtonChoice,
  saveDraft,
  savePending,
} from './draft.js';
import { formControl, readValues, sameInquiry } from './form-values.js';
import { newInquiryId, sendInquiry } from './send-inquiry.js';
import { setSendStatus, summaryOf } from './send-status.js';
import { words } from '../page-words.js';

/** The spec's toasts, in the page's language (its words, record 300: English exactly as the spec says). */
export const MESSAGES = {
  get wait() {
    return { title: words.waitTitle, message: words.waitMessage };
  },
  get sent() {
    return words.sentToast;
  },
  get failed() {
    return words.failedToast;
  },
};

export interface InquiryFormHandle {
  /**
   * Prepares the form for an opener: a "Book" button chooses its own operation and
   * package, or none (never what an earlier click chose); `undefined` (opened by the
   * address's #inquiry) leaves the form as it is.
   */
  prepare(choice: BookedChoice | undefined): void;
  focusFirstField(): void;
}

/** What a "Book" button chooses (its data-operation and data-package). */
export interface BookedChoice {
  operation: string | undefined;
  packageName: string | undefined;
}

/**
 * The service and package a "Book" button opens the form on (decision record 100): a
 * truck package's button chooses the truck and its package; a button with an
 * operation chooses it (keeping a package the visitor chose for it); a button with
 * neither chooses nothing. What the visitor chose themselves is kept where the button
 * has no choice of its own; what an earlier button chose never is.
 */
export function choiceFor(
  button: BookedChoice,
  current: { operation: string; packageName: string },
  lastButton = loadButtonChoice(),
): { operation: string; packageName: string; byButton: boolean } {
  const visitorChose =
    current.operation !== '' &&
    !(lastButton && lastButton.operation === current.operation && lastButton.packageName === current.packageName);
  if (button.operation && button.packageName)
    return { operation: button.operation, packageName: button.packageName, byButton: true };
  if (button.operation) {
    return visitorChose && current.operation === button.operation
      ? { ...current, byButton: false }
      : { operation: button.operation, packageName: '', byButton: true };
  }
  return visitorChose ? { ...current, byButton: false } : { operation: '', packageName: '', byButton: true };
}

export function useInquiryForm(handle: Ref<InquiryFormHandle>, onSubmitted: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const [operation, setOperation] = useState('');
  const [valid, setValid] = useState(false);
  const [sending, setSending] = useState(false);
  // Once a send was refused as incomplete, each invalid field says why, under it (one
  // message per field: the browser's own bubble is never shown, record 101).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const showingErrors = useRef(false);
  // The Wait toasts up: they go as soon as the form is complete (record 161).
  const waitToasts = useRef<number[]>([]);
  // Until hydrated (and without JavaScript) the form is a plain HTML form: the
  // package select is there to choose, and the submit button is a submit button.
  const [hydrated, setHydrated] = useState(false);
  const openedAt = useRef(0);

  const control = (name: string) => formControl(formRef.current, name);

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
    const complete = form.checkValidity();
    setValid(complete);
    if (showingErrors.current) setErrors(fieldErrors(form));
    if (complete) for (const id of waitToasts.current.splice(0)) hideToast(id);
  };

  /** Refuses an incomplete send: the Wait toast (spec §5), each field's message, the first such field focused. */
  const refuse = (form: HTMLFormElement) => {
    waitToasts.current.push(showToast({ kind: 'warning', ...MESSAGES.wait }));
    showingErrors.current = true;
    const found = fieldErrors(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) control(first)?.focus();
  };

  useImperativeHandle(handle, () => ({
    prepare(choice) {
      openedAt.current ||= Date.now();
      const packageSelect = control('packageChoice');
      const operationSelect = control('operation');
      if (choice && operationSelect && packageSelect) {
        const next = choiceFor(choice, { operation: operationSelect.value, packageName: packageSelect.value });
        // '' selects the placeholder ("Choose a service", "Choose a package").
        operationSelect.value = next.operation;
        packageSelect.value = next.operation === TRUCK_OPERATION ? next.packageName : '';
        setOperation(operationSelect.value);
        if (next.byButton) saveButtonChoice({ operation: next.operation, packageName: packageSelect.value });
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

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    // The visitor's own service or package: a later button without a choice of its own keeps it.
    if (CHOICE_CONTROLS.includes((event.target as { name?: string }).name ?? '')) saveButtonChoice(undefined);
    saveDraft(readValues(formRef.current!));
    revalidate();
  };

  const onOperationChange = (value: string) => {
    setOperation(value);
    // Any other operation clears the package choice (spec §4).
    if (value !== TRUCK_OPERATION) control('packageChoice')!.value = '';
  };

  // The button is aria-disabled while the form is incomplete (spec §4), yet focusable and
  // pressable: pressed then it sends nothing and says why (spec §5: the Wait toast; each
  // field's message), with a hint under it of what it waits for (record 220).
  const onSubmitClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    if (!formRef.current!.checkValidity()) {
      event.preventDefault();
      refuse(formRef.current!);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending) return;
    if (!form.checkValidity()) {
      refuse(form);
      return;
    }
    const values = cleanControlValues(readValues(form));
    const website = (form.elements.namedItem('website') as HTMLInputElement).value;
    const body = toInquiryBody(values, {
      now: new Date(),
      website,
      fillMs: Date.now() - (openedAt.current || Date.now()),
    });
    // A page in another language than English says so: the customer's messages follow it (record 300).
    if (words.lang !== 'en') body.language = words.lang as InquiryBody['language'];
    const pending = loadPending();
    const send = pending && sameInquiry(pending.body, body) ? pending : { id: newInquiryId(), body };
    savePending(send);
    setSending(true);
    const summary = summaryOf(values);
    setSendStatus({ state: 'sending', summary });
    onSubmitted(); // the overlay closes at once (spec §4)
    try {
      const answer = await sendInquiry(send.id, send.body);
      clearSent();
      showingErrors.current = false;
      setErrors({});
      form.reset();
      setOperation('');
      openedAt.current = 0;
      showToast({ kind: 'success', message: MESSAGES.sent });
      setSendStatus({ state: 'sent', summary, ...answer });
    } catch (error) {
      // Every value stays in the form and in the draft, and the service and package are
      // the visitor's now: a later button without a choice of its own keeps them.
      console.error(error);
      saveButtonChoice(undefined);
      showToast({ kind: 'error', message: MESSAGES.failed });
      setSendStatus({ state: 'failed', summary });
    } finally {
      setSending(false);
      revalidate();
    }
  };

  const isTruck = operation === TRUCK_OPERATION;
  return {
    formRef,
    hydrated,
    sending,
    valid,
    errors,
    isTruck,
    showPackage: isTruck || !hydrated,
    onInput,
    onOperationChange,
    onSubmitClick,
    onSubmit,
  };
}

/** Each invalid control's message (the browser's words for a native constraint, ours for the rest), in the form's order. */
function fieldErrors(form: HTMLFormElement): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (!control.name || control.disabled || !control.willValidate || control.validity.valid) continue;
    errors[control.name] = control.validationMessage;
  }
  return errors;
}

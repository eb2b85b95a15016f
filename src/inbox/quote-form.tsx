// The quote form (issue 28 item 3): line items, service charge, deposit and last day,
// made to be filled in on a phone with one thumb. The totals follow every keystroke
// with the shared arithmetic and stay in view at the bottom of the screen; the server's
// own rules are checked before sending, each problem shown by its field (the server's
// refusal the same way). "Send quote" sends once; a failure keeps everything typed.
import { type FormEvent, type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { content } from '../../content/index.js';
import { formatMoney, ratePercent } from '../shared/money.js';
import { lineAmount } from '../shared/pricing.js';
import { QUOTE_LIMITS, type QuotesAnswer, type QuoteView } from '../shared/quote-views.js';
import { todayIn } from '../shared/time-zone.js';
import { ApiError, api } from './api.js';
import { eventDay } from './format.js';
import { useFocusOnMount } from './link.js';
import {
  type DraftValues,
  draftOf,
  type LineValues,
  lastValidDay,
  newLine,
  previewLines,
  previewTotals,
  problemsOf,
  valuesOf,
} from './quote-draft.js';
import { FormError, FieldProblem } from './form-parts.js';

type Problems = Record<string, string>;

export function QuoteForm({
  inquiryId,
  answer,
  title,
  onSent,
  onCancel,
  onConflict,
}: {
  inquiryId: string;
  answer: QuotesAnswer;
  title: string;
  onSent: (quote: QuoteView) => Promise<void>;
  onCancel: () => void;
  /** The revision was refused (409): the versions are looked at again, so the acceptance is shown. */
  onConflict: () => Promise<void>;
}) {
  const id = useId();
  const { currency, locale, tax } = answer;
  const form = useRef<HTMLFormElement>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [values, setValues] = useState(() => valuesOf(answer.draft, currency));
  // The version this revises, as the owner saw it when the form opened (record 202). Refused
  // because the customer accepted it meanwhile, a second "Send quote" revises it knowingly.
  const [revises, setRevises] = useState(answer.draft.revises);
  // After the first try, the rules follow each change (a fixed field loses its message).
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);

  const today = todayIn(content.timeZone);
  const draft = draftOf(values, currency);
  const counted = previewLines(draft);
  const totals = previewTotals(draft, tax);
  const problems: Problems = { ...(tried ? problemsOf(draft, tax, today) : {}), ...serverProblems };
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const change = (next: (current: DraftValues) => DraftValues) => {
    setValues(next);
    setServerProblems({});
  };
  const changeLine = (key: number, fields: Partial<LineValues>) =>
    change((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, ...fields } : line)),
    }));
  const focusField = (name: string) => {
    const field = form.current?.elements.namedItem(name === 'lines' ? 'add-line' : name);
    if (field instanceof HTMLElement) field.focus();
  };
  // A field to focus once the lines have rendered (after adding or removing one).
  const focusNext = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focusNext.current) return;
    focusField(focusNext.current);
    focusNext.current = undefined;
  });

  const addLine = () => {
    const line = newLine();
    change((current) => ({ ...current, lines: [...current.lines, line] }));
    // The new line's first field, once it is there.
    focusNext.current = `lines.${values.lines.length}.description`;
  };
  const removeLine = (index: number) => {
    change((current) => ({ ...current, lines: current.lines.filter((_, at) => at !== index) }));
    // The button is gone: the next line's remove button, or "Add line" after the last.
    focusNext.current = index < values.lines.length - 1 ? `lines.${index}.remove` : 'add-line';
  };

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingNow.current) return;
    const found = problemsOf(draft, tax, today);
    setTried(true);
    setServerProblems({});
    setFailure(undefined);
    const first = Object.keys(found)[0];
    if (first) {
      focusField(first);
      return;
    }
    sendingNow.current = true;
    setSending(true);
    try {
      await onSent(await api.sendQuote(inquiryId, revises ? { ...draft, revises } : draft));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409 && revises) {
        setRevises({ ...revises, accepted: true });
        await onConflict();
      }
      const fields = caught instanceof ApiError ? caught.fields : undefined;
      if (fields) {
        setServerProblems(fields);
        const firstRefused = Object.keys(fields)[0];
        if (firstRefused) focusField(firstRefused);
      }
      setFailure(caught instanceof ApiError ? caught.message : 'Could not send the quote. Please try again.');
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  };

  return (
    <form ref={form} className="inbox-card inbox-quote-form" noValidate onSubmit={send} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <p className="inbox-muted">Prices in {currency}, before service charge and tax.</p>
      {/* A first draft at the estimate's prices says which of today's differ (record 204). */}
      {answer.draftNote && !revises ? <p className="inbox-quote-draft-note">{answer.draftNote}</p> : null}
      {values.lines.map((line, index) => (
        <LineFields
          key={line.key}
          id={`${id}-line-${line.key}`}
          index={index}
          line={line}
          amount={money(lineAmount(counted[index]!))}
          problems={problems}
          onChange={(fields) => changeLine(line.key, fields)}
          onRemove={() => removeLine(index)}
        />
      ))}
      <div className="inbox-field">
        <button
          type="button"
          name="add-line"
          className="inbox-button"
          onClick={addLine}
          aria-describedby={problems.lines ? `${id}-lines-problem` : undefined}
        >
          Add line
        </button>
        <FieldProblem id={`${id}-lines-problem`}>{problems.lines}</FieldProblem>
      </div>

      <div className="inbox-quote-terms">
        <QuoteField
          id={`${id}-service`}
          name="serviceCharge"
          label="Service charge (%)"
          problem={problems.serviceCharge}
          inputMode="decimal"
          value={values.serviceCharge}
          onChange={(event) => change((current) => ({ ...current, serviceCharge: event.target.value }))}
        />
        <QuoteField
          id={`${id}-deposit`}
          name="deposit"
          label="Deposit (%)"
          problem={problems.deposit}
          inputMode="decimal"
          value={values.deposit}
          onChange={(event) => change((current) => ({ ...current, deposit: event.target.value }))}
        />
        <QuoteField
          id={`${id}-valid`}
          name="validUntil"
          label="Valid until"
          problem={problems.validUntil}
          type="date"
          min={today}
          max={lastValidDay(today)}
          value={values.validUntil}
          onChange={(event) => change((current) => ({ ...current, validUntil: event.target.value }))}
        />
      </div>

      <div className="inbox-field">
        <label htmlFor={`${id}-message`}>Message to the customer (optional)</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          maxLength={QUOTE_LIMITS.message}
          aria-invalid={problems.message ? true : undefined}
          aria-describedby={problems.message ? `${id}-message-problem` : undefined}
          value={values.message}
          onChange={(event) => change((current) => ({ ...current, message: event.target.value }))}
        />
        <FieldProblem id={`${id}-message-problem`}>{problems.message}</FieldProblem>
      </div>

      <dl className="inbox-quote-breakdown">
        <div>
          <dt>Subtotal</dt>
          <dd>{money(totals.food + totals.travel)}</dd>
        </div>
        <div>
          <dt>Service charge</dt>
          <dd>{money(totals.serviceCharge)}</dd>
        </div>
        <div>
          <dt>Tax ({ratePercent(tax.rate)})</dt>
          <dd>{money(totals.tax)}</dd>
        </div>
      </dl>
      {/* In view while the owner edits: it sticks to the bottom of the screen until the form ends. */}
      <dl className="inbox-quote-key">
        <div>
          <dt>Total</dt>
          <dd>{money(totals.total)}</dd>
        </div>
        <div>
          <dt>Deposit</dt>
          <dd>{money(totals.deposit)}</dd>
        </div>
      </dl>

      <QuotePreview
        revision={answer.quotes.length > 0}
        message={draft.message ?? ''}
        total={money(totals.total)}
        deposit={money(totals.deposit)}
        validUntil={values.validUntil}
        lines={draft.lines.length}
      />

      <FormError>{failure}</FormError>
      {sending ? (
        <p role="status" className="inbox-live">
          Sending…
        </p>
      ) : null}
      <div className="inbox-row">
        <button type="submit" className="inbox-button inbox-primary" aria-disabled={sending}>
          Send quote
        </button>
        <button type="button" className="inbox-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What "Send quote" sends, as the customer will get it: the e-mail, its words, and the page it links to (record 213). */
function QuotePreview(props: {
  revision: boolean;
  message: string;
  total: string;
  deposit: string;
  validUntil: string;
  lines: number;
}) {
  const id = useId();
  const lastDay = /^\d{4}-\d{2}-\d{2}$/.test(props.validUntil) ? eventDay(props.validUntil) : 'the day above';
  return (
    <section className="inbox-quote-preview" aria-labelledby={id}>
      <h4 id={id}>What the customer gets</h4>
      <p>
        An e-mail, “Your {props.revision ? 'revised ' : ''}quote from {content.name}”
        {props.message ? ', with your message:' : ' (no message of yours).'}
      </p>
      {props.message ? <blockquote className="inbox-quote-message">{props.message}</blockquote> : null}
      <p>
        Total {props.total}, deposit {props.deposit}, to accept online until {lastDay}; and a link to the quote’s page:
        the {props.lines === 1 ? 'line' : `${props.lines} lines`}, the terms, “Accept quote” and “Pay deposit”.
      </p>
    </section>
  );
}

function LineFields({
  id,
  index,
  line,
  amount,
  problems,
  onChange,
  onRemove,
}: {
  id: string;
  index: number;
  line: LineValues;
  amount: string;
  problems: Problems;
  onChange: (fields: Partial<LineValues>) => void;
  onRemove: () => void;
}) {
  const at = `lines.${index}`;
  const number = index + 1;
  return (
    <fieldset className="inbox-quote-line">
      <legend>Line {number}</legend>
      <QuoteField
        id={`${id}-description`}
        name={`${at}.description`}
        label="Description"
        className="inbox-quote-description"
        problem={problems[`${at}.description`]}
        autoComplete="off"
        value={line.description}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <QuoteField
        id={`${id}-quantity`}
        name={`${at}.quantity`}
        label="Quantity"
        problem={problems[`${at}.quantity`]}
        inputMode="numeric"
        autoComplete="off"
        value={line.quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
      />
      <QuoteField
        id={`${id}-price`}
        name={`${at}.unitPrice`}
        label="Unit price"
        problem={problems[`${at}.unitPrice`]}
        inputMode="decimal"
        autoComplete="off"
        value={line.unitPrice}
        onChange={(event) => onChange({ unitPrice: event.target.value })}
      />
      <div className="inbox-quote-line-foot">
        <div className="inbox-check">
          <input
            id={`${id}-travel`}
            type="checkbox"
            checked={line.kind === 'travel'}
            onChange={(event) => onChange({ kind: event.target.checked ? 'travel' : line.foodKind })}
          />
          <label htmlFor={`${id}-travel`}>Travel fee</label>
        </div>
        <p className="inbox-quote-amount">
          <span className="inbox-muted">Amount</span> {amount}
        </p>
      </div>
      <button type="button" name={`${at}.remove`} className="inbox-button inbox-destructive" onClick={onRemove}>
        Remove<span className="visually-hidden"> line {number}</span>
      </button>
    </fieldset>
  );
}

/** A labelled input with its problem under it (the inbox's field markup). */
function QuoteField({
  id,
  label,
  problem,
  className,
  ...input
}: {
  id: string;
  label: string;
  problem: string | undefined;
  className?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className ? `inbox-field ${className}` : 'inbox-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        {...input}
      />
      <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
    </div>
  );
}

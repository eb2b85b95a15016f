// An inquiry's payments in the inbox (issue 29, record 146): "Paid" and "Balance due"
// against the newest accepted quote, every payment (online or recorded by hand, and
// refunds), "Record a payment" for money taken outside the site, and voiding one with a
// reason (never editing it). A payment that reaches the deposit books the inquiry: the
// page around it reloads (`onChange`) to show the status and the history.
import { type FormEvent, useId, useRef, useState } from 'react';
import { formatMoney, type Minor, parseMoney } from '../shared/money.js';
import {
  HAND_METHODS,
  type HandMethod,
  METHOD_LABELS,
  PAYMENT_LIMITS,
  type PaymentsAnswer,
  type PaymentView,
  paymentProblems,
  type RecordPaymentBody,
  voidReasonProblem,
} from '../shared/payment-views.js';
import { randomUuid } from '../shared/random-uuid.js';
import { ApiError, request } from './api.js';
import { dateTime } from './format.js';
import { useResource } from './use-resource.js';
import { describedBy, Field, FieldProblem, FormActions, FormError } from './form-parts.js';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';

const paymentsApi = {
  list: (inquiryId: string, signal: AbortSignal) =>
    request<PaymentsAnswer>('GET', ownerPath(OWNER_API.payments, { id: inquiryId }), undefined, signal),
  record: (inquiryId: string, body: RecordPaymentBody) =>
    request<PaymentView>('POST', ownerPath(OWNER_API.payments, { id: inquiryId }), body),
  void: (inquiryId: string, paymentId: string, reason: string) =>
    request<PaymentView>('POST', ownerPath(OWNER_API.paymentVoid, { id: inquiryId, paymentId }), { reason }),
};

type Money = (amount: Minor) => string;

export function Payments({ inquiryId, onChange }: { inquiryId: string; onChange: () => Promise<void> }) {
  const { data, error, reload } = useResource((signal) => paymentsApi.list(inquiryId, signal), [inquiryId], {
    failure: 'Could not load the payments.',
  });
  const [recording, setRecording] = useState(false);
  const [message, setMessage] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const money: Money = (amount) => (data ? formatMoney(amount, data.currency, data.locale) : '');

  /** After a change: this list, and the page around it (the status and history may have moved). */
  const changed = async (done: string) => {
    setMessage(done);
    await Promise.all([reload(), onChange()]);
  };

  return (
    <section aria-labelledby="payments-heading" className="inbox-card inbox-payments">
      <h2 id="payments-heading">Payments</h2>
      <FormError>{error}</FormError>
      {!data ? (
        error ? null : (
          <p className="inbox-muted">Loading…</p>
        )
      ) : (
        <>
          <dl className="inbox-account">
            <div>
              <dt>Paid</dt>
              <dd>{money(data.paid)}</dd>
            </div>
            <div>
              <dt>Balance due</dt>
              <dd>{data.balanceDue === null ? 'No accepted quote yet' : money(data.balanceDue)}</dd>
            </div>
            {data.deposit !== null ? (
              <div>
                <dt>Deposit</dt>
                <dd>{money(data.deposit)}</dd>
              </div>
            ) : null}
          </dl>
          {data.payments.length > 0 ? (
            <ol className="inbox-payment-list">
              {data.payments.map((payment) => (
                <PaymentItem
                  key={payment.id}
                  payment={payment}
                  money={money}
                  onVoid={async (reason) => {
                    await paymentsApi.void(inquiryId, payment.id, reason);
                    await changed(`Payment of ${money(payment.amount)} voided.`);
                  }}
                />
              ))}
            </ol>
          ) : (
            <p className="inbox-muted">No payments yet.</p>
          )}
          {message ? (
            <p role="status" className="inbox-live">
              {message}
            </p>
          ) : null}
          <button
            ref={opener}
            type="button"
            className="inbox-button"
            aria-expanded={recording}
            aria-controls={formId}
            onClick={() => {
              setRecording(!recording);
              setMessage('');
            }}
          >
            Record a payment
          </button>
          {recording ? (
            <RecordForm
              id={formId}
              currency={data.currency}
              onRecord={async (body) => {
                const payment = await paymentsApi.record(inquiryId, body);
                setRecording(false);
                opener.current?.focus();
                // A deposit reached on a day already booked: kept, not Booked (record 280).
                const dayFull = 'dayFull' in payment ? ` ${String(payment.dayFull)}` : '';
                await changed(`Payment of ${money(payment.amount)} recorded.${dayFull}`);
              }}
              onCancel={() => {
                setRecording(false);
                opener.current?.focus();
              }}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function PaymentItem({
  payment,
  money,
  onVoid,
}: {
  payment: PaymentView;
  money: Money;
  onVoid: (reason: string) => Promise<void>;
}) {
  const [voiding, setVoiding] = useState(false);
  const how = payment.provider
    ? `${METHOD_LABELS[payment.method]}, ${payment.provider}`
    : METHOD_LABELS[payment.method];
  const amount = payment.kind === 'refund' ? `Refund ${money(payment.amount)}` : money(payment.amount);
  const what = `${amount} (${how})`;
  return (
    <li className={payment.voided ? 'voided' : undefined}>
      <p>
        {payment.voided ? <del>{what}</del> : <strong>{what}</strong>}{' '}
        <span className="inbox-muted">
          {dateTime(payment.recordedAt)}
          {payment.recordedBy ? `, recorded by ${payment.recordedBy}` : ''}
        </span>
      </p>
      {payment.note ? <p className="inbox-multiline">{payment.note}</p> : null}
      {payment.voided ? (
        <p>
          Voided by {payment.voided.by}, {dateTime(payment.voided.at)}: {payment.voided.reason}
        </p>
      ) : voiding ? (
        <VoidForm what={what} onVoid={onVoid} onCancel={() => setVoiding(false)} />
      ) : (
        <button type="button" className="inbox-button" onClick={() => setVoiding(true)}>
          Void<span className="visually-hidden"> the payment of {what}</span>
        </button>
      )}
    </li>
  );
}

/** The server's word, or a plain one. */
const failureOf = (caught: unknown, otherwise: string) => (caught instanceof ApiError ? caught.message : otherwise);

function VoidForm({
  what,
  onVoid,
  onCancel,
}: {
  what: string;
  onVoid: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '')
      .normalize('NFC')
      .trim();
    const found = voidReasonProblem(reason);
    setProblem(found);
    if (found) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onVoid(reason);
    } catch (caught) {
      setProblem(failureOf(caught, 'Could not void the payment.'));
      setBusy(false);
    }
  };
  return (
    <form className="inbox-stack" noValidate onSubmit={submit} aria-label={`Void the payment of ${what}`}>
      <Field label="Reason" htmlFor={`${id}-reason`}>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={2}
          required
          maxLength={PAYMENT_LIMITS.voidReason}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          // biome-ignore lint/a11y/noAutofocus: the owner just asked to void this payment: the reason is next
          autoFocus
        />
        <FieldProblem id={`${id}-problem`}>{problem}</FieldProblem>
      </Field>
      <FormActions submit="Void payment" busy={busy} destructive onCancel={onCancel} />
    </form>
  );
}

type Problems = Partial<Record<'amount' | 'method' | 'note', string>>;

function RecordForm({
  id,
  currency,
  onRecord,
  onCancel,
}: {
  id: string;
  currency: string;
  onRecord: (body: RecordPaymentBody) => Promise<void>;
  onCancel: () => void;
}) {
  // One id for this form: a post retried after a lost answer, or a second tap, is the same payment.
  const [paymentId] = useState(randomUuid);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const typed = String(form.get('amount') ?? '');
    const body: RecordPaymentBody = {
      id: paymentId,
      amount: parseMoney(typed, currency) ?? Number.NaN,
      method: String(form.get('method')) as HandMethod,
      note: String(form.get('note') ?? '')
        .normalize('NFC')
        .trim(),
    };
    const found: Problems = paymentProblems(body);
    if (typed.trim() === '') found.amount = 'How much was paid?';
    setProblems(found);
    setFailure(undefined);
    const first = (['amount', 'method', 'note'] as const).find((name) => found[name]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onRecord(body);
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fields : undefined;
      if (fields) setProblems(fields as Problems);
      setFailure(failureOf(caught, 'Could not record the payment.'));
      setBusy(false);
    }
  };

  /** A control's id, name and state; `hint`: it has a hint beside it. */
  const field = (name: keyof Problems, hint = true) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': describedBy(problems[name] && `${id}-${name}-problem`, hint && `${id}-${name}-hint`),
  });
  const problem = (name: keyof Problems) => <FieldProblem id={`${id}-${name}-problem`}>{problems[name]}</FieldProblem>;

  return (
    <form
      id={id}
      className="inbox-stack inbox-record-payment"
      noValidate
      onSubmit={submit}
      aria-label="Record a payment"
    >
      <Field label="Amount" htmlFor={`${id}-amount`}>
        {/* biome-ignore lint/a11y/noAutofocus: the owner just opened the form to type the amount */}
        <input {...field('amount')} type="text" inputMode="decimal" autoComplete="off" required autoFocus />
        <span id={`${id}-amount-hint`} className="inbox-muted inbox-hint">
          In {currency}, e.g. 250.00
        </span>
        {problem('amount')}
      </Field>
      <Field label="Method" htmlFor={`${id}-method`}>
        <select {...field('method', false)} defaultValue="cash">
          {HAND_METHODS.map((method) => (
            <option key={method} value={method}>
              {METHOD_LABELS[method]}
            </option>
          ))}
        </select>
        {problem('method')}
      </Field>
      <Field label="Note" htmlFor={`${id}-note`}>
        <input {...field('note')} type="text" maxLength={PAYMENT_LIMITS.note} autoComplete="off" />
        <span id={`${id}-note-hint`} className="inbox-muted inbox-hint">
          Optional, e.g. a check number
        </span>
        {problem('note')}
      </Field>
      <FormError>{failure}</FormError>
      <FormActions submit="Record payment" busy={busy} onCancel={onCancel} />
    </form>
  );
}

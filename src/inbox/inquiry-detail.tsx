// One inquiry: every field the visitor sent, the spam flag, one-tap actions
// (reply, call, calendar), its status, notes, its quote, its whole history, and erasure.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type HistoryEntry,
  type InquiryStatus,
  MAX_NOTE_LENGTH,
  mailtoHref,
  replySubject,
  STATUS_LABELS,
  telHref,
} from '../shared/inbox-views.js';
import { type DetailRow, inquiryDetails } from '../shared/inquiry-details.js';
import { LANGUAGE_NAMES, languageOf } from '../shared/language.js';
import type { FieldTable } from '../shared/inquiry-fields.js';
import { ApiError, api, calendarHref } from './api.js';
import { clockTime, dateTime, eventDay } from './format.js';
import { StatusOptions } from './inquiry-list.js';
import { Link } from './link.js';
import { Deliveries } from './notifications.js';
import { Payments } from './payments.js';
import { QuoteSection } from './quotes.js';
import { eventSheetHref, inquiryHref } from './use-location.js';
import { useResource } from './use-resource.js';
import { FormError } from './form-parts.js';

const SPAM_REASONS: Record<string, string> = {
  honeypot: 'a hidden field that people never see was filled in (typical of bots)',
  'too-fast': 'the form was sent faster than a person can fill it in',
};

export function InquiryPage({
  id,
  listHref,
  onErased,
}: {
  id: string;
  listHref: string;
  onErased: (message: string) => void;
}) {
  const {
    data: detail,
    error: loadError,
    reload: load,
  } = useResource((signal) => api.inquiry(id, signal), [id], { failure: 'Could not load the inquiry.' });
  // What an action here met; a failed look is the resource's own.
  const [actionError, setActionError] = useState<string | undefined>();
  const error = actionError ?? loadError;
  // Each card says what its own action did, where it was done.
  const [statusMessage, setStatusMessage] = useState('');
  const [noteMessage, setNoteMessage] = useState('');
  const [chosenStatus, setChosenStatus] = useState<InquiryStatus | undefined>();
  // Booked refused on a day already booked: the server's words, beside "Book anyway" (record 280).
  const [dayFull, setDayFull] = useState<string | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);

  const inquiry = detail?.inquiry;
  const name = inquiry ? `${inquiry.firstName} ${inquiry.lastName}` : '';
  useEffect(() => {
    document.title = `${name || 'Inquiry'} · Inbox`;
  }, [name]);
  // Keyboard and screen reader users start at the heading once the inquiry is there.
  useEffect(() => {
    if (inquiry && !focused.current) {
      focused.current = true;
      heading.current?.focus();
    }
  }, [inquiry]);

  const act = async (
    work: () => Promise<unknown>,
    done: string,
    say: (message: string) => void,
    refused?: (error: ApiError) => boolean,
  ) => {
    setActionError(undefined);
    setStatusMessage('');
    setNoteMessage('');
    setDayFull(undefined);
    try {
      await work();
      say(done);
      await load();
      return true;
    } catch (caught) {
      if (caught instanceof ApiError && refused?.(caught)) return false;
      setActionError(caught instanceof ApiError ? caught.message : 'That did not work. Please try again.');
      return false;
    }
  };

  // The select only chooses; "Save status" saves (arrow keys on a closed select must not record every step).
  const saveStatus = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const status = chosenStatus ?? inquiry?.status;
    if (!status) return;
    if (status === inquiry?.status) {
      setStatusMessage(`The status is already ${STATUS_LABELS[status]}.`);
      return;
    }
    const fullDay = (error: ApiError) => {
      if (status !== 'booked' || error.status !== 409) return false;
      setDayFull(error.message);
      return true;
    };
    if (
      await act(() => api.setStatus(id, status), `Status saved: ${STATUS_LABELS[status]}.`, setStatusMessage, fullDay)
    )
      setChosenStatus(undefined);
  };

  const bookAnyway = async () => {
    if (await act(() => api.setStatus(id, 'booked', true), 'Status saved: Booked (booked anyway).', setStatusMessage))
      setChosenStatus(undefined);
  };

  const addNote = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const note = String(new FormData(form).get('note') ?? '').trim();
    if (!note) {
      setActionError('Write a note first.');
      return;
    }
    if (await act(() => api.addNote(id, note), 'Note added.', setNoteMessage)) form.reset();
  };
  const notes = detail?.history.filter((entry) => entry.kind === 'note') ?? [];

  const erase = async () => {
    if (!inquiry) return;
    const sure = window.confirm(
      `Erase the inquiry from ${name} for good? Their personal data will be deleted and cannot be recovered. Copies outside this server stay: e-mails already sent (yours and the customer’s), webhook receivers, and backups until they are replaced.`,
    );
    if (!sure) return;
    try {
      await api.erase(id);
      onErased(`The inquiry from ${name} was erased. Its copies in the database’s files are cleared within a minute.`);
    } catch (caught) {
      setActionError(caught instanceof ApiError ? caught.message : 'Could not erase the inquiry.');
    }
  };

  return (
    <article className="inbox-inquiry">
      <p>
        <Link href={listHref} className="inbox-back">
          ← All inquiries
        </Link>
      </p>
      <FormError>{error}</FormError>
      {!inquiry ? (
        error ? null : (
          <p className="inbox-muted">Loading…</p>
        )
      ) : (
        <>
          <h1 ref={heading} tabIndex={-1}>
            {name}
          </h1>
          <p className="inbox-subtitle">
            {inquiry.eventName || inquiry.operation} · {eventDay(inquiry.eventDate)}, {clockTime(inquiry.startTime)}–
            {clockTime(inquiry.endTime)} · {inquiry.plannedGuestCount} guests
          </p>
          {/* What the customer was told in the first reply (record 204). */}
          {inquiry.estimate ? <p className="inbox-lead-estimate">{inquiry.estimate}</p> : null}
          {/* The customer's language: every message to them is in it (record 300). */}
          <p className="inbox-lead-language">Language: {LANGUAGE_NAMES[languageOf(inquiry.language)]}</p>
          {detail.bookedSameDay.length > 0 ? (
            <p className="inbox-already-booked">
              <strong>Already booked that day:</strong>{' '}
              {detail.bookedSameDay.map((booked, index) => (
                <span key={booked.id}>
                  {index > 0 ? ', ' : null}
                  <Link href={inquiryHref(booked.id)}>{booked.name}</Link>
                </span>
              ))}
            </p>
          ) : null}
          {inquiry.spamReason ? (
            <p className="inbox-spam">
              <strong>Flagged as likely spam:</strong> {SPAM_REASONS[inquiry.spamReason] ?? inquiry.spamReason}.
            </p>
          ) : null}

          <ul className="inbox-actions">
            <li>
              <a
                className="inbox-button inbox-primary"
                href={mailtoHref(inquiry.email, replySubject(inquiry, eventDay))}
              >
                Reply by email
              </a>
            </li>
            <li>
              <a className="inbox-button" href={telHref(inquiry.phoneNumber)}>
                Call
              </a>
            </li>
            <li>
              <a className="inbox-button" href={calendarHref(inquiry.id)} download={`event-${inquiry.eventDate}.ics`}>
                Add to calendar
              </a>
            </li>
            {inquiry.status === 'booked' ? (
              <li>
                <Link className="inbox-button" href={eventSheetHref(inquiry.id)}>
                  Event sheet
                </Link>
              </li>
            ) : null}
          </ul>

          {/* The quote first: the lead's next step (record 213). */}
          <QuoteSection
            inquiryId={inquiry.id}
            status={inquiry.status}
            onSent={async () => {
              // The status a sent quote set shows in the Status card, not an unsaved choice.
              setChosenStatus(undefined);
              await load();
            }}
          />

          <div className="inbox-work">
            <section className="inbox-card">
              <h2>Status</h2>
              <form onSubmit={saveStatus} className="inbox-stack">
                <div className="inbox-field">
                  <label htmlFor="inquiry-status">Status</label>
                  <select
                    id="inquiry-status"
                    value={chosenStatus ?? inquiry.status}
                    onChange={(event) => setChosenStatus(event.target.value as InquiryStatus)}
                  >
                    <StatusOptions />
                  </select>
                </div>
                <button type="submit" className="inbox-button">
                  Save status
                </button>
              </form>
              {dayFull || (detail.depositOnBookedDay && inquiry.status !== 'booked') ? (
                <div role="alert" className="inbox-stack">
                  <p>
                    {dayFull ??
                      'Deposit paid for a day already booked: the payment is kept and the inquiry is not Booked.'}
                  </p>
                  <button type="button" className="inbox-button" onClick={bookAnyway}>
                    Book anyway
                  </button>
                </div>
              ) : null}
              {/* Each card's confirmation, there: only the last action's is on the page. */}
              {statusMessage ? (
                <p role="status" className="inbox-live">
                  {statusMessage}
                </p>
              ) : null}
            </section>

            <section className="inbox-card">
              <h2>Notes</h2>
              {notes.length > 0 ? (
                <ol className="inbox-notes">
                  {notes.map((entry, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: notes are append-only, so an index never moves
                    <li key={index}>
                      <History entry={entry} />
                    </li>
                  ))}
                </ol>
              ) : null}
              {noteMessage ? (
                <p role="status" className="inbox-live">
                  {noteMessage}
                </p>
              ) : null}
              <form onSubmit={addNote} className="inbox-stack">
                <div className="inbox-field">
                  <label htmlFor="inquiry-note">Note</label>
                  <textarea id="inquiry-note" name="note" rows={3} maxLength={MAX_NOTE_LENGTH} required />
                </div>
                <button type="submit" className="inbox-button">
                  Add note
                </button>
              </form>
            </section>
          </div>

          <Payments inquiryId={inquiry.id} onChange={load} />

          <section id="details">
            <h2>Details</h2>
            <dl className="inbox-details">
              <InquiryFields inquiry={inquiry} />
              <Field term="Spam flag" value={inquiry.spamReason ?? 'none'} />
              <Field term="Inquiry id" value={inquiry.id} />
            </dl>
          </section>

          <Deliveries inquiryId={inquiry.id} />

          <section>
            <h2>History</h2>
            <ol className="inbox-history">
              {detail.history.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, so an index never moves
                <li key={index}>
                  <History entry={entry} />
                </li>
              ))}
            </ol>
          </section>

          <section className="inbox-danger">
            <h2>Erase</h2>
            <p>
              For a customer’s data-protection request: deletes everything they sent and every note, for good, from the
              database and its files (within a minute). A record that an inquiry was erased, by whom and when, is kept.{' '}
              Copies outside this server stay: e-mails already sent (yours and the customer’s), webhook receivers, and
              backups until they are replaced.
            </p>
            <button type="button" className="inbox-button inbox-destructive" onClick={erase}>
              Erase
            </button>
          </section>
        </>
      )}
    </article>
  );
}

/** A row's value as the inbox shows it: days, times and instants as every other in the inbox (format.ts). */
function shown(row: DetailRow): string {
  if (row.value === '') return '';
  if (row.kind === 'date') return eventDay(row.value);
  if (row.kind === 'time') return clockTime(row.value);
  if (row.kind === 'instant') return dateTime(row.value);
  return row.value;
}

/** Every field of the inquiry, labelled and in the order of the field table (a test passes a copy with a field added). */
export function InquiryFields({ inquiry, fields }: { inquiry: object; fields?: FieldTable }) {
  return (
    <>
      {inquiryDetails(inquiry, fields).map((row) => (
        <Field key={row.name} term={row.label} value={shown(row)} multiline={row.kind === 'lines'} />
      ))}
    </>
  );
}

function Field({ term, value, multiline = false }: { term: string; value: string; multiline?: boolean }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={multiline ? 'inbox-multiline' : undefined}>{value || '—'}</dd>
    </div>
  );
}

function History({ entry }: { entry: HistoryEntry }) {
  const when = (
    <time dateTime={entry.at} className="inbox-muted">
      {dateTime(entry.at)}
    </time>
  );
  if (entry.kind === 'received') return <>Received {when}</>;
  if (entry.kind === 'sale') {
    return (
      <>
        {entry.note}
        {entry.by ? ` by ${entry.by}` : ''} {when}
      </>
    );
  }
  if (entry.kind === 'status') {
    return (
      <>
        Status set to <strong>{entry.status ? STATUS_LABELS[entry.status] : ''}</strong>
        {entry.by ? ` by ${entry.by}` : ''} {when}
      </>
    );
  }
  return (
    <>
      Note by {entry.by} {when}
      <blockquote className="inbox-multiline">{entry.note}</blockquote>
    </>
  );
}

// The event sheet (issue 30, record 170): a Booked inquiry's day on one page, for the
// phone at the truck and for one printed A4 or Letter page for the crew (event-sheet.css).
// Everything comes from the server's sheet, nothing is typed again; the owner may set the
// final count here for a customer who called after the cutoff.
import { type FormEvent, useEffect, useState } from 'react';
import type { DayTime, EventSheetView } from '../shared/event-plan.js';
import { STATUS_LABELS, telHref } from '../shared/inbox-views.js';
import { formatMoney } from '../shared/money.js';
import { ApiError, request } from './api.js';
import './event-sheet.css';
import { clockTime, dateTime, eventDay, inboxLocale } from './format.js';
import { Link, useFocusOnMount } from './link.js';
import { inquiryHref } from './use-location.js';
import { useResource } from './use-resource.js';
import { OWNER_API, ownerPath } from '../shared/owner-api.js';

const sheetUrl = (id: string) => ownerPath(OWNER_API.eventSheet, { id });

/** '10:00 AM', with the day when it is not the event's. */
function timeOf(time: DayTime): string {
  const day = time.dayOffset < 0 ? ' (the day before)' : time.dayOffset > 0 ? ' (the next day)' : '';
  return `${clockTime(time.time)}${day}`;
}

export function EventSheetPage({ id }: { id: string }) {
  const {
    data: sheet,
    error,
    reload,
  } = useResource((signal) => request<EventSheetView>('GET', sheetUrl(id), undefined, signal), [id], {
    failure: 'Could not load the event sheet.',
  });
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = `Event sheet${sheet ? `: ${sheet.customer.name}` : ''} · Inbox`;
  }, [sheet]);

  return (
    <article className="event-sheet">
      <p className="event-sheet-screen">
        <Link href={inquiryHref(id)} className="inbox-back">
          ← The inquiry
        </Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        Event sheet{sheet ? `: ${sheet.title}` : ''}
      </h1>
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : !sheet ? (
        <p className="inbox-muted">Loading…</p>
      ) : (
        <SheetBody sheet={sheet} onCountSaved={reload} />
      )}
    </article>
  );
}

function SheetBody({ sheet, onCountSaved }: { sheet: EventSheetView; onCountSaved: () => Promise<void> }) {
  const money = (amount: number) => formatMoney(amount, sheet.currency, inboxLocale);
  return (
    <>
      <p className="event-sheet-lead">
        <strong>{eventDay(sheet.date)}</strong> · {sheet.customer.name}
        {sheet.customer.company ? `, ${sheet.customer.company}` : ''} · {sheet.guests} guests
        {sheet.package ? ` · ${sheet.package}` : ` · ${sheet.operation}`}
      </p>
      {sheet.status !== 'booked' ? (
        <p className="inbox-notice">This inquiry is {STATUS_LABELS[sheet.status]}, not Booked.</p>
      ) : null}
      <p className="event-sheet-screen">
        <button type="button" className="inbox-button" onClick={() => window.print()}>
          Print
        </button>
      </p>

      <div className="event-sheet-grid">
        <section aria-labelledby="sheet-when">
          <h2 id="sheet-when">When</h2>
          <dl className="event-sheet-list">
            <Row term="Date" value={eventDay(sheet.date)} />
            <Row term="Arrive" value={timeOf(sheet.times.arrive)} />
            <Row term="Service" value={`${timeOf(sheet.times.start)}–${timeOf(sheet.times.end)}`} />
            <Row term="Leave" value={timeOf(sheet.times.leave)} />
          </dl>
        </section>

        <section aria-labelledby="sheet-where">
          <h2 id="sheet-where">Where</h2>
          <p className="event-sheet-address">{sheet.address}</p>
          <p className="event-sheet-screen">
            <a href={sheet.mapUrl}>Open in Maps</a>
          </p>
        </section>

        <section aria-labelledby="sheet-who">
          <h2 id="sheet-who">Who</h2>
          <dl className="event-sheet-list">
            <div>
              <dt>Customer</dt>
              <dd>
                {sheet.customer.name}, <a href={telHref(sheet.customer.phone)}>{sheet.customer.phone}</a>
                <br />
                {sheet.customer.email}
              </dd>
            </div>
            <div>
              <dt>On site</dt>
              <dd>
                {sheet.onSite ? (
                  <>
                    {sheet.onSite.name || sheet.customer.name}
                    {sheet.onSite.phone ? (
                      <>
                        , <a href={telHref(sheet.onSite.phone)}>{sheet.onSite.phone}</a>
                      </>
                    ) : null}
                  </>
                ) : (
                  'The customer (no one else named yet)'
                )}
              </dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="sheet-guests">
          <h2 id="sheet-guests">Guests</h2>
          <dl className="event-sheet-list">
            <Row term="Planned" value={String(sheet.plannedGuests)} />
            <Row
              term="Final guest count"
              value={
                sheet.finalCount
                  ? `${sheet.finalCount.guests}${sheet.finalCount.dietary.map((each) => `, ${each.label} ${each.count}`).join('')}`
                  : `Not given yet (until ${eventDay(sheet.finalCountLastDay)})`
              }
            />
          </dl>
        </section>
      </div>

      <section aria-labelledby="sheet-items">
        <h2 id="sheet-items">What we bring</h2>
        {sheet.quote ? (
          <>
            <table className="event-sheet-table">
              <caption className="visually-hidden">The accepted quote’s lines (version {sheet.quote.version})</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {sheet.quote.linesForFinalCount.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an accepted quote's lines never change
                  <tr key={index}>
                    <td>{line.description}</td>
                    <td>{line.quantity}</td>
                    <td>{money(line.quantity * line.unitPrice)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    Total accepted
                  </th>
                  <td>{money(sheet.quote.totals.total)}</td>
                </tr>
                {sheet.quote.totalForFinalCount !== sheet.quote.totals.total ? (
                  <tr>
                    <th scope="row" colSpan={2}>
                      Total for the final count
                    </th>
                    <td>{money(sheet.quote.totalForFinalCount)}</td>
                  </tr>
                ) : null}
              </tfoot>
            </table>
            <p>
              Accepted {dateTime(sheet.quote.acceptedAt)} (version {sheet.quote.version}) · acceptance digest{' '}
              {sheet.quote.digest}
              {sheet.quote.digestChecks
                ? ''
                : ' (does not match what is kept as accepted: changed since, or older than keyed digests)'}
            </p>
          </>
        ) : (
          <p>No accepted quote.</p>
        )}
      </section>

      <div className="event-sheet-grid">
        <section aria-labelledby="sheet-money">
          <h2 id="sheet-money">Payments</h2>
          {sheet.payments.length > 0 ? (
            <ul className="event-sheet-payments">
              {sheet.payments.map((payment, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: payments are listed as recorded, never reordered
                <li key={index}>
                  {dateTime(payment.at)} · {payment.method} · {money(payment.amount)}
                </li>
              ))}
            </ul>
          ) : (
            <p>No payment recorded.</p>
          )}
          <dl className="event-sheet-list">
            <Row term="Paid" value={money(sheet.paid)} />
            <Row term="Balance due" value={sheet.balanceDue === null ? '—' : money(sheet.balanceDue)} />
          </dl>
        </section>

        <section aria-labelledby="sheet-site">
          <h2 id="sheet-site">The site</h2>
          {sheet.site.some((each) => each.answer !== '') ? (
            <dl className="event-sheet-list event-sheet-stacked">
              {sheet.site.map((each) => (
                <Row key={each.question} term={each.question} value={each.answer || 'Not answered yet'} />
              ))}
            </dl>
          ) : (
            <p>No answers yet.</p>
          )}
        </section>
      </div>

      <section aria-labelledby="sheet-notes">
        <h2 id="sheet-notes">Notes</h2>
        <dl className="event-sheet-list event-sheet-stacked">
          <Row term="The customer’s notes" value={sheet.customerNotes || '—'} multiline />
          <div>
            <dt>Your notes</dt>
            <dd>
              {sheet.ownerNotes.length > 0 ? (
                <ul className="event-sheet-notes">
                  {sheet.ownerNotes.map((note, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: notes are append-only, so an index never moves
                    <li key={index} className="inbox-multiline">
                      {note.note}
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
      </section>

      <OwnerFinalCount sheet={sheet} onSaved={onCountSaved} />
    </>
  );
}

function Row({ term, value, multiline = false }: { term: string; value: string; multiline?: boolean }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={multiline ? 'inbox-multiline' : undefined}>{value}</dd>
    </div>
  );
}

/** The owner sets the final count (a customer who called): not printed. */
function OwnerFinalCount({ sheet, onSaved }: { sheet: EventSheetView; onSaved: () => Promise<void> }) {
  const [message, setMessage] = useState<{ text: string; error: boolean } | undefined>();
  const [busy, setBusy] = useState(false);
  const current = (label: string) => sheet.finalCount?.dietary.find((each) => each.label === label)?.count;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const whole = (name: string) => Number(String(form.get(name) ?? '').trim());
    const dietary = sheet.dietaryLabels
      .map((label, index) => ({ label, text: String(form.get(`sheet-diet-${index}`) ?? '').trim() }))
      .filter((each) => each.text !== '')
      .map((each) => ({ label: each.label, count: Number(each.text) }));
    setBusy(true);
    try {
      await request('PUT', ownerPath(OWNER_API.finalCount, { id: sheet.inquiryId }), {
        guests: whole('guests'),
        dietary,
      });
      setMessage({ text: `Final guest count saved: ${whole('guests')}.`, error: false });
      await onSaved();
    } catch (caught) {
      setMessage({
        text: caught instanceof ApiError ? caught.message : 'That did not work. Please try again.',
        error: true,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="sheet-set-count" className="inbox-card event-sheet-screen">
      <h2 id="sheet-set-count">Change the final count</h2>
      <p className="inbox-muted">
        The customer can change it on their quote page until {eventDay(sheet.finalCountLastDay)}; after that, here.
      </p>
      <form onSubmit={save} className="inbox-stack">
        <div className="inbox-field">
          <label htmlFor="sheet-guests-input">Final guest count</label>
          <input
            id="sheet-guests-input"
            name="guests"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            defaultValue={sheet.finalCount?.guests ?? sheet.plannedGuests}
          />
        </div>
        {sheet.dietaryLabels.map((label, index) => (
          <div className="inbox-field" key={label}>
            <label htmlFor={`sheet-diet-${index}`}>{label} (optional)</label>
            <input
              id={`sheet-diet-${index}`}
              name={`sheet-diet-${index}`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={current(label) ?? ''}
            />
          </div>
        ))}
        <button type="submit" className="inbox-button inbox-primary" aria-disabled={busy}>
          Save final count
        </button>
      </form>
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'inbox-error' : 'inbox-live'}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

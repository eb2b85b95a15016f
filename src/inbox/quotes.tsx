// An inquiry's quote (issue 28 item 3): "Write a quote" or "Revise quote" opens the
// form filled from the server's draft; every version sent is listed, newest first,
// with its state as the customer left it (looked at again while one is open, and when
// the owner comes back to the tab), its totals and times, and the current one's link.
import { useEffect, useId, useRef, useState } from 'react';
import { type InquiryStatus, STATUS_LABELS } from '../shared/inbox-views.js';
import { formatMoney, ratePercent } from '../shared/money.js';
import { lineAmount } from '../shared/pricing.js';
import { isOpen } from '../shared/quote-state.js';
import { QUOTE_STATE_LABELS, type QuoteView } from '../shared/quote-views.js';
import { api } from './api.js';
import { dateTime, eventDay } from './format.js';
import { copyLink } from './link.js';
import { QuoteForm } from './quote-form.js';
import { useResource } from './use-resource.js';
import { FormError } from './form-parts.js';

const open = (quote: QuoteView) => isOpen(quote.state);

export function QuoteSection({
  inquiryId,
  status,
  onSent,
}: {
  inquiryId: string;
  /** The inquiry's status, which a sent quote changes. */
  status: InquiryStatus;
  /** Looks at the inquiry again (its status and history). */
  onSent: () => Promise<void>;
}) {
  const { data, error, reload } = useResource((signal) => api.quotes(inquiryId, signal), [inquiryId], {
    failure: 'Could not load the quotes.',
    pollMs: 30_000,
    pollWhile: (answer) => answer.quotes.some(open),
  });
  const [writing, setWriting] = useState(false);
  // What the last send did: a new version, or the same one again (the same lines sent twice).
  const [sent, setSent] = useState<{ version: number; again: boolean } | undefined>();
  // Where focus goes when the form closes (its buttons are gone).
  const [focusAfter, setFocusAfter] = useState<'heading' | 'opener' | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAfter) return;
    (focusAfter === 'heading' ? heading : opener).current?.focus();
    setFocusAfter(undefined);
  }, [focusAfter]);

  const latest = data?.quotes.at(-1);
  const afterSend = async (quote: QuoteView) => {
    await Promise.all([reload(), onSent()]);
    setWriting(false);
    setSent({ version: quote.version, again: quote.version === latest?.version });
    setFocusAfter('heading');
  };

  return (
    <section aria-labelledby="quote-heading" className="inbox-quotes">
      <h2 id="quote-heading" ref={heading} tabIndex={-1}>
        Quote
      </h2>
      <FormError>{error}</FormError>
      {/* Only the last action's confirmation is on the page (the page's other status lines stay alone). */}
      {sent && !writing ? (
        <p role="status" className="inbox-live">
          {sent.again
            ? `Version ${sent.version} already says this: nothing new was sent.`
            : `Version ${sent.version} sent to the customer. Status: ${STATUS_LABELS[status]}.`}
        </p>
      ) : null}
      {!data ? (
        error ? null : (
          <p className="inbox-muted">Loading…</p>
        )
      ) : writing ? (
        <QuoteForm
          inquiryId={inquiryId}
          answer={data}
          title={latest ? `Version ${latest.version + 1}, replacing version ${latest.version}` : 'New quote'}
          onSent={afterSend}
          onConflict={reload}
          onCancel={() => {
            setWriting(false);
            setFocusAfter('opener');
          }}
        />
      ) : (
        <button
          ref={opener}
          type="button"
          className="inbox-button inbox-primary"
          onClick={() => {
            setSent(undefined);
            setWriting(true);
          }}
        >
          {latest ? 'Revise quote' : 'Write a quote'}
        </button>
      )}
      {data && data.quotes.length > 0 ? (
        <ul className="inbox-quote-versions">
          {[...data.quotes].reverse().map((quote) => (
            <Version key={quote.id} quote={quote} current={quote === latest} locale={data.locale} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A version as sent, and what the customer did with it; the newest one's link to share. */
function Version({ quote, current, locale }: { quote: QuoteView; current: boolean; locale: string }) {
  const money = (minor: number) => formatMoney(minor, quote.currency, locale);
  const when = (label: string, at: string | null, by?: string) =>
    at ? (
      <div>
        <dt>{label}</dt>
        <dd>
          <time dateTime={at}>{dateTime(at)}</time>
          {by ? ` by ${by}` : ''}
        </dd>
      </div>
    ) : null;
  return (
    <li className="inbox-card inbox-quote-version">
      <div className="inbox-quote-version-head">
        <h3>Version {quote.version}</h3>
        <span className={`inbox-status quote-${quote.state}`}>{QUOTE_STATE_LABELS[quote.state]}</span>
      </div>
      <dl className="inbox-details">
        <div>
          <dt>Total</dt>
          <dd>{money(quote.totals.total)}</dd>
        </div>
        <div>
          <dt>Deposit ({ratePercent(quote.deposit)})</dt>
          <dd>{money(quote.totals.deposit)}</dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd>{eventDay(quote.validUntil)}</dd>
        </div>
        {when('Sent', quote.sentAt, quote.sentBy)}
        {when('Viewed', quote.viewedAt)}
        {when('Accepted', quote.acceptedAt)}
        {when('Declined', quote.declinedAt)}
        {quote.message ? (
          <div>
            <dt>Your message</dt>
            <dd className="inbox-multiline">{quote.message}</dd>
          </div>
        ) : null}
        {quote.declineReason ? (
          <div>
            <dt>Reason</dt>
            <dd className="inbox-multiline">{quote.declineReason}</dd>
          </div>
        ) : null}
      </dl>
      <details>
        <summary>
          {quote.lines.length} {quote.lines.length === 1 ? 'line' : 'lines'}
        </summary>
        <ul className="inbox-quote-lines">
          {quote.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent version never changes
            <li key={index}>
              {line.quantity} × {line.description}: {money(lineAmount(line))}
            </li>
          ))}
        </ul>
      </details>
      {current ? (
        <QuoteLink url={quote.url} />
      ) : quote.state === 'replaced' ? (
        <p className="inbox-muted">Its link now says that it was replaced.</p>
      ) : null}
    </li>
  );
}

/** The customer's page: open it, or copy its address into a text message. */
function QuoteLink({ url }: { url: string }) {
  const id = useId();
  const [result, setResult] = useState('');
  return (
    <div className="inbox-stack">
      <div className="inbox-field">
        <label htmlFor={id}>Quote link</label>
        <input id={id} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <div className="inbox-row">
        <a className="inbox-button" href={url}>
          Open quote
        </a>
        <button type="button" className="inbox-button" onClick={async () => setResult(await copyLink(url))}>
          Copy link
        </button>
      </div>
      {result ? (
        <p role="status" className="inbox-live">
          {result}
        </p>
      ) : null}
    </div>
  );
}

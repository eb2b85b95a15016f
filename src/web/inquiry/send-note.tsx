// The note that stays on the page after a send (record 161): the overlay closes at once
// (spec §4) and the spec's toasts come and go in 5 s, so this says, until the visitor
// dismisses it, what is happening to their inquiry: being sent; sent, with what they
// asked for, what happens next and the estimate the server gave; or not sent, with
// "Try again", which reopens the form exactly as they left it.
import { useEffect, useState } from 'react';
import { content } from '../../../content/index.js';
import { requestOpen } from './opener.js';
import { type SendStatus, setSendStatus, subscribeSendStatus } from './send-status.js';

const TITLES = {
  sending: 'Sending your inquiry…',
  sent: 'Inquiry sent',
  failed: 'Your inquiry was not sent',
} as const;

/** The server's estimate as a line: 'Estimate: $1,440' (the server's words, once). */
const estimateLine = (estimate: string) => (/^estimate:/i.test(estimate) ? estimate : `Estimate: ${estimate}`);

export function SendNote() {
  const [status, setStatus] = useState<SendStatus>({ state: 'idle' });
  useEffect(() => subscribeSendStatus(setStatus), []);

  // A live region that is there before anything is said in it, so it is announced
  // (no role: the toasts' region is the page's one "status").
  return (
    <div className="send-note-region" aria-live="polite">
      {status.state === 'idle' ? null : (
        <section className={`send-note send-note-${status.state}`} aria-labelledby="send-note-title">
          <h2 id="send-note-title" className="send-note-title">
            {TITLES[status.state]}
          </h2>
          <p className="send-note-summary">
            {status.summary.what}, {status.summary.when}, {status.summary.guests} guests.
          </p>
          {status.state === 'sent' ? (
            <>
              {status.estimate ? (
                <p>
                  <strong className="send-note-estimate">{estimateLine(status.estimate)}</strong>
                  {status.estimateNote ? (
                    <>
                      <br />
                      {status.estimateNote}
                    </>
                  ) : null}
                </p>
              ) : null}
              <p>
                What happens next: {content.name} replies to {status.summary.email} with availability and a quote. There
                is nothing more to do for now.
              </p>
            </>
          ) : null}
          {status.state === 'failed' ? <p>Nothing you entered is lost.</p> : null}
          <p className="send-note-actions">
            {status.state === 'failed' ? (
              <button type="button" className="button" onClick={(event) => requestOpen(event.currentTarget)}>
                Try again
              </button>
            ) : null}
            {status.state === 'sending' ? null : (
              <button type="button" className="button button-ghost" onClick={() => setSendStatus({ state: 'idle' })}>
                Dismiss
              </button>
            )}
          </p>
        </section>
      )}
    </div>
  );
}

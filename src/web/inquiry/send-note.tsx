// The note that stays on the page after a send (record 161): the overlay closes at once
// (spec §4) and the spec's toasts come and go in 5 s, so this says, until the visitor
// dismisses it, what is happening to their inquiry: being sent; sent, with what they
// asked for, what happens next and the estimate the server gave; or not sent, with
// "Try again", which reopens the form exactly as they left it.
import { useEffect, useState } from 'react';
import { content } from '../../../content/index.js';
import { requestOpen } from './opener.js';
import { words } from '../page-words.js';
import { fill } from '../../shared/page-words/fill.js';
import { type SendStatus, setSendStatus, subscribeSendStatus } from './send-status.js';

/** The server's estimate as a line: 'Estimate: $1,440' (the server's words, once; its word added when it gave only the amount). */
const estimateLine = (estimate: string) =>
  estimate.toLowerCase().startsWith(`${words.estimate.toLowerCase()}:`) ? estimate : `${words.estimate}: ${estimate}`;

const titleOf = (state: 'sending' | 'sent' | 'failed') =>
  ({ sending: words.noteSending, sent: words.noteSent, failed: words.noteFailed })[state];

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
            {titleOf(status.state)}
          </h2>
          <p className="send-note-summary">
            {status.summary.what}, {status.summary.when}, {status.summary.guests} {words.guests}.
          </p>
          {status.state === 'sent' ? (
            <>
              {status.estimate ? (
                <p>
                  {/* The server's words, in the page's language (record 300). */}
                  <strong className="send-note-estimate">{estimateLine(status.estimate)}</strong>
                  {status.estimateNote ? (
                    <>
                      <br />
                      {status.estimateNote}
                    </>
                  ) : null}
                </p>
              ) : null}
              <p>{fill(words.nextStep, { business: content.name, email: status.summary.email })}</p>
              {status.bookNow ? (
                <form method="post" action={status.bookNow}>
                  <button type="submit" className="button">
                    {words.bookNow}
                  </button>
                </form>
              ) : null}
            </>
          ) : null}
          {status.state === 'failed' ? <p>{words.nothingLost}</p> : null}
          <p className="send-note-actions">
            {status.state === 'failed' ? (
              <button type="button" className="button" onClick={(event) => requestOpen(event.currentTarget)}>
                {words.tryAgain}
              </button>
            ) : null}
            {status.state === 'sending' ? null : (
              <button type="button" className="button button-ghost" onClick={() => setSendStatus({ state: 'idle' })}>
                {words.dismiss}
              </button>
            )}
          </p>
        </section>
      )}
    </div>
  );
}

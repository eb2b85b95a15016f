// The leads waiting for an answer, oldest first (record 184): the list's "Oldest
// waiting first", from the same answer as the title's count (use-waiting-leads.ts).
import { useEffect } from 'react';
import { WAITING_WITHIN_DAYS } from '../shared/waiting-views.js';
import { InquiryTable, useBookedDays } from './inquiry-list.js';
import { Link, useFocusOnMount } from './link.js';
import { INBOX } from './use-location.js';
import { titleWithWaiting, useWaiting } from './use-waiting-leads.js';

export function WaitingList() {
  const waiting = useWaiting();
  const booked = useBookedDays();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = titleWithWaiting('Waiting for an answer · Inbox', waiting?.total);
  }, [waiting?.total]);

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Waiting for an answer
      </h1>
      <div className="inbox-toolbar">
        <Link href={INBOX}>All inquiries, newest first</Link>
        <p className="inbox-muted">
          New inquiries from the last {WAITING_WITHIN_DAYS} days that nobody has answered yet (a status, a note or a
          quote), the longest waiting first.
        </p>
      </div>
      {waiting === undefined ? (
        <p className="inbox-muted">Loading…</p>
      ) : (
        <>
          <InquiryTable
            page={{ inquiries: waiting.inquiries, next: null }}
            now={Date.now()}
            filtered={false}
            booked={booked}
            caption="Waiting for an answer, oldest first"
            empty="Nobody is waiting for an answer."
          />
          {waiting.total > waiting.inquiries.length ? (
            <p className="inbox-muted">
              The {waiting.inquiries.length} waiting longest of {waiting.total}.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}

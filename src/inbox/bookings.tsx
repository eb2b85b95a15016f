// The upcoming bookings: every Booked inquiry from today on, by date, each linking
// to its inquiry (what the calendar feed holds, in the inbox itself).
import { useEffect } from 'react';
import type { BookingRow } from '../shared/inbox-views.js';
import { request } from './api.js';
import { clockTime, eventDay, localToday } from './format.js';
import { Link, useFocusOnMount } from './link.js';
import { inquiryHref } from './use-location.js';
import { useResource } from './use-resource.js';
import { OWNER_API } from '../shared/owner-api.js';

export function UpcomingBookings() {
  const { data, error } = useResource(
    (signal) =>
      request<{ bookings: BookingRow[] }>('GET', `${OWNER_API.bookings}?from=${localToday()}`, undefined, signal),
    [],
    { failure: 'Could not load the bookings.' },
  );
  const bookings = data?.bookings;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = 'Upcoming bookings · Inbox';
  }, []);

  const days = [...new Set(bookings?.map((booking) => booking.eventDate))];
  return (
    <article>
      <h1 ref={heading} tabIndex={-1}>
        Upcoming bookings
      </h1>
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : !bookings ? (
        <p className="inbox-muted">Loading…</p>
      ) : bookings.length === 0 ? (
        <p>No upcoming bookings yet. An inquiry whose status is Booked shows here until its day has passed.</p>
      ) : (
        days.map((day) => (
          <section key={day} aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`}>{eventDay(day)}</h2>
            <ul className="inbox-bookings">
              {bookings
                .filter((booking) => booking.eventDate === day)
                .map((booking) => (
                  <li key={booking.id} className="inbox-card">
                    <Link href={inquiryHref(booking.id)}>
                      {booking.firstName} {booking.lastName}
                    </Link>
                    {booking.company ? <span className="inbox-muted"> · {booking.company}</span> : null}
                    <br />
                    {clockTime(booking.startTime)}–{clockTime(booking.endTime)} · {booking.guests} guests
                    {booking.package ? ` · ${booking.package}` : ''}
                    <br />
                    <span className="inbox-muted">{booking.siteAddress}</span>
                  </li>
                ))}
            </ul>
          </section>
        ))
      )}
    </article>
  );
}

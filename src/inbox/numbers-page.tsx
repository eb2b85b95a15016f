// The owner's numbers (issue 31, record 183): what the site brought in over the last 30
// and 365 days, both side by side in one table, and the chosen period's weeks and
// sources as pictures with their numbers beside them; and the whole as CSV. Read from
// the owner's own store: nothing is added to the public page for it.
import { useEffect, useState } from 'react';
import { content } from '../../content/index.js';
import { formatMoney } from '../shared/money.js';
import { type MoneyFigure, NUMBERS_PERIODS, type NumbersView, type PeriodDays } from '../shared/numbers-views.js';
import { request } from './api.js';
import { dateTime, duration, inboxLocale } from './format.js';
import { useFocusOnMount } from './link.js';
import { SourcesTable, WeeksChart } from './numbers-chart.js';
import { useResource } from './use-resource.js';
import './numbers.css';
import { OWNER_API } from '../shared/owner-api.js';

/** Amounts in their currencies ('$5,109.40'); none is 0 in the business's. */
const money = (figures: readonly MoneyFigure[]) =>
  figures.length === 0
    ? formatMoney(0, content.sale.currency, inboxLocale)
    : figures.map((each) => formatMoney(each.amount, each.currency, inboxLocale)).join(' + ');

/** Each row of the table of both periods: its name and how it reads for a period. */
const ROWS: [string, (period: NumbersView['periods'][number]) => string][] = [
  ['Inquiries', (p) => String(p.inquiries)],
  ['Spam (kept apart)', (p) => String(p.spam)],
  ['Answered', (p) => String(p.answers.answered)],
  ['Not answered yet', (p) => String(p.answers.waiting)],
  ['Time to first answer, median', (p) => duration(p.answers.medianMs)],
  ['Time to first answer, 9 in 10 within', (p) => duration(p.answers.p90Ms)],
  ['Quotes sent', (p) => String(p.quotes.sent)],
  ['Quotes accepted', (p) => String(p.quotes.accepted)],
  ['Quotes declined', (p) => String(p.quotes.declined)],
  ['Deposits paid', (p) => `${p.deposits.count} (${money(p.deposits.amounts)})`],
  ['Bookings from accepted quotes', (p) => String(p.booked.count)],
  ['Booked revenue', (p) => money(p.booked.revenue)],
  ['Pre-orders', (p) => `${p.preorders?.count ?? 0} (${money(p.preorders?.revenue ?? [])})`],
];

export function NumbersPage() {
  const { data, error } = useResource(
    (signal) => request<NumbersView>('GET', OWNER_API.numbers, undefined, signal),
    [],
    { failure: 'Could not count the numbers.' },
  );
  const [days, setDays] = useState<PeriodDays>(30);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useEffect(() => {
    document.title = 'Numbers · Inbox';
  }, []);
  const period = data?.periods.find((each) => each.days === days);

  return (
    <article className="numbers">
      <h1 ref={heading} tabIndex={-1}>
        Numbers
      </h1>
      {error ? (
        <p role="alert" className="inbox-error">
          {error}
        </p>
      ) : !data || !period ? (
        <p className="inbox-muted">Loading…</p>
      ) : (
        <>
          <div className="inbox-toolbar">
            <p className="inbox-muted">Counted {dateTime(data.at)}.</p>
            <a className="inbox-button" href={OWNER_API.numbersCsv} download>
              Download CSV
            </a>
          </div>
          <table className="numbers-table numbers-both">
            <caption>The last 30 and 365 days</caption>
            <thead>
              <tr>
                <td />
                {data.periods.map((each) => (
                  <th key={each.days} scope="col">
                    Last {each.days} days
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([name, read]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  {data.periods.map((each) => (
                    <td key={each.days}>{read(each)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="inbox-muted numbers-note">
            An answer is an owner’s first status change, note or quote after the inquiry came in. Quotes count in the
            period they were sent, accepted or declined in; booked revenue is the total of the accepted quotes of
            inquiries that are Booked.
          </p>
          <fieldset className="numbers-period">
            <legend>Show weeks and sources for</legend>
            {NUMBERS_PERIODS.map((each) => (
              <label key={each}>
                <input
                  type="radio"
                  name="numbers-period"
                  value={each}
                  checked={days === each}
                  onChange={() => setDays(each)}
                />
                Last {each} days
              </label>
            ))}
          </fieldset>
          <section aria-labelledby="numbers-weeks">
            <h2 id="numbers-weeks">By week, last {period.days} days</h2>
            <WeeksChart period={period} />
          </section>
          <section aria-labelledby="numbers-sources">
            <h2 id="numbers-sources">By source, last {period.days} days</h2>
            <SourcesTable period={period} />
          </section>
        </>
      )}
    </article>
  );
}

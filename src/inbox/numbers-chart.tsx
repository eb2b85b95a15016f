// The Numbers page's pictures (record 183), drawn by hand, no library: the inquiries of
// each week as bars in an SVG (spam stacked apart in a paler colour), named and
// described for screen readers, with the same numbers in a table beside it; and the
// sources as a table whose rows carry their own bar.
import type { PeriodView } from '../shared/numbers-views.js';
import { weekOf } from './format.js';
import { ScrollRegion } from './scroll-region.js';

const BAR = 10;
const HEIGHT = 100;

/** What the chart shows, in a sentence, for those who cannot see it. */
export function weeksSummary(period: PeriodView): string {
  const busiest = period.byWeek.reduce(
    (best, week) => (week.inquiries > best.inquiries ? week : best),
    period.byWeek[0]!,
  );
  const weeks = `${period.byWeek.length} weeks, from the week of ${weekOf(period.byWeek[0]!.week)}`;
  if (period.inquiries === 0) return `${weeks}: no inquiries.`;
  return `${weeks}: ${period.inquiries} inquiries, the most (${busiest.inquiries}) in the week of ${weekOf(busiest.week)}; ${period.spam} spam apart.`;
}

export function WeeksChart({ period }: { period: PeriodView }) {
  const id = `weeks-${period.days}`;
  const top = Math.max(1, ...period.byWeek.map((week) => week.inquiries + week.spam));
  const scale = (count: number) => (count / top) * HEIGHT;
  return (
    <div className="numbers-weeks">
      <figure className="numbers-chart">
        <figcaption id={`${id}-caption`}>Inquiries by week</figcaption>
        <div className="numbers-plot">
          <span className="numbers-top" aria-hidden="true">
            {top}
          </span>
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            viewBox={`0 0 ${period.byWeek.length * BAR} ${HEIGHT}`}
            preserveAspectRatio="none"
          >
            <title id={`${id}-title`}>Inquiries by week, last {period.days} days</title>
            <desc id={`${id}-desc`}>{weeksSummary(period)}</desc>
            {period.byWeek.map((week, i) => (
              <g key={week.week}>
                <rect
                  className="numbers-bar"
                  x={i * BAR + 1}
                  width={BAR - 2}
                  y={HEIGHT - scale(week.inquiries)}
                  height={scale(week.inquiries)}
                />
                <rect
                  className="numbers-bar spam"
                  x={i * BAR + 1}
                  width={BAR - 2}
                  y={HEIGHT - scale(week.inquiries + week.spam)}
                  height={scale(week.spam)}
                />
              </g>
            ))}
          </svg>
        </div>
        <div className="numbers-axis" aria-hidden="true">
          <span>{weekOf(period.byWeek[0]!.week)}</span>
          <span>{weekOf(period.byWeek.at(-1)!.week)}</span>
        </div>
        <p className="numbers-key" aria-hidden="true">
          <span className="numbers-swatch" /> Inquiries <span className="numbers-swatch spam" /> Spam
        </p>
      </figure>
      <ScrollRegion labelledBy={`${id}-table`} className="numbers-table-wrap">
        <table className="numbers-table">
          <caption id={`${id}-table`}>Inquiries by week, spam apart</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Inquiries</th>
              <th scope="col">Spam</th>
            </tr>
          </thead>
          <tbody>
            {period.byWeek.map((week) => (
              <tr key={week.week}>
                <th scope="row">{weekOf(week.week)}</th>
                <td>{week.inquiries}</td>
                <td>{week.spam}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

export function SourcesTable({ period }: { period: PeriodView }) {
  const top = Math.max(1, ...period.bySource.map((source) => source.inquiries));
  if (period.bySource.length === 0) return <p className="inbox-muted">No inquiries in this period.</p>;
  return (
    <table className="numbers-table numbers-sources">
      <caption>Where inquiries came from (“How did you hear about us?”), spam left out</caption>
      <thead>
        <tr>
          <th scope="col">Source</th>
          <th scope="col">Inquiries</th>
        </tr>
      </thead>
      <tbody>
        {period.bySource.map((source) => (
          <tr key={source.source}>
            <th scope="row">{source.source}</th>
            <td>
              <div className="numbers-with-bar">
                <span className="numbers-count">{source.inquiries}</span>
                <span className="numbers-track" aria-hidden="true">
                  {/* biome-ignore lint/a11y/noSvgWithoutTitle: a picture of the number beside it, hidden from screen readers */}
                  <svg viewBox="0 0 100 1" preserveAspectRatio="none" className="numbers-hbar">
                    <rect width={(source.inquiries / top) * 100} height="1" />
                  </svg>
                </span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

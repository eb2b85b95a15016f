// The owner's numbers as CSV (record 183): one figure a row, a spreadsheet can filter
// and add up (amounts as plain numbers in their currency, times in minutes).
import { minorToInput } from '../../shared/money.js';
import { NUMBERS_PERIODS, type NumbersView, type PeriodView } from '../../shared/numbers-views.js';
import { csvCell } from '../inquiry-export.js';

const COLUMNS = ['Period', 'Measure', 'Item', 'Value'];
const minutes = (ms: number | null) => (ms === null ? '' : (ms / 60_000).toFixed(1));

function rowsOf(period: PeriodView): (string | number)[][] {
  const name = `Last ${period.days} days`;
  const row = (measure: string, item: string, value: string | number) => [name, measure, item, value];
  return [
    row('Inquiries', 'All', period.inquiries),
    row('Spam', 'All', period.spam),
    ...period.byWeek.flatMap((week) => [
      row('Inquiries by week', week.week, week.inquiries),
      row('Spam by week', week.week, week.spam),
    ]),
    ...period.bySource.map((source) => row('Inquiries by source', source.source, source.inquiries)),
    row('Answered', 'Inquiries', period.answers.answered),
    row('Not answered yet', 'Inquiries', period.answers.waiting),
    row('Time to first answer, median', 'Minutes', minutes(period.answers.medianMs)),
    row('Time to first answer, 90th percentile', 'Minutes', minutes(period.answers.p90Ms)),
    row('Quotes', 'Sent', period.quotes.sent),
    row('Quotes', 'Accepted', period.quotes.accepted),
    row('Quotes', 'Declined', period.quotes.declined),
    row('Deposits paid', 'Count', period.deposits.count),
    ...period.deposits.amounts.map((each) =>
      row('Deposits paid', each.currency, minorToInput(each.amount, each.currency)),
    ),
    row('Booked from accepted quotes', 'Count', period.booked.count),
    ...period.booked.revenue.map((each) =>
      row('Booked revenue', each.currency, minorToInput(each.amount, each.currency)),
    ),
    ...(period.preorders
      ? [
          row('Pre-orders', 'Count', period.preorders.count),
          ...period.preorders.revenue.map((each) =>
            row('Pre-order revenue', each.currency, minorToInput(each.amount, each.currency)),
          ),
        ]
      : []),
  ];
}

export function numbersCsv(view: NumbersView): string {
  const periods = NUMBERS_PERIODS.map((days) => view.periods.find((period) => period.days === days)!);
  const rows = [COLUMNS, ...periods.flatMap(rowsOf)];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

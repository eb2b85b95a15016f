// The sale's rules (issue 36 item 1) on their own, and the SQL built from them agreeing
// with them on a real SQLite database: a quote the SQL calls open is one isOpen calls open.
import { describe, expect, it } from 'vitest';
import { OPEN_QUOTE_SQL, PAID_SQL, STATUS_SQL } from '../store/sqlite/sqlite-sale-sql.js';
import { openDatabase, prepare } from '../store/sqlite/sqlite-statements.js';
import {
  isAgreed,
  isClosed,
  isOpen,
  nextStatus,
  paidOf,
  QUOTE_STATES,
  quoteState,
  settleDeposit,
  unsetStatus,
  unsettledDeposit,
} from './index.js';

const TODAY = '2026-06-10';
const times = {
  declinedAt: null,
  replacedAt: null,
  accepted: null,
  depositPaidAt: null,
  validUntil: '2026-06-20',
  viewedAt: null,
};
/** A quote's times for each state. */
const EXAMPLES = {
  sent: times,
  viewed: { ...times, viewedAt: '2026-06-02T10:00:00Z' },
  expired: { ...times, validUntil: '2026-06-09' },
  accepted: { ...times, accepted: { at: '2026-06-03T10:00:00Z' } },
  'deposit-paid': { ...times, accepted: { at: '2026-06-03T10:00:00Z' }, depositPaidAt: '2026-06-04T10:00:00Z' },
  replaced: { ...times, accepted: { at: '2026-06-03T10:00:00Z' }, replacedAt: '2026-06-05T10:00:00Z' },
  declined: { ...times, declinedAt: '2026-06-03T10:00:00Z', replacedAt: '2026-06-05T10:00:00Z' },
} as const;

describe('a quote’s state', () => {
  it.each(QUOTE_STATES)('%s is read from its times, in precedence', (state) => {
    expect(quoteState(EXAMPLES[state], TODAY)).toBe(state);
  });

  it('is open while sent or looked at, and agreed once accepted, paid or not', () => {
    expect(QUOTE_STATES.filter(isOpen)).toEqual(['viewed', 'sent']);
    expect(QUOTE_STATES.filter(isAgreed)).toEqual(['deposit-paid', 'accepted']);
  });

  it('is open in SQL exactly when isOpen says so (the SQL of OPEN_QUOTE_SQL)', () => {
    const db = openDatabase(':memory:');
    db.exec(`CREATE TABLE quotes (state TEXT, acceptedAt TEXT, declinedAt TEXT, replacedAt TEXT, validUntil TEXT)`);
    const insert = prepare(db, 'INSERT INTO quotes VALUES (?, ?, ?, ?, ?)');
    for (const [state, quote] of Object.entries(EXAMPLES)) {
      insert.run(state, quote.accepted ? '2026-06-03' : null, quote.declinedAt, quote.replacedAt, quote.validUntil);
    }
    const open = prepare(db, `SELECT state FROM quotes q WHERE ${OPEN_QUOTE_SQL('q')} ORDER BY state`)
      .pluck()
      .all({ today: TODAY });
    expect(open).toEqual(QUOTE_STATES.filter(isOpen).sort());
  });
});

describe('an inquiry’s status', () => {
  it('is New, or Spam when it came in flagged, until an owner sets one (in SQL too)', () => {
    expect(unsetStatus(null)).toBe('new');
    expect(unsetStatus('honeypot')).toBe('spam');
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE e (spamReason TEXT); CREATE TABLE s (status TEXT)');
    expect(
      prepare(db, `SELECT ${STATUS_SQL} FROM (SELECT NULL AS spamReason) e, (SELECT NULL AS status) s`).pluck().get(),
    ).toBe('new');
    expect(
      prepare(db, `SELECT ${STATUS_SQL} FROM (SELECT 'x' AS spamReason) e, (SELECT NULL AS status) s`).pluck().get(),
    ).toBe('spam');
  });

  it('is closed when Booked, Declined or Spam', () => {
    expect(['new', 'contacted', 'quoted', 'booked', 'declined', 'spam'].filter(isClosed)).toEqual([
      'booked',
      'declined',
      'spam',
    ]);
  });

  it('becomes Quoted on a sent quote unless Booked, and Booked on the deposit', () => {
    expect(nextStatus('quoteSent', 'new')).toBe('quoted');
    expect(nextStatus('quoteSent', 'quoted')).toBeUndefined();
    expect(nextStatus('quoteSent', 'booked')).toBeUndefined();
    expect(nextStatus('depositPaid', 'quoted')).toBe('booked');
    expect(nextStatus('depositPaid', 'declined')).toBe('booked');
    expect(nextStatus('depositPaid', undefined)).toBeUndefined();
  });
});

describe('the deposit', () => {
  const quote = { id: 'q1', version: 2, deposit: 50_00, currency: 'USD', depositPaid: false };

  it('is settled once what was paid reaches it: the quote marked, Booked, the owner told', () => {
    const room = () => true;
    expect(settleDeposit(quote, 49_99, room, 'en-US')).toBeUndefined();
    expect(settleDeposit(undefined, 100_00, room, 'en-US')).toBeUndefined();
    expect(settleDeposit({ ...quote, depositPaid: true }, 100_00, room, 'en-US')).toBeUndefined();
    expect(settleDeposit(quote, 50_00, room, 'en-US')).toEqual({
      quoteId: 'q1',
      notes: [expect.stringMatching(/^Deposit paid: .*50.* \(quote version 2\)$/)],
      status: 'depositPaid',
      event: 'deposit-paid',
      dayFull: false,
    });
  });

  it('on a day already full is kept and marked, not Booked, and the owner told at once (record 280)', () => {
    expect(settleDeposit(quote, 50_00, () => false, 'en-US')).toEqual({
      quoteId: 'q1',
      notes: [expect.stringMatching(/^Deposit paid: /), expect.stringMatching(/already booked/)],
      status: undefined,
      event: 'deposit-day-full',
      dayFull: true,
    });
  });

  it('is unsettled when a void takes what was paid below it', () => {
    expect(unsettledDeposit({ ...quote, depositPaid: true }, 49_99)).toBe('q1');
    expect(unsettledDeposit({ ...quote, depositPaid: true }, 50_00)).toBeUndefined();
    expect(unsettledDeposit(quote, 0)).toBeUndefined();
  });
});

describe('what is paid', () => {
  const payments = [
    { kind: 'payment' as const, amount: 100_00, voided: null },
    { kind: 'refund' as const, amount: 30_00, voided: null },
    { kind: 'payment' as const, amount: 999_00, voided: { at: 'x', by: 'y', reason: 'z' } },
  ];

  it('is payments less refunds, the voided left out (in SQL too)', () => {
    expect(paidOf(payments)).toBe(70_00);
    const db = openDatabase(':memory:');
    db.exec('CREATE TABLE payments (inquiryId TEXT, kind TEXT, amount INTEGER, voidedAt TEXT)');
    const insert = prepare(db, 'INSERT INTO payments VALUES (?, ?, ?, ?)');
    for (const payment of payments) insert.run('i1', payment.kind, payment.amount, payment.voided ? 'x' : null);
    expect(prepare(db, PAID_SQL('?')).pluck().get('i1')).toBe(70_00);
  });
});

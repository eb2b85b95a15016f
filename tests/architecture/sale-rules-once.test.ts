// Each of the sale's facts is written once (issue 36 item 1): its words appear in the
// production sources only where the rule lives (src/server/sale/, src/shared/quote-state.ts,
// src/shared/payment-views.ts), or once per engine where it must stay SQL
// (store/{sqlite,postgres}/*-sale-sql.ts builds it from src/server/sale/sql.ts). A copy
// written anywhere else shows here with its file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'content'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** The files whose text matches `pattern`. */
const writing = (pattern: RegExp) =>
  sources
    .filter(({ text }) => pattern.test(text))
    .map(({ file }) => file)
    .sort();

const FACTS: { fact: string; pattern: RegExp; home: string[] }[] = [
  {
    fact: 'the quote states',
    pattern: /'deposit-paid'\s*[|,]\s*'|'sent'\s*\|\s*'viewed'/,
    home: ['src/shared/quote-state.ts'],
  },
  {
    fact: 'a quote’s state read from its times',
    pattern: /depositPaidAt \? 'deposit-paid'/,
    home: ['src/server/sale/quote-state.ts'],
  },
  {
    fact: 'a quote is open (sent or viewed)',
    pattern: /===\s*'sent'\s*\|\|[^;\n]*'viewed'|'viewed'[^;\n]*\|\|[^;\n]*===\s*'sent'/,
    home: ['src/shared/quote-state.ts'],
  },
  {
    fact: 'a quote is agreed (accepted, deposit paid or not)',
    pattern: /===\s*'accepted'[^;\n]*'deposit-paid'|\[\s*'accepted',\s*'deposit-paid'\s*\]/,
    home: ['src/shared/quote-state.ts'],
  },
  {
    fact: 'a quote is open, in SQL',
    pattern: /replacedAt\W{0,4}\s+IS NULL\s+AND[\s\S]{0,40}validUntil\W{0,4}\s*>=/,
    home: ['src/server/sale/sql.ts'],
  },
  {
    fact: 'the closed statuses',
    pattern: /[[(]\s*'booked',\s*'declined',\s*'spam'\s*[\])]/,
    home: ['src/server/sale/status.ts'],
  },
  {
    fact: 'an inquiry’s status when unset',
    pattern: /IS NULL THEN 'new' ELSE 'spam'|THEN 'new'/,
    home: [],
  },
  {
    fact: 'Booked once the deposit is paid',
    pattern: /<\s*quote\.deposit/,
    home: ['src/server/sale/deposit.ts'],
  },
  {
    fact: 'what is paid (payments less refunds)',
    pattern: /'refund' \? -|WHEN 'refund' THEN -/,
    home: ['src/server/sale/sql.ts', 'src/shared/payment-views.ts'],
  },
  {
    fact: 'the history words of a quote',
    pattern: /by the customer \(version|Quote sent:|Quote revised \(version/,
    home: ['src/server/sale/history-words.ts'],
  },
];

describe('each of the sale’s facts is written once', () => {
  it.each(FACTS)('$fact', ({ pattern, home }) => {
    expect(writing(pattern)).toEqual(home);
  });

  it('the SQL each engine needs comes from its one sale-sql file', () => {
    for (const engine of ['sqlite', 'postgres']) {
      const users = writing(/unsetStatusSql|openQuoteSql|paidSql\(/).filter((file) => file.includes(`/${engine}/`));
      expect(users, engine).toEqual([`src/server/store/${engine}/${engine}-sale-sql.ts`]);
    }
  });
});

// Decision records follow one template (docs/decisions/000-template.md): a numbered
// title, then the date and the status; a record that was changed later says by which.
// Once accepted, a record's text stays as it was (its Status line apart): a new record
// supersedes it. docs/decisions/accepted.txt keeps each accepted record's fingerprint.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const ACCEPTED = join(DIR, 'accepted.txt');
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000'));

/** A record's text without its Status line (line 4), the one line that may change after acceptance. */
function fingerprint(name: string): string {
  const lines = readFileSync(join(DIR, name), 'utf8').split('\n');
  lines.splice(3, 1);
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}

describe('decision records', () => {
  it.each(records)('%s opens with its number, title, date and status', (name) => {
    const [title, blank, date, status] = readFileSync(join(DIR, name), 'utf8').split('\n');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)} \\S`));
    expect(blank).toBe('');
    expect(date).toMatch(/^- \*\*Date:\*\* \d{4}-\d{2}-\d{2}$/);
    expect(status).toMatch(/^- \*\*Status:\*\* (Proposed|Accepted|Deprecated|Superseded)\b/);
  });

  it('name the records they supersede by numbers that exist', () => {
    const numbers = new Set(records.map((name) => name.slice(0, 3)));
    for (const name of records) {
      const status = readFileSync(join(DIR, name), 'utf8').split('\n')[3] ?? '';
      for (const [, number] of status.matchAll(/\bby (\d{3})\b/g))
        expect(numbers, `${name} names ${number}`).toContain(number);
    }
  });

  it('are not edited once accepted: a new record supersedes one, and only its Status line changes', () => {
    const kept = new Map(
      readFileSync(ACCEPTED, 'utf8')
        .split('\n')
        .filter((line) => /^\d{3}-/.test(line))
        .map((line) => line.split(' ') as [string, string]),
    );
    for (const name of records) {
      const status = readFileSync(join(DIR, name), 'utf8').split('\n')[3] ?? '';
      if (status.includes('**Status:** Proposed')) continue;
      const line = `${name} ${fingerprint(name)}`;
      expect(kept.has(name), `${name} is accepted: add the line "${line}" to ${ACCEPTED}`).toBe(true);
      expect(
        `${name} ${kept.get(name)}`,
        `${name} changed after it was accepted: write a new record that supersedes it (000-template.md)`,
      ).toBe(line);
    }
    expect([...kept.keys()].filter((name) => !records.includes(name))).toEqual([]);
  });

  it('are each listed in the index by feature, by links that lead somewhere', () => {
    const index = readFileSync(join(DIR, 'index.md'), 'utf8');
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map(([, name]) => name!);
    expect(
      records.filter((name) => !linked.includes(name)),
      'records missing from docs/decisions/index.md',
    ).toEqual([]);
    expect(linked.filter((name) => !records.includes(name) && !name.startsWith('000'))).toEqual([]);
  });
});

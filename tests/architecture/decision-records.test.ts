// Decision records follow one template (docs/decisions/000-template.md): a numbered
// title, then the date and the status; a record that was changed later says by which.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const records = readdirSync(DIR).filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000'));

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
});

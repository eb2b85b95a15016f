// The owner's export: the pure formatting (CSV quoting, formula protection,
// JSON) and the real command run against stored inquiries.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNewInquiry } from '../../tests/support/builders.js';
import { freshDataDir, freshPostgresUrl } from '../../tests/support/databases.js';
import type { NewInquiry, StoredInquiry } from '../server/store/inquiry-store.js';
import { openPostgresStore } from '../server/store/postgres/postgres-store.js';
import { openSqliteOwnerStore } from '../server/store/sqlite/sqlite-owner-store.js';
import { openSqliteStore } from '../server/store/sqlite/sqlite-store.js';
import { DOCUMENT_FIELDS } from '../shared/inquiry.js';
import { csvCell, EXPORT_COLUMNS, formatInquiries } from '../server/inquiry-export.js';
import { parseArguments } from './inquiries.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = fileURLToPath(new URL('./inquiries.ts', import.meta.url));

/** A strict RFC 4180 reader, to check what a spreadsheet would read. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 2;
    } else if (quoted && c === '"') {
      quoted = false;
      i++;
    } else if (quoted) {
      cell += c;
      i++;
    } else if (c === '"') {
      if (cell !== '') throw new Error(`stray quote at ${i}`);
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else if (c === '\r' || c === '\n') {
      throw new Error(`bare line break at ${i}`);
    } else {
      cell += c;
      i++;
    }
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || row.length > 0) throw new Error('last line without CRLF');
  return rows;
}

function storedOf(inquiry: NewInquiry): StoredInquiry {
  const language = inquiry.language ?? 'en';
  return { ...inquiry.document, id: inquiry.id, uid: inquiry.uid, spamReason: inquiry.spamReason, language };
}

/** The command's columns after the inquiry's: the owner's work, by name. */
const CLI_MORE = { ownerStatus: 'ownerStatus', statusChangedAt: 'statusChangedAt', ownerNotes: 'ownerNotes' };
/** An inquiry as the command exports it, with the owner's work on it (none yet: New, or Spam when flagged). */
const exported = (
  inquiry: NewInquiry,
  work = { ownerStatus: inquiry.spamReason ? 'Spam' : 'New', statusChangedAt: '', ownerNotes: '' },
) => ({ ...storedOf(inquiry), ...work });

/** A spreadsheet-safe cell as csvCell should write it, before CSV quoting. */
const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const tricky = () =>
  buildNewInquiry({
    spamReason: 'honeypot',
    document: {
      createdAt: minutesAgo(1),
      firstName: 'Zoë "Z"',
      lastName: "O'Brien, Jr.",
      company: '=HYPERLINK("http://evil.example","click")',
      eventName: '@SUM(1+1)',
      notes: 'Line one\nLine two, with "quotes"\r\nand a CRLF',
      reference: '-2+3',
      phoneNumber: '+1 512 555 0199',
    },
  });

describe('EXPORT_COLUMNS', () => {
  it('is the id, the spec’s fields in the spec’s order, then uid, spamReason and the language (record 300)', () => {
    expect(EXPORT_COLUMNS).toEqual(['id', ...DOCUMENT_FIELDS, 'uid', 'spamReason', 'language']);
    expect(EXPORT_COLUMNS.slice(1, 3)).toEqual(['dateCreated', 'firstName']);
    expect(EXPORT_COLUMNS).not.toContain('bodyHash');
  });
});

describe('csvCell', () => {
  it.each<[unknown, string]>([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [250, '250'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=1+1', "'=1+1"],
    ['+1 512 555 0199', "'+1 512 555 0199"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tindented', "'\tindented"],
    ['\rstart', `"'\rstart"`],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b+c', 'a=b+c'],
    ['Zoë 🌮', 'Zoë 🌮'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('formatInquiries', () => {
  it('writes a header and one CRLF-terminated row per inquiry, in the order given, quoted and formula-safe', () => {
    const first = tricky();
    const second = buildNewInquiry({
      document: { createdAt: minutesAgo(5), package: '', operation: 'Drop-off catering' },
    });
    const rows = [storedOf(first), storedOf(second)];
    const text = formatInquiries(rows, 'csv');

    expect(text.startsWith(`${EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const table = parseCsv(text);
    expect(table[0]).toEqual([...EXPORT_COLUMNS]);
    expect(table).toHaveLength(3);
    rows.forEach((row, index) => {
      const expected = EXPORT_COLUMNS.map((column) => {
        const value = row[column];
        return value === null ? '' : typeof value === 'string' ? safe(value) : String(value);
      });
      expect(table[index + 1]).toEqual(expected);
    });
    // Spot checks of what the owner sees.
    const cell = (row: number, column: (typeof EXPORT_COLUMNS)[number]) => table[row]![EXPORT_COLUMNS.indexOf(column)];
    expect(cell(1, 'company')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(cell(1, 'notes')).toBe('Line one\nLine two, with "quotes"\r\nand a CRLF');
    expect(cell(1, 'phoneNumber')).toBe("'+1 512 555 0199");
    expect(cell(1, 'spamReason')).toBe('honeypot');
    expect(cell(2, 'spamReason')).toBe('');
    expect(cell(2, 'plannedGuestCount')).toBe(String(second.document.plannedGuestCount));
  });

  it('writes JSON: an array of objects with exactly the export columns, values untouched', () => {
    const first = tricky();
    const second = buildNewInquiry();
    const text = formatInquiries(
      [storedOf(first), { ...storedOf(second), bodyHash: 'secret' } as StoredInquiry],
      'json',
    );
    expect(text.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(text) as Record<string, unknown>[];
    expect(parsed).toHaveLength(2);
    for (const record of parsed) expect(Object.keys(record)).toEqual([...EXPORT_COLUMNS]);
    expect(parsed[0]).toEqual(storedOf(first));
    expect(parsed[1]).toEqual(storedOf(second));
    expect(parsed[0]!.company).toBe('=HYPERLINK("http://evil.example","click")');
    expect(parsed[1]!.spamReason).toBeNull();
  });

  it('writes for people in a spreadsheet when asked: a BOM, local times on the inbox’s clock, phones as text, no session ids', () => {
    const inquiry = buildNewInquiry({
      document: {
        dateCreated: '2026-11-26T14:02:27.843Z',
        createdAt: '2026-11-26T14:02:29.001Z',
        startTime: '14:00',
        endTime: '09:30',
        phoneNumber: '+1 737 555 0123',
        lastName: 'González',
        notes: '-bring chairs',
      },
    });
    const row = { ...storedOf(inquiry), changed: '2026-07-04T17:00:00.000Z' };
    const people = { timeZone: 'America/Chicago', locale: 'en-US', instants: ['changed'] };
    const text = formatInquiries([row], 'csv', { titles: 'labels', more: { changed: 'Status changed' }, people });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, values] = parseCsv(text.slice(1));
    const cell = (title: string) => values![header!.indexOf(title)];
    expect(header).not.toContain('Visitor session');
    expect(text).not.toContain(inquiry.uid);
    expect(cell('Filled in at')).toBe('2026-11-26 8:02 AM'); // Thanksgiving morning in Austin
    expect(cell('Received')).toBe('2026-11-26 8:02 AM');
    expect(cell('Status changed')).toBe('2026-07-04 12:00 PM'); // summer time: UTC-5
    expect(cell('Start time')).toBe('2:00 PM');
    expect(cell('End time')).toBe('9:30 AM');
    expect(cell('Phone')).toBe('="+1 737 555 0123"');
    expect(cell('Last name')).toBe('González');
    // Free text keeps its guard.
    expect(cell('Notes')).toBe("'-bring chairs");
    // On a 24-hour clock where the business's locale has one.
    const british = formatInquiries([row], 'csv', { titles: 'labels', people: { ...people, locale: 'en-GB' } });
    expect(british).toContain(',14:00,09:30,');
  });

  it('writes just the header, or an empty array, when there is nothing', () => {
    expect(formatInquiries([], 'csv')).toBe(`${EXPORT_COLUMNS.join(',')}\r\n`);
    expect(formatInquiries([], 'json')).toBe('[]\n');
  });
});

describe('parseArguments', () => {
  it.each<[string[], ReturnType<typeof parseArguments>]>([
    [[], { kind: 'export', format: 'csv', output: undefined }],
    [['--format', 'csv'], { kind: 'export', format: 'csv', output: undefined }],
    [['--format', 'json'], { kind: 'export', format: 'json', output: undefined }],
    [['--format=json'], { kind: 'export', format: 'json', output: undefined }],
    [['-f', 'json', '-o', 'out.json'], { kind: 'export', format: 'json', output: 'out.json' }],
    [['--help'], { kind: 'help' }],
    [['-h'], { kind: 'help' }],
  ])('reads %j', (argv, expected) => {
    expect(parseArguments(argv)).toEqual(expected);
  });

  it.each<[string[], RegExp]>([
    [['--format', 'xml'], /"xml".*--format csv or --format json/],
    [['--format', 'CSV'], /"CSV"/],
    [['--bogus'], /--bogus/],
    [['--format'], /--format/],
    [['--output', ''], /--output/],
    [['csv'], /csv/],
  ])('refuses %j with a clear message', (argv, message) => {
    const parsed = parseArguments(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toMatch(message);
  });
});

// ------------------------------------------------------------ the real command

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string | undefined>): Promise<Run> {
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: undefined,
    ...env,
  };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: ROOT, env: childEnv as NodeJS.ProcessEnv, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
  });
}

const cli = (args: string[], env: Record<string, string | undefined>) =>
  run(process.execPath, ['--import', 'tsx', CLI, ...args], env);

describe('npm run inquiries', () => {
  const removals: (() => void)[] = [];
  afterEach(() => {
    for (const remove of removals.splice(0)) remove();
  });

  /** A DATA_DIR holding two inquiries, stored oldest first. */
  async function dataDirWithTwo(): Promise<{ dir: string; older: NewInquiry; newer: NewInquiry }> {
    const data = freshDataDir();
    removals.push(data.remove);
    const older = buildNewInquiry({ document: { createdAt: minutesAgo(60) } });
    const newer = tricky();
    const store = openSqliteStore(data.dir);
    await store.create(older);
    await store.create(newer);
    await store.close();
    return { dir: data.dir, older, newer };
  }

  it('prints CSV, newest first, from the SQLite store under DATA_DIR', async () => {
    const { dir, older, newer } = await dataDirWithTwo();
    const result = await cli(['--format', 'csv'], { DATA_DIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(formatInquiries([exported(newer), exported(older)], 'csv', { more: CLI_MORE }));
    const table = parseCsv(result.stdout);
    expect(table.map((row) => row[0])).toEqual(['id', newer.id, older.id]);
    expect(table[1]![EXPORT_COLUMNS.indexOf('email')]).toBe(newer.document.email);
  });

  it('prints JSON through the package script, newest first', async () => {
    const { dir, older, newer } = await dataDirWithTwo();
    const result = await run('npm', ['run', '--silent', 'inquiries', '--', '--format', 'json'], { DATA_DIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([exported(newer), exported(older)]);
  });

  it('exports each inquiry with the owner’s work on it: its status, when that changed, and the notes', async () => {
    const { dir, older, newer } = await dataDirWithTwo();
    const owners = openSqliteOwnerStore(dir);
    const by = { id: 'owner-1', email: 'owner@example.com' };
    await owners.inbox.setStatus(older.id, 'quoted', by, new Date('2030-01-02T10:00:00Z'));
    await owners.inbox.addNote(older.id, 'Called, wants tacos', by, new Date('2030-01-02T10:05:00Z'));
    await owners.inbox.addNote(older.id, 'Sent the quote', by, new Date('2030-01-02T10:10:00Z'));
    await owners.close();
    const result = await cli(['--format', 'json'], { DATA_DIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      exported(newer),
      exported(older, {
        ownerStatus: 'Quoted',
        statusChangedAt: '2030-01-02T10:00:00.000Z',
        ownerNotes: 'Called, wants tacos\n\nSent the quote',
      }),
    ]);
  });

  it('writes to a file readable by its owner only with --output', async () => {
    const { dir, older, newer } = await dataDirWithTwo();
    const file = join(dir, 'export.csv');
    const result = await cli(['--format', 'csv', '--output', file], { DATA_DIR: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('2 inquiries');
    expect(readFileSync(file, 'utf8')).toBe(
      formatInquiries([exported(newer), exported(older)], 'csv', { more: CLI_MORE }),
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reads PostgreSQL when DATABASE_URL is set', async () => {
    const url = await freshPostgresUrl();
    const store = await openPostgresStore(url);
    const older = buildNewInquiry({ document: { createdAt: minutesAgo(30) } });
    const newer = tricky();
    await store.create(newer);
    await store.create(older);
    await store.close();
    const data = freshDataDir();
    removals.push(data.remove);

    const result = await cli(['--format', 'json'], { DATABASE_URL: url, DATA_DIR: data.dir });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([exported(newer), exported(older)]);
  });

  it('prints only the header when nothing was ever stored, and creates nothing', async () => {
    const data = freshDataDir();
    removals.push(data.remove);
    const dir = join(data.dir, 'never-used');
    const result = await cli(['--format', 'csv'], { DATA_DIR: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${[...EXPORT_COLUMNS, ...Object.keys(CLI_MORE)].join(',')}\r\n`);
    expect(result.stderr).toContain('No inquiries yet');
    expect(existsSync(dir)).toBe(false);
    expect(readdirSync(data.dir)).toEqual([]);
  });

  it('prints usage with --help', async () => {
    const result = await cli(['--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run inquiries -- \[--format csv\|json\]/);
  });

  it.each([
    [['--format', 'xml'], 'Unknown format "xml"'],
    [['--verbose'], "Unknown option '--verbose'"],
  ])('exits 2 for %j with a clear message and no output', async (args, message) => {
    const result = await cli(args, {});
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage:');
  });

  it('exits 1 naming the variable when the configuration is wrong', async () => {
    const result = await cli(['--format', 'csv'], { DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^DATABASE_URL must/);
  });
});

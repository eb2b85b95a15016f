// The quote form's values as the owner types them (text: amounts in major units,
// rates in percent) and the draft they make (integer minor units and rates, record
// 140): what the form previews with the shared arithmetic, checks with the server's
// own rules, and sends. A value that is not a number yet is NaN in the draft, so the
// rules name its field; the preview counts it as nothing.
import { minorToInput, parseMoney, type Rate, toRate } from '../shared/money.js';
import { type LineKind, type QuoteLine, type QuoteTotals, quoteTotals } from '../shared/pricing.js';
import { draftProblems, payable, QUOTE_LIMITS, type QuoteDraftBody, type QuotesAnswer } from '../shared/quote-views.js';
import { addDays } from '../shared/truck-schedule.js';

export interface LineValues {
  /** Stable while lines are added and removed (React's key). */
  key: number;
  description: string;
  quantity: string;
  unitPrice: string;
  kind: LineKind;
  /** What the line is when it is not travel: a prefilled package stays a package. */
  foodKind: Exclude<LineKind, 'travel'>;
}

export interface DraftValues {
  lines: LineValues[];
  serviceCharge: string;
  deposit: string;
  validUntil: string;
  /** The owner's own line to the customer. */
  message: string;
}

let lastKey = 0;

export function newLine(): LineValues {
  return { key: ++lastKey, description: '', quantity: '1', unitPrice: '', kind: 'item', foodKind: 'item' };
}

/** 8250 as '8.25'. */
const percentText = (rate: Rate) => String(rate / 1000);

/** The form's first values: the server's draft (a form with no line starts with an empty one). */
export function valuesOf(draft: QuoteDraftBody, currency: string): DraftValues {
  const lines = draft.lines.map(
    (line): LineValues => ({
      key: ++lastKey,
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: minorToInput(line.unitPrice, currency),
      kind: line.kind,
      foodKind: line.kind === 'package' ? 'package' : 'item',
    }),
  );
  return {
    lines: lines.length > 0 ? lines : [newLine()],
    serviceCharge: percentText(draft.serviceCharge),
    deposit: percentText(draft.deposit),
    validUntil: draft.validUntil,
    message: draft.message ?? '',
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

const percent = (text: string) => {
  const cleaned = text.trim().replace(/%$/, '').trim();
  return /^\d+(\.\d+)?$/.test(cleaned) ? (toRate(Number(cleaned)) ?? Number.NaN) : Number.NaN;
};

/** The draft the values make, as the server takes it (descriptions trimmed as the server does). */
export function draftOf(values: DraftValues, currency: string): QuoteDraftBody {
  const message = values.message.normalize('NFC').trim();
  return {
    lines: values.lines.map((line) => ({
      description: line.description.normalize('NFC').trim(),
      quantity: wholeNumber(line.quantity),
      unitPrice: parseMoney(line.unitPrice, currency) ?? Number.NaN,
      kind: line.kind,
    })),
    serviceCharge: percent(values.serviceCharge),
    deposit: percent(values.deposit),
    validUntil: values.validUntil,
    // Sent only when there is one: a quote without it is the same request as before it existed.
    ...(message ? { message } : {}),
  };
}

const orNothing = (value: number) => (Number.isSafeInteger(value) ? value : 0);

/** The draft's lines as the preview counts them: what is not a number yet is 0. */
export const previewLines = (draft: QuoteDraftBody): QuoteLine[] =>
  draft.lines.map((line) => ({ ...line, quantity: orNothing(line.quantity), unitPrice: orNothing(line.unitPrice) }));

/** The totals the server will compute for the draft, with the content's tax. */
export function previewTotals(draft: QuoteDraftBody, tax: QuotesAnswer['tax']): QuoteTotals {
  return quoteTotals(previewLines(draft), {
    serviceCharge: orNothing(draft.serviceCharge),
    tax: tax.rate,
    taxOnServiceCharge: tax.onServiceCharge,
    taxOnTravel: tax.onTravel,
    deposit: orNothing(draft.deposit),
  });
}

/** The last day a quote sent on `today` may stay open. */
export const lastValidDay = (today: string) => addDays(today, QUOTE_LIMITS.validDays);

/** Every rule the draft breaks, by field, as the server would name it (the server checks the total last). */
export function problemsOf(draft: QuoteDraftBody, tax: QuotesAnswer['tax'], today: string): Record<string, string> {
  const problems = draftProblems(draft, today, lastValidDay(today));
  if (Object.keys(problems).length === 0 && !payable(previewTotals(draft, tax).total))
    problems.lines = 'The total must be more than nothing.';
  return problems;
}

// Money as the sale keeps it: integer minor units (cents, pence) of one currency,
// never floating point. Rates are integers too, in thousandths of a percent (8.25 %
// is 8250), so a rate times an amount is exact and rounded once, half away from zero
// (record 140).

/** An amount in the currency's minor units (cents for USD, yen for JPY). */
export type Minor = number;

/** A rate in thousandths of a percent: 8.25 % is 8250, 100 % is 100_000. */
export type Rate = number;
export const WHOLE: Rate = 100_000;

/** How many decimals the currency's minor unit has (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount the owner wrote in major units (12.5) as minor units (1250); undefined if it has more decimals than the currency. */
export function toMinor(major: number, currency: string): Minor | undefined {
  const scaled = major * 10 ** minorDigits(currency);
  const minor = Math.round(scaled);
  return Math.abs(scaled - minor) < 1e-6 && Number.isSafeInteger(minor) ? minor : undefined;
}

/** A percentage the owner wrote (8.25) as a Rate (8250); undefined past three decimals. */
export function toRate(percent: number): Rate | undefined {
  const scaled = percent * 1000;
  const rate = Math.round(scaled);
  return Math.abs(scaled - rate) < 1e-6 ? rate : undefined;
}

/** A rate as people read it: '8.25%', '18%'. */
export function ratePercent(rate: Rate): string {
  return `${Number((rate / 1000).toFixed(3))}%`;
}

/** n / d rounded half away from zero (d > 0): the one rounding rule of every computed amount. */
export function divideRounded(n: number, d: number): number {
  const q = Math.floor(Math.abs(n) / d);
  const r = Math.abs(n) - q * d;
  const rounded = 2 * r >= d ? q + 1 : q;
  return n < 0 ? -rounded : rounded;
}

/** `rate` of `amount`, rounded once. */
export function applyRate(amount: Minor, rate: Rate): Minor {
  return divideRounded(amount * rate, WHOLE);
}

/** An amount for people: '$1,234.50', '£900.00', '¥1,200'. */
export function formatMoney(minor: Minor, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/** An amount typed in a form ('1,234.5', '12') as minor units; undefined if it is not one. */
export function parseMoney(text: string, currency: string): Minor | undefined {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return undefined;
  return toMinor(Number(cleaned), currency);
}

/** Minor units as a form's plain number ('1234.50'), the inverse of parseMoney. */
export function minorToInput(minor: Minor, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

// The quote page's validation messages in the inquiry's language (record 420): the final
// count's and the day's details' (event-plan-forms.ts, shared/event-plan.ts) and the decline's
// reason. The rules are shared with the owner's inbox and write English; the server says
// each in Spanish here, as field-messages.ts does for the form (record 360).
// plan-messages.test.ts makes every message with the real rules and checks its Spanish.
import type { Language } from '../../shared/language.js';
import { problemIn } from './field-messages.js';

const number = (digits: string) => Number(digits.replace(/,/g, '')).toLocaleString('es');

/** A text problem said in Spanish inside a sentence, or undefined when the phrase has no Spanish. */
const withProblem = (problem: string, sentence: (said: string) => string) => {
  const said = problemIn(problem);
  return said ? sentence(said) : undefined;
};

/** English pattern → Spanish (a label or question is the owner's, shown as written). */
const SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string | undefined][] = [
  [
    /^Give the final guest count as a whole number from 1 to ([\d,]+)\.$/,
    (max) => `Indique el número final de invitados como un número entero de 1 a ${number(max!)}.`,
  ],
  [/^“(.*)” is not one of the counts asked\.$/s, (label) => `“${label}” no es uno de los recuentos pedidos.`],
  [
    /^(.*): give a whole number from 0 to (\d+) \(the final guest count\)\.$/s,
    (label, guests) => `${label}: indique un número entero de 0 a ${guests} (el número final de invitados).`,
  ],
  [
    /^The on-site contact must be at most (\d+) characters\.$/,
    (limit) => `El contacto en el lugar debe tener como máximo ${limit} caracteres.`,
  ],
  [
    /^The on-site phone must be a phone number: (\d+) or more digits, and only \+ \( \) - \. and spaces besides\.$/,
    (digits) =>
      `El teléfono en el lugar debe ser un número de teléfono: ${digits} dígitos o más, y aparte solo + ( ) - . y espacios.`,
  ],
  [
    /^Your answer to “(.*)” must be at most (\d+) characters\.$/s,
    (question, limit) => `Su respuesta a “${question}” debe tener como máximo ${limit} caracteres.`,
  ],
  [
    /^The on-site contact (must .*)\.$/,
    (problem) => withProblem(problem!, (said) => `El contacto en el lugar ${said}.`),
  ],
  [
    /^Your answer to “(.*)” (must .*)\.$/s,
    (question, problem) => withProblem(problem!, (said) => `Su respuesta a “${question}” ${said}.`),
  ],
  [/^The reason (must .*)\.$/, (problem) => withProblem(problem!, (said) => `El motivo ${said}.`)],
  [/^At most (\d+) characters\.$/, (limit) => `Como máximo ${limit} caracteres.`],
];

/** A message of the quote page's forms in `language`: Spanish when it has one, else as written (English). */
export function planMessageIn(language: Language, message: string): string {
  if (language === 'en') return message;
  for (const [pattern, spanish] of SPANISH_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return spanish(...match.slice(1)) ?? message;
  }
  return message;
}

// The server's field messages in the inquiry's language (record 360). The rules that write
// them are shared with the page's form (shared/inquiry.ts, shared/text-rules.ts) and write
// English, so the page's bundle carries no second language; the server says each in
// Spanish for a request in Spanish (the API's `fields`, the no-JavaScript form's errors).
// field-messages.test.ts makes every message the rules write and checks each has its Spanish.
import { DAY_TAKEN_MESSAGE } from '../../shared/availability.js';
import type { Language } from '../../shared/language.js';

/** Whole messages, English as the rules write them → Spanish. */
const SPANISH: Record<string, string> = {
  'Please fill out this field.': 'Complete este campo.',
  'Please enter an email address.': 'Escriba una dirección de correo electrónico.',
  'Please enter a phone number: 7 to 30 digits, spaces and + ( ) - . only.':
    'Escriba un número de teléfono: de 7 a 30 dígitos; solo dígitos, espacios y + ( ) - .',
  'Please enter a date.': 'Escriba una fecha.',
  'Please enter a time.': 'Escriba una hora.',
  'Please choose a service.': 'Elija un servicio.',
  'Please choose a package.': 'Elija un paquete.',
  'Please check this field.': 'Revise este campo.',
  'Event date is not a real day.': 'La fecha del evento no es un día real.',
  'Event date can’t be in the past.': 'La fecha del evento no puede estar en el pasado.',
  'End time must be after the start time.': 'La hora de fin debe ser posterior a la hora de inicio.',
  'Please choose one of the services offered.': 'Elija uno de los servicios ofrecidos.',
  'A package applies only to the truck.': 'Un paquete solo corresponde al camión.',
  'Choose a package for the truck.': 'Elija un paquete para el camión.',
  'Please choose one of the packages offered.': 'Elija uno de los paquetes ofrecidos.',
  'dateCreated is not a real instant.': 'dateCreated no es un instante real.',
  [DAY_TAKEN_MESSAGE]: 'Ya tenemos un compromiso en esa fecha. Elija otra, por favor.',
};

/** What is wrong with a text (text-rules.ts textProblem's phrases) → Spanish. */
const SPANISH_PROBLEMS: Record<string, string> = {
  'must be well-formed Unicode text (it holds a lone surrogate)':
    'debe ser texto Unicode bien formado (contiene un sustituto suelto)',
  'must not contain control characters other than line breaks and tabs':
    'no debe contener caracteres de control salvo saltos de línea y tabulaciones',
  'must not contain control characters or line breaks': 'no debe contener caracteres de control ni saltos de línea',
  'must be on one line': 'debe ocupar una sola línea',
  'must not contain Unicode noncharacters': 'no debe contener no-caracteres de Unicode',
  'must not start or end with spaces or line breaks': 'no debe empezar ni terminar con espacios o saltos de línea',
  'must be in Unicode normal form NFC': 'debe estar en la forma normal NFC de Unicode',
  'must hold a visible character (a letter, digit, punctuation or symbol)':
    'debe contener un carácter visible (una letra, un dígito, un signo de puntuación o un símbolo)',
};

/** A text problem's phrase (text-rules.ts textProblem) in Spanish, or undefined (or empty) when it has none. */
export const problemIn = (problem: string): string | undefined =>
  SPANISH_PROBLEMS[problem] ??
  problem.replace(/^must hold at least (\d+) digits$/, 'debe contener al menos $1 dígitos').replace(/^must.*/, '');

const number = (digits: string) => Number(digits.replace(/,/g, '')).toLocaleString('es');

/** Messages with a number, a field or a problem in them: English pattern → Spanish. */
const SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string | undefined][] = [
  [/^Please use at most (\d+) characters\.$/, (limit) => `Use como máximo ${limit} caracteres.`],
  [/^Please enter a whole number from 1 to ([\d,]+)\.$/, (max) => `Escriba un número entero de 1 a ${number(max!)}.`],
  [/^Please check the form \((\w+)\)\.$/, (field) => `Revise el formulario (${field}).`],
  [/^This field (must .*)\.$/, (problem) => spanishProblem(problem!, (said) => `Este campo ${said}.`)],
  [/^(\w+) (must .*)\.$/, (field, problem) => spanishProblem(problem!, (said) => `El campo ${field} ${said}.`)],
];

function spanishProblem(problem: string, sentence: (said: string) => string): string | undefined {
  const said = problemIn(problem);
  return said ? sentence(said) : undefined;
}

/** A field message in `language`: Spanish when it has one, else as written (English). */
export function fieldMessageIn(language: Language, message: string): string {
  if (language === 'en') return message;
  const whole = SPANISH[message];
  if (whole) return whole;
  for (const [pattern, spanish] of SPANISH_PATTERNS) {
    const match = pattern.exec(message);
    if (match) return spanish(...match.slice(1)) ?? message;
  }
  return message;
}

/** Each field's message in `language`. */
export function fieldMessagesIn<K extends string>(
  language: Language,
  fields: Partial<Record<K, string>>,
): Partial<Record<K, string>> {
  const said: Partial<Record<K, string>> = {};
  for (const [field, message] of Object.entries(fields) as [K, string][])
    said[field] = fieldMessageIn(language, message);
  return said;
}

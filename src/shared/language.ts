// The languages a customer can be served in (issue 39, record 300): English at `/`,
// Spanish at `/es/`. An inquiry keeps the one its page was in, and every later
// message to that customer is written in it; the owner's side stays English.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** English: the default, and what an inquiry from before languages (or without one) is in. */
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** A stored or sent value as a language; anything else is English. */
export const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** Each language named in English, as the owner's inbox and CSV say it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Spanish' };

/** Each language named in itself, as the page's link to it says it ("Español", "English"). */
export const LANGUAGE_OWN_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/** The page's path of each language: English at the root, the others under their code. */
export const languagePath = (language: Language): string => (language === DEFAULT_LANGUAGE ? '/' : `/${language}/`);

/**
 * The locale money and dates are written in: English as the business writes it (the
 * content's locale, 'en-US'); Spanish as Spanish writes it ('es': 1.234,50 US$, 27 nov 2026),
 * unless the content names a Spanish locale of its own ('es-US').
 */
export function localeFor(language: Language, content: { locale: string; es?: { locale?: string } }): string {
  return language === 'es' ? (content.es?.locale ?? 'es') : content.locale;
}

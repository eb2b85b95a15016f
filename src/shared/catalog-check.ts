// The check every catalog passes (record 300): each language has every key of the
// others, and no message is in the wrong language. A message that is a function is
// called with stand-ins for its values, so only its own words are judged.

/** Words that are surely English (never Spanish): one in a Spanish message means an English text slipped in. */
const ENGLISH =
  /\b(the|and|your|you|with|please|thank|thanks|we|our|for|of|is|are|to|quote|guest|guests|send|sending|date|time|name|hello|received|estimate|deposit|paid|here|there|this|what|which|not|can|will|have|has)\b/i;
/** Words that are surely Spanish (never English): one in an English message means a Spanish text slipped in. */
const SPANISH =
  /\b(el|la|los|las|su|sus|usted|gracias|para|por|con|del|que|una|es|cotización|invitados|fecha|hora|nombre|hola|recibimos|depósito|pagado|aquí|qué|cómo|enviar|enviando)\b|[ñáéíóú¿¡]/i;

/** A stand-in for a message's values: a word in neither language, or a number. */
const STAND_IN = new Proxy({} as Record<string, unknown>, { get: (_target, key) => (key === 'count' ? 2 : 'X9') });

/** Every message of a catalog as text, by its key (functions called with stand-ins, nested objects flattened). */
export function messagesOf(catalog: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    const name = `${prefix}${key}`;
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'function') {
      // Called both ways: with an object of values, and with a count (plurals).
      out[name] = String(
        value.length === 1 && /^\(?count|^\(?days/.test(value.toString().split('=>')[0]!) ? value(2) : value(STAND_IN),
      );
      if (/count|days/.test(value.toString().split('=>')[0]!)) out[`${name}(1)`] = String(value(1));
    } else if (value && typeof value === 'object') Object.assign(out, messagesOf(value, `${name}.`));
  }
  return out;
}

/** What is wrong between an English and a Spanish catalog: missing keys, and messages in the wrong language. */
export function catalogProblems(en: object, es: object): string[] {
  const english = messagesOf(en);
  const spanish = messagesOf(es);
  const problems: string[] = [];
  for (const key of Object.keys(english)) if (!(key in spanish)) problems.push(`${key}: missing in Spanish`);
  for (const key of Object.keys(spanish)) if (!(key in english)) problems.push(`${key}: missing in English`);
  for (const [key, text] of Object.entries(spanish)) {
    const word = ENGLISH.exec(text);
    if (word) problems.push(`${key}: English word "${word[0]}" in Spanish: ${text}`);
    if (english[key] === text && /[a-z]{4}/i.test(text.replace(/X9/g, '')))
      problems.push(`${key}: the same in both: ${text}`);
  }
  for (const [key, text] of Object.entries(english)) {
    const word = SPANISH.exec(text.replace(/–/g, '-'));
    if (word) problems.push(`${key}: Spanish word "${word[0]}" in English: ${text}`);
  }
  return problems;
}

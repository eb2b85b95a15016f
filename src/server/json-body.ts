// Request bodies are JSON, parsed strictly: bytes that are not UTF-8 are refused
// (never decoded to U+FFFD, which would store something other than what was
// sent), a key that could reach an object's prototype (`__proto__`,
// `constructor.prototype`) is refused by name rather than silently dropped, and
// a syntax error says where it is without quoting the body back.
export class BodyError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

function refusePrototypeKeys(key: string, value: unknown): unknown {
  // JSON.parse makes `__proto__` an own property (no pollution yet); refuse it before anyone merges it.
  if (
    key === '__proto__' ||
    (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)
  ) {
    const name = key === '__proto__' ? '__proto__' : 'constructor.prototype';
    throw new BodyError(`The body must not contain a "${name}" key.`, { [name]: `${name} is not an accepted field.` });
  }
  return value;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function parseJsonBody(bytes: Uint8Array | string): unknown {
  let text: string;
  if (typeof bytes === 'string') text = bytes;
  else {
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new BodyError('The body is not valid UTF-8; send the inquiry as UTF-8 JSON.');
    }
  }
  if (text.trim() === '') throw new BodyError('The body is empty; send the inquiry as JSON.');
  try {
    // A reviver makes JSON.parse several times slower, so it runs only on a body that could
    // hold such a key: the names written out, or any \u escape (which could spell them).
    const mayReachPrototype = text.includes('__proto__') || text.includes('constructor') || text.includes('\\u');
    return mayReachPrototype ? JSON.parse(text, refusePrototypeKeys) : JSON.parse(text);
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError(syntaxErrorMessage(error as Error, text));
  }
}

/**
 * Where the JSON breaks, never what it says: V8's own message quotes the body
 * ("Unexpected token 'b', "{"a": bob}" is not valid JSON"), so only a position is kept.
 */
function syntaxErrorMessage(error: Error, text: string): string {
  if (/end of JSON input|Unterminated string/i.test(error.message))
    return 'The body is not valid JSON: it ends too soon.';
  const position = /at position (\d+)/.exec(error.message)?.[1];
  if (position !== undefined && Number(position) <= text.length)
    return `The body is not valid JSON: unexpected character at position ${position}.`;
  return 'The body is not valid JSON.';
}

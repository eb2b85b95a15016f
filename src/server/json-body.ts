// Request bodies are JSON, parsed strictly: a key that could reach an object's
// prototype (`__proto__`, `constructor.prototype`) is refused by name rather
// than silently dropped, and a syntax error says where it is.
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

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new BodyError('The body is empty; send the inquiry as JSON.');
  try {
    return JSON.parse(text, refusePrototypeKeys);
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError(`The body is not valid JSON: ${(error as Error).message}`);
  }
}

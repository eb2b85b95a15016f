// Reading one cookie from a request's Cookie header (the owner's session and device
// cookies, the landing page's form time): the first of that name, as sent.

/** The value of the cookie `name` in a Cookie header, or undefined. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML or XML, in element content and in quoted attribute values alike. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

/** JSON inside a script element (JSON-LD): '<' escaped, so no value can close the element. */
export const safeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

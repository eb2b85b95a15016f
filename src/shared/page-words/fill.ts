/** A text with `{name}` slots filled in (its own module: the page's bundle takes no catalog with it). */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (slot, name: string) => String(values[name] ?? slot));

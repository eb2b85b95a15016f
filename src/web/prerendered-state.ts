/**
 * Whether the page holds `selector` now. A hydrated part starts from the state the page's
 * boot script left in the prerendered markup (a tab chosen, the lights on, the menu open:
 * record 160), so hydration matches the DOM and nothing the visitor did is undone.
 */
export const inPage = (selector: string) => !import.meta.env.SSR && document.querySelector(selector) !== null;

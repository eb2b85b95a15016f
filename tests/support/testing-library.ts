// Every test file's setup (vitest.config.ts): under jsdom, Testing Library's findBy and
// waitFor wait up to 5 s, not 1 s, so a component test on this shared, busy machine
// fails only when what it waits for never comes.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}

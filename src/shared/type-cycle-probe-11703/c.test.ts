import type { A } from './a.test.js';
export const a: A = {};

import type { B } from './b.test.js';
export interface A { b?: B }

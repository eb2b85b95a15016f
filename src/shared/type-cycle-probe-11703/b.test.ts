import { a } from './c.test.js';
export interface B { a: typeof a }

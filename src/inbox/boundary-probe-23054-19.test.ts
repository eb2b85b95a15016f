import { thing } from '../../content/index.js';
export const probe = thing;

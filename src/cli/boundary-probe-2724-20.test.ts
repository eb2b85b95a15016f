import { thing } from '../server/config.js';
export const probe = thing;

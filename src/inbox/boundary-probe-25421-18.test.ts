import { thing } from '../shared/inbox-views.js';
export const probe = thing;

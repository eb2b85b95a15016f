// The validated content every part of the site reads. Importing it runs the
// check, so a bad content file stops the build (and the server) with a message
// naming the field.
import { business } from './business.js';
import { validateContent } from './schema.js';

export const content = validateContent(business);
export * from './schema.js';

// The language a visitor's browser prefers (its Accept-Language), for the few pages that
// know no other (record 460): a link that leads to no quote, and a fault of the database
// before the inquiry was read. Everywhere else the page's path or the inquiry says it.
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { LANGUAGES, type Language, languageOf } from '../../shared/language.js';

export const browserLanguage = (request: FastifyRequest): Language =>
  languageOf(new Negotiator({ headers: request.headers }).language([...LANGUAGES]));

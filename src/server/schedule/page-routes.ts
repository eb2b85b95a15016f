// The landing page with its schedule filled in, at / and /index.html, and the truck's
// stops as a calendar at /schedule.ics and as JSON at /api/schedule (what `npm run dev`
// fills its page with), all as published-schedule.ts keeps them.
// Everything else of the build is served as files (routes/site.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PublishedSchedule } from './published-schedule.js';
import type { Language } from '../../shared/language.js';

/** The encoding to send: brotli, else gzip, else none, as the browser takes them (a q of 0 refuses). */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const taken = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([coding]) => coding!.trim().toLowerCase()),
  );
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return undefined;
}

/** Whether an If-None-Match names this ETag (a list, weak or not, or '*'). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export interface PageRoutesOptions {
  published: PublishedSchedule;
  /** The Set-Cookie of the page's render time, for its form's post without JavaScript (record 084). */
  formStartCookie: (request: FastifyRequest) => string;
  /** The page in another language, at /<language>/ (record 300), filled the same way. */
  languagePages?: Partial<Record<Language, PublishedSchedule>>;
}

export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (
  app,
  { published, formStartCookie, languagePages = {} },
) => {
  const servePage = async (request: FastifyRequest, reply: FastifyReply, from: PublishedSchedule = published) => {
    const page = from.page();
    // No build (or no page in that language): what the site's files would answer (routes/site.ts says so at start).
    if (!page) return reply.callNotFound();
    reply
      .type('text/html; charset=utf-8')
      // Private: each answer sets its own cookie, which a shared cache must not hand on.
      .header('cache-control', 'private, max-age=0, must-revalidate')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag)
      // On a 304 too: a reload is a new visit, whose form time starts now.
      .header('set-cookie', formStartCookie(request));
    if (matches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  };
  app.get('/', (request, reply) => servePage(request, reply));
  app.get('/index.html', (request, reply) => servePage(request, reply));
  for (const [language, page] of Object.entries(languagePages)) {
    app.get(`/${language}/`, (request, reply) => servePage(request, reply, page));
    app.get(`/${language}`, (_request, reply) => reply.redirect(`/${language}/`, 301));
  }

  app.get('/schedule.ics', async (_request, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="schedule.ics"')
      .header('cache-control', 'public, max-age=300')
      .send(published.calendar()),
  );
  // Public, as the page and the calendar are: the same stops, for a program to read;
  // sent as published-schedule.ts serialized them once per change.
  app.get('/api/schedule', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(`{"stops":${published.stopsJson()}}`),
  );
};

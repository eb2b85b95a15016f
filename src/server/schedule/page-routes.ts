// The landing page with its schedule filled in (landing-page.ts), at / and /index.html,
// and the truck's stops as a calendar at /schedule.ics. Everything else of the build is
// served as files (routes/site.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { content } from '../../../content/index.js';
import type { LandingPage, ServedPage } from './landing-page.js';
import { scheduleCalendar } from './schedule-calendar.js';

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

export interface PageRoutesOptions {
  landing: LandingPage;
  siteHost: string;
  /** The Set-Cookie of the page's render time, for its form's post without JavaScript (record 084). */
  formStartCookie: (request: FastifyRequest) => string;
}

export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (
  app,
  { landing, siteHost, formStartCookie },
) => {
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page: ServedPage = landing.page();
    reply
      .type('text/html; charset=utf-8')
      // Private: each answer sets its own cookie, which a shared cache must not hand on.
      .header('cache-control', 'private, max-age=0, must-revalidate')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag)
      // On a 304 too: a reload is a new visit, whose form time starts now.
      .header('set-cookie', formStartCookie(request));
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  };
  app.get('/', servePage);
  app.get('/index.html', servePage);

  app.get('/schedule.ics', async (_request, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="schedule.ics"')
      .header('cache-control', 'public, max-age=300')
      .send(
        scheduleCalendar(landing.stops(), {
          now: new Date(),
          businessName: content.name,
          timeZone: content.timeZone,
          host: siteHost,
        }),
      ),
  );
};

// The site's files drawn from the content (robots.txt, sitemap.xml, the manifests, and the
// icons and link preview card: record 470), as the renderer made them for the live version
// (record 260): from memory, in the encoding the browser takes, revalidated by ETag.
// Registered before the build's static files.
import type { FastifyPluginAsync } from 'fastify';
import { chosenEncoding, matches } from '../schedule/page-routes.js';
import { SITE_PICTURE_FILES } from '../../build/site-images.js';
import type { SiteRenderer } from './site-renderer.js';

export const siteFileRoutes: FastifyPluginAsync<{ renderer: SiteRenderer }> = async (app, { renderer }) => {
  const pictures = SITE_PICTURE_FILES.map((name) => `/${name}`);
  for (const path of new Set([...renderer.current().files.keys(), ...pictures])) {
    app.get(path, async (request, reply) => {
      // A picture this version has not (an SVG icon after a PNG logo mark): as any other address.
      const file = renderer.current().files.get(path);
      if (!file) return reply.callNotFound();
      reply
        .type(file.type)
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('vary', 'accept-encoding')
        .header('etag', file.etag);
      if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
      // A picture is sent as it is: its format compresses it.
      const encoding = file.gzip && chosenEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send((encoding && file[encoding]) || file.identity);
    });
  }
};

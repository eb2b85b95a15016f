// The site's files drawn from the content (robots.txt, sitemap.xml, the manifests), as the
// renderer made them for the live version (record 260): from memory, in the encoding the
// browser takes, revalidated by ETag. Registered before the build's static files.
import type { FastifyPluginAsync } from 'fastify';
import { chosenEncoding, matches } from '../schedule/page-routes.js';
import type { SiteRenderer } from './site-renderer.js';

export const siteFileRoutes: FastifyPluginAsync<{ renderer: SiteRenderer }> = async (app, { renderer }) => {
  for (const path of renderer.current().files.keys()) {
    app.get(path, async (request, reply) => {
      const file = renderer.current().files.get(path)!;
      reply
        .type(file.type)
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('vary', 'accept-encoding')
        .header('etag', file.etag);
      if (matches(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
      const encoding = chosenEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding ? file[encoding] : file.identity);
    });
  }
};

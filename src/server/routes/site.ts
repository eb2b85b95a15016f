// The prerendered site from `npm run build`: hashed assets cached for a year,
// everything else revalidated, gzip/brotli files served when the browser takes them.
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const siteRoutes: FastifyPluginAsync<{ clientDir: string }> = async (app, { clientDir }) => {
  if (!existsSync(join(clientDir, 'index.html'))) {
    app.log.warn(`No built site in ${clientDir}: run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    // Dotfiles are the server's own (the no-JavaScript inquiry pages it fills in): never served as they are.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, path) {
      const immutable = path.includes(`${join(clientDir, 'assets')}/`);
      reply.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
};

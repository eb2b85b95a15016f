// "Preview" on the inbox's "Site" page (issue 37, record 271): the page drawn with the
// owner's draft (or the live content when there is none) by the server's renderer, in
// the signed-in part of the owner's area: only a signed-in owner sees it, never cached
// nor indexed (the area's headers, and the page's own noindex). A draft with problems is
// not drawn: the answer lists them, as the "Site" page does beside each field.
import type { FastifyPluginAsync } from 'fastify';
import type { BusinessContent } from '../../../content/schema.js';
import { escapeHtml } from '../../shared/escape-html.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { pictureCheck } from './picture-check.js';
import { siteEditor } from './site-editor.js';

export const PREVIEW_PATH = '/inbox/site/preview';

const problemsPage = (issues: Record<string, string>) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Preview · Site</title></head><body><main><h1>The draft cannot be previewed yet</h1><p>Please fix these in the inbox's Site page first:</p><ul>${Object.entries(
    issues,
  )
    .map(([path, message]) => `<li>${escapeHtml(path)}: ${escapeHtml(message)}</li>`)
    .join('')}</ul><p><a href="/inbox/site">Back to the Site page</a></p></main></body></html>`;

export const sitePreviewRoute: FastifyPluginAsync<Pick<OwnerAreaOptions, 'owners' | 'content' | 'photos'>> = async (
  app,
  { owners, content, photos },
) => {
  const pictures = pictureCheck(() => app.siteRenderer?.builtPictures, content.fileContent, photos);
  const editor = siteEditor(owners.siteContent, content, pictures);
  app.get(PREVIEW_PATH, async (_request, reply) => {
    const renderer = app.siteRenderer;
    reply.type('text/html; charset=utf-8');
    if (!renderer) return reply.code(503).send(problemsPage({ site: 'there is no build of the site to draw it with' }));
    const view = await editor.view();
    if (view.draft && Object.keys(view.issues).length > 0) return reply.code(409).send(problemsPage(view.issues));
    const draft = (view.draft?.content ?? view.live.content) as BusinessContent;
    await photos.learnFor(draft);
    return reply.send(renderer.renderPage(draft, { noindex: true }));
  });
};

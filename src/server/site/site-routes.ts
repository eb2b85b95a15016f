// The owner's site API (issue 37, contract 2 of the session's notes; record 250), in the
// signed-in part of the owner's area (its origin checked there, as every owner change
// is). A draft is kept as typed, valid or not, with its issues by field; a publish
// takes only a valid draft, and only from the live version (else 409, the draft kept).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { httpError } from '../http-error.js';
import { BodyError } from '../json-body.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import { pictureCheck } from './picture-check.js';
import { isContentDocument, type PublishOutcome, siteEditor } from './site-editor.js';
import { OWNER_API } from '../../shared/owner-api.js';

/** The largest content document the editor takes (photos are references, not bytes). */
export const MAX_CONTENT_BYTES = 256 * 1024;

export const STALE_MESSAGE = 'Published from another device since you opened this';

const version = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** A publish's or restore's outcome as its answer: 200 { version }, 400 with fields, 409 stale, 404. */
function answer(reply: FastifyReply, outcome: PublishOutcome) {
  switch (outcome.status) {
    case 'published':
      return reply.send({ version: outcome.version });
    case 'invalid': {
      const named = Object.entries(outcome.fields).map(([path, message]) => `${path}: ${message}`);
      throw new BodyError(`Nothing was published. Please check: ${named.join('; ')}.`, outcome.fields);
    }
    case 'stale':
      return reply.status(409).send({ error: 'stale', message: STALE_MESSAGE, live: outcome.live });
    case 'missing':
      throw httpError(404, outcome.message);
  }
}

export const siteRoutes: FastifyPluginAsync<Pick<OwnerAreaOptions, 'owners' | 'content' | 'photos'>> = async (
  app,
  { owners, content, photos },
) => {
  const pictures = pictureCheck(() => app.siteRenderer?.builtPictures, content.fileContent, photos);
  const editor = siteEditor(owners.siteContent, content, pictures);

  app.get(OWNER_API.site, async () => editor.view());

  app.put<{ Body: { baseVersion: number; content: unknown } }>(
    OWNER_API.siteDraft,
    {
      bodyLimit: MAX_CONTENT_BYTES,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['baseVersion', 'content'],
          properties: { baseVersion: version, content: {} },
        },
      },
    },
    async (request) => {
      const { baseVersion, content: draft } = request.body;
      if (!isContentDocument(draft)) {
        throw new BodyError('content must be the site’s content: an object.', { content: 'must be an object' });
      }
      return editor.saveDraft(baseVersion, draft, new Date());
    },
  );

  app.delete(OWNER_API.siteDraft, async (_request, reply) => {
    await editor.discardDraft();
    return reply.status(204).send();
  });

  const publishSchema = (required: string[]) => ({
    body: {
      type: 'object',
      additionalProperties: false,
      required,
      properties: Object.fromEntries(required.map((name) => [name, version])),
    },
  });

  app.post<{ Body: { baseVersion: number } }>(
    OWNER_API.sitePublish,
    { schema: publishSchema(['baseVersion']) },
    async (request, reply) =>
      answer(reply, await editor.publishDraft(request.body.baseVersion, request.owner!.email, new Date())),
  );

  app.get(OWNER_API.siteHistory, async () => ({ versions: await editor.history() }));

  app.post<{ Body: { version: number; baseVersion: number } }>(
    OWNER_API.siteRestore,
    { schema: publishSchema(['version', 'baseVersion']) },
    async (request, reply) => {
      const { version: restored, baseVersion } = request.body;
      return answer(reply, await editor.restore(restored, baseVersion, request.owner!.email, new Date()));
    },
  );
};

// Photos from the owner's phone (issue 37, record 270). POST /api/owner/site/photos, in
// the signed-in part of the owner's area (origin checked there), takes the raw image as
// the body (JPEG, PNG, WebP, HEIC/HEIF, up to 20 MB), makes it into the page's files
// (photo-files.ts) and keeps them in the store: 201 { src: 'upload:<hash>', width, height }.
// A refused file (415 another format, 413 too large, 400 damaged or too small) keeps
// nothing. GET /photos/NAME serves a kept file to anyone, cached for a year: its name
// holds the hash of its bytes' source, so it never changes.
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { httpError } from '../http-error.js';
import type { OwnerAreaOptions } from '../owner-area.js';
import type { PhotoStore } from '../store/photo-store.js';
import { MAX_PHOTO_BYTES, makePhoto, PHOTO_FILE_NAME, PHOTO_TYPES } from './photo-files.js';
import type { PhotoLibrary } from './photo-library.js';
import { OWNER_API } from '../../shared/owner-api.js';

/** Decoding a phone's photo and encoding 21 files takes seconds on a small server, more than an API call's 4.5 s. */
const MAKE_PHOTO_MAX_MS = 60_000;

export type PhotoUploadOptions = Pick<OwnerAreaOptions, 'owners'> & { photos: PhotoLibrary };

export const photoUploadRoutes: FastifyPluginAsync<PhotoUploadOptions> = async (app, { owners, photos }) => {
  // In this plugin only: any body arrives as bytes, up to the limit, and the handler says what it takes.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw httpError(413, 'This photo is over 20 MB. Please choose a smaller one.');
    throw error;
  });
  app.post(
    OWNER_API.sitePhotos,
    { bodyLimit: MAX_PHOTO_BYTES, config: { answerWithinMs: MAKE_PHOTO_MAX_MS } },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!(PHOTO_TYPES as readonly string[]).includes(type))
        throw httpError(415, 'Please choose a JPEG, PNG, WebP or HEIC photo.');
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw httpError(400, 'The photo is empty.');
      const made = await makePhoto(body);
      await owners.photos.savePhoto(made.info, made.files, request.owner!, new Date());
      photos.remember(made.info);
      return reply
        .code(201)
        .send({ src: `upload:${made.info.hash}`, width: made.info.width, height: made.info.height });
    },
  );
};

/** The kept files, to anyone: they are the public page's pictures. */
export const photoFileRoutes: FastifyPluginAsync<{ store: PhotoStore }> = async (app, { store }) => {
  app.get<{ Params: { name: string } }>('/photos/:name', async (request, reply) => {
    const { name } = request.params;
    const file = PHOTO_FILE_NAME.test(name) ? await store.photoFile(name) : undefined;
    if (!file) throw httpError(404, 'No such photo.');
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.data);
  });
};

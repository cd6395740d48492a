/**
 * The image service (app.images), with what uploads need: multipart parsing with its limits,
 * and the /uploads route for locally stored files, cached for a year (names are content hashes).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterCommit } from '../db/request-transaction.ts';
import { ADDED_WIDTHS, createImageService, type ImageService } from '../media/index.ts';
import { MAX_FILE_BYTES, MAX_FILES } from '../media/index.ts';
import { localDiskStorage, s3Storage } from '../media/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageService;
  }
}

/**
 * Stored files are deleted once the change that stopped using them has committed: inside a
 * staff write's transaction (decision 22) a service's own commit is a savepoint, and a rollback
 * after it would bring back a product whose images are gone.
 */
const removedAfterCommit = (service: ImageService): ImageService => ({
  ...service,
  remove: (id) => afterCommit(() => service.remove(id)),
});

/** A request for an image's WebP at a width added since the first images were stored (ADDED_WIDTHS). */
const ADDED_WIDTH_FILE = new RegExp(`^/uploads/([a-f0-9]{24})-(${ADDED_WIDTHS.join('|')})\\.webp$`);

export default fp(
  async function images(app: FastifyInstance) {
    await app.register(multipart, { limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES } });
    if (app.config.s3) {
      app.decorate('images', removedAfterCommit(createImageService(await s3Storage(app.config.s3))));
      return;
    }
    const storage = localDiskStorage(path.join(app.config.dataDir, 'uploads'));
    mkdirSync(storage.dir, { recursive: true });
    const service = createImageService(storage);
    app.decorate('images', removedAfterCommit(service));
    // A width added since an image was stored (the 480 px WebP) is made when a browser first
    // asks for it, if the start's job (server.ts) has not made it yet: pages name it at once.
    app.addHook('onRequest', async (request) => {
      const added = ADDED_WIDTH_FILE.exec(request.url);
      if (added && !existsSync(path.join(storage.dir, `${added[1]}-${added[2]}.webp`))) await service.ensureRenditions(added[1]!);
    });
    await app.register(fastifyStatic, {
      root: storage.dir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      wildcard: true,
      setHeaders(reply) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  },
  { name: 'images', dependencies: ['context'] },
);

/**
 * The image service (app.images), with what uploads need: multipart parsing with its limits,
 * and the /uploads route for locally stored files, cached for a year (names are content hashes).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createImageService, type ImageService } from '../media/index.ts';
import { MAX_FILE_BYTES, MAX_FILES } from '../media/index.ts';
import { localDiskStorage, s3Storage } from '../media/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImageService;
  }
}

export default fp(
  async function images(app: FastifyInstance) {
    await app.register(multipart, { limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES } });
    if (app.config.s3) {
      app.decorate('images', createImageService(await s3Storage(app.config.s3)));
      return;
    }
    const storage = localDiskStorage(path.join(app.config.dataDir, 'uploads'));
    mkdirSync(storage.dir, { recursive: true });
    app.decorate('images', createImageService(storage));
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

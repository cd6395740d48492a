/**
 * Serves the built web app from the API's port. Hashed assets are cached for a year;
 * index.html is revalidated. Unknown non-API GETs get index.html (the SPA routes them);
 * unknown /api paths get a JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@shop/shared';

export default fp(
  async function web(app: FastifyInstance, opts: { root: string | undefined }) {
    const root = opts.root;
    const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        index: ['index.html'],
        // The build writes .br/.gz beside each text asset (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      // API and image paths never fall back to the app's HTML.
      const isApi = /^\/(api|uploads)(\/|$|\?)/.test(request.url);
      if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({ msg: MESSAGES.notFound });
    });
  },
  { name: 'web' },
);

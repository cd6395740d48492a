/**
 * Serves the built web app from the API's port. Hashed assets are cached for a year;
 * index.html is revalidated. Unknown non-API GETs get index.html (the SPA routes them);
 * unknown /api paths get a JSON 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@shop/shared';
import { createPageHints, type PageHints } from './page-hints.ts';

export default fp(
  async function web(app: FastifyInstance, opts: { root: string | undefined }) {
    const root = opts.root;
    const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // '/' is answered by sendPage below, with the home page's hints.
        index: false,
        // The build writes .br/.gz beside each text asset (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const hints = hasWeb && root ? createPageHints(root) : undefined;

    async function sendPage(request: FastifyRequest, reply: FastifyReply, pages: PageHints) {
      const pathname = request.url.split('?')[0] ?? '/';
      let product: { id: string; imageUrl: string | null } | undefined;
      const productId = /^\/productdetails\/([^/]+)$/.exec(pathname)?.[1];
      if (productId) {
        // Through the API's own (cached) route, so the hints match what the page will show.
        const res = await app.inject({ method: 'GET', url: `/api/products/${productId}` });
        if (res.statusCode === 200) product = res.json();
      }
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(pages.htmlFor(pathname, product));
    }

    if (hints) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, hints));
    app.setNotFoundHandler(async (request, reply) => {
      // API and image paths never fall back to the app's HTML.
      const isApi = /^\/(api|uploads)(\/|$|\?)/.test(request.url);
      if (!isApi && hints && (request.method === 'GET' || request.method === 'HEAD')) return sendPage(request, reply, hints);
      return reply.status(404).send({ msg: MESSAGES.notFound });
    });
  },
  { name: 'web' },
);

/** /api/search: suggestions while the shopper types (public, read-cached). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, normaliseSearchText, suggestQuery, suggestResponse } from '@shop/shared';
import type { SearchService } from './search-service.ts';

const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get('/api/search/suggest', {
    config: { access: 'public' },
    schema: {
      tags: ['catalog'],
      summary: 'Suggestions as you type: products (thumbnail, price), categories and brands matching the words',
      description:
        'Products whose title, heading or brand contain the words: in stock first, then a word of the title starting ' +
        'with them, then the title containing them, then the most reviewed and the newest. When nothing matches as ' +
        'typed, the words are corrected to the nearest ones the shop uses and `correctedQuery` says so ("ankra" → "ankara").',
      querystring: suggestQuery,
      response: { 200: suggestResponse, 400: errorResponse },
    },
    handler: (request, reply) => {
      const { q, limit } = request.query;
      // Keyed by the words as the search compares them, so "Ankara " and "ankara" share one answer.
      const key = `${request.routeOptions.url}?q=${encodeURIComponent(normaliseSearchText(q))}&limit=${limit}`;
      return app.readCache.serve(request, reply, ['catalog'], async () => ({ body: await service.suggest(q, limit) }), key);
    },
  });
};

export default searchRoutes;

/** Posting a review (buyers only) and reading a product's reviews. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REVIEW_BUY_FIRST, errorResponse, review, reviewBody, reviewListQuery, reviewRefused, reviewSaved } from '@shop/shared';
import { z } from 'zod';
import { createReviewService } from './service.ts';

const tags = ['reviews'];
const security = [{ bearerAuth: [] }];

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReviewService(app.db);

  app.post('/api/reviews/:productId', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Review a product you bought (one review each: a second one replaces the first)',
      description: 'The reviewer is the signed-in user; a `userId` or `productId` in the body is ignored.',
      params: z.object({ productId: z.string() }),
      body: reviewBody,
      response: {
        200: reviewSaved,
        201: reviewSaved,
        400: errorResponse,
        401: errorResponse,
        403: reviewRefused,
        404: errorResponse,
      },
    },
    handler: async (request, reply) => {
      const outcome = await service.save(request.user!, request.params.productId, request.body);
      if (!outcome.ok) {
        return reply.status(403).header('X-Request-Id', request.id).send({ msg: REVIEW_BUY_FIRST, message: REVIEW_BUY_FIRST });
      }
      const { saved } = outcome;
      return reply.status(saved.created ? 201 : 200).send({
        ...saved.review,
        productId: request.params.productId,
        ratingAverage: saved.ratingAverage,
        ratingCount: saved.ratingCount,
        msg: 'Review Submitted successfully!',
      });
    },
  });

  app.get('/api/products/:id/reviews', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "A product's reviews, newest first (total in X-Total-Count)",
      params: z.object({ id: z.string() }),
      querystring: reviewListQuery,
      response: { 200: z.array(review), 400: errorResponse, 404: errorResponse },
    },
    handler: async (request, reply) => {
      const { items, total } = await service.list(request.params.id, request.query);
      reply.header('X-Total-Count', String(total)).header('Access-Control-Expose-Headers', 'X-Total-Count');
      return items;
    },
  });
};

export default reviewRoutes;

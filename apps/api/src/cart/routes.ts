/**
 * The server cart's routes (issue 32, decision 0030): public, a signed-in shopper's (bearer
 * token) cart being her account's and anyone else's the `cart` cookie's. Answers are the cart
 * after the change and are never stored by a shared cache. Writes are limited per client
 * address (CART_WRITES_PER_MINUTE), generously: a shopper taps + and − quickly. As every public
 * route that reads an optional bearer token (a product, the settings), the OpenAPI document
 * names no `security` for them (security/access-matrix.test.ts): the description says it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartAddBody, cartQuantityBody, errorResponse, MAX_CART_LINES, MAX_CART_QUANTITY, serverCart } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientOf } from '../lib/client-address.ts';

const tags = ['cart'];
const CART_WRITES_PER_MINUTE = 120;
const params = z.object({ variantId: z.string().max(100) });
const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const WHICH_CART =
  "A signed-in shopper's (bearer token) is her account's; anyone else's is the one the `cart` cookie names, made with the cookie on the first write. A request with both moves the cookie's cart onto the account's (quantities added) and clears the cookie.";

/** A write's schema: the cart after, or a 4xx. */
const writeSchema = (summary: string, description: string) => ({
  tags,
  summary,
  description,
  response: { 200: serverCart, ...errors },
});

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = {
    access: 'public' as const,
    rateLimit: {
      max: CART_WRITES_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `cart|client|${clientOf(request)}`,
    },
  };

  app.get('/api/cart', {
    config: { access: 'public' },
    onRequest: app.optionalUser,
    schema: {
      tags,
      summary: 'Your cart, priced as the shop sells now',
      description: WHICH_CART,
      response: { 200: serverCart },
    },
    handler: async (request, reply) => {
      noStore(reply);
      if (request.user) await app.carts.mergeOnSignIn(request, reply, request.user.id);
      return app.carts.read(request);
    },
  });

  app.post('/api/cart/lines', {
    config: write,
    onRequest: app.optionalUser,
    schema: {
      ...writeSchema(
        `Add to your cart (a line already there grows, up to ${MAX_CART_QUANTITY}); the cart after`,
        `${WHICH_CART} 404: no such size and colour; 409: the product is paused, or the cart has ${MAX_CART_LINES} lines already.`,
      ),
      body: cartAddBody,
    },
    handler: async (request, reply) => {
      noStore(reply);
      return app.carts.add(request, reply, request.body.variantId, request.body.quantity);
    },
  });

  app.patch('/api/cart/lines/:variantId', {
    config: write,
    onRequest: app.optionalUser,
    schema: {
      ...writeSchema(
        `Set a line's quantity (1 to ${MAX_CART_QUANTITY}; to take it out, DELETE it); the cart after`,
        `${WHICH_CART} 404: the item is not in the cart.`,
      ),
      params,
      body: cartQuantityBody,
    },
    handler: async (request, reply) => {
      noStore(reply);
      return app.carts.setQuantity(request, reply, request.params.variantId, request.body.quantity);
    },
  });

  app.delete('/api/cart/lines/:variantId', {
    config: write,
    onRequest: app.optionalUser,
    schema: { ...writeSchema('Take a line out of your cart (not there: unchanged); the cart after', WHICH_CART), params },
    handler: async (request, reply) => {
      noStore(reply);
      return app.carts.remove(request, reply, request.params.variantId);
    },
  });
};

export default cartRoutes;

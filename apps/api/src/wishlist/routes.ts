/**
 * The wishlist (issue 31). /api/account/wishlist: the signed-in shopper's own list (nobody
 * else's can be named: every route reads the caller's id). /api/wishlists/{shareToken}: a
 * list its owner shared, public and read-only, with the products alone.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  sharedWishlistView,
  wishlistAddBody,
  wishlistItemView,
  wishlistMergeBody,
  wishlistShareView,
  wishlistView,
} from '@shop/shared';
import { z } from 'zod';
import { addToWishlist, listWishlist, mergeWishlist, removeFromWishlist, sharedWishlist, shareWishlist } from './service.ts';

const tags = ['wishlist'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/account/wishlist', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Your wishlist: the products you saved, newest first',
      response: { 200: wishlistView, 401: errorResponse },
    },
    handler: async (request) => listWishlist(app.db, request.user!.id),
  });

  app.post('/api/account/wishlist', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Save a product to your wishlist (201; 200 when it was there already, unchanged)',
      body: wishlistAddBody,
      response: { 200: wishlistItemView, 201: wishlistItemView, ...errors },
    },
    handler: async (request, reply) => {
      const { item, created } = await addToWishlist(app.db, request.user!.id, request.body.productId);
      return reply.status(created ? 201 : 200).send(item);
    },
  });

  app.post('/api/account/wishlist/merge', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: "Add a guest's device wishlist on sign-in (products that no longer exist are skipped); the whole list back",
      body: wishlistMergeBody,
      response: { 200: wishlistView, ...errors },
    },
    handler: async (request) => mergeWishlist(app.db, request.user!.id, request.body.productIds),
  });

  app.get('/api/account/wishlist/share', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: "Your wishlist's share link: its token and page (/wishlist/{shareToken})",
      response: { 200: wishlistShareView, 401: errorResponse },
    },
    handler: async (request) => shareWishlist(app.db, request.user!.id),
  });

  app.delete('/api/account/wishlist/:productId', {
    config: { access: 'signed-in' },
    schema: {
      tags,
      security,
      summary: 'Take a product off your wishlist (404 when it is not on it)',
      params: z.object({ productId: z.string().max(100) }),
      response: { 200: z.object({ msg: z.string() }), ...errors },
    },
    handler: async (request) => {
      await removeFromWishlist(app.db, request.user!.id, request.params.productId);
      return { msg: 'Removed from your wishlist' };
    },
  });

  app.get('/api/wishlists/:shareToken', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "A shared wishlist's products, newest first (nothing about its owner); 404 for an unknown token",
      params: z.object({ shareToken: z.string().max(100) }),
      response: { 200: sharedWishlistView, 404: errorResponse },
    },
    handler: async (request, reply) => {
      // The link is private to whoever was sent it: not for search engines or shared caches.
      reply.header('X-Robots-Tag', 'noindex').header('Cache-Control', 'private, no-store');
      return sharedWishlist(app.db, request.params.shareToken);
    },
  });
};

export default wishlistRoutes;

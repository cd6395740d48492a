/**
 * The server cart (app.carts, issue 32): which cart a request means (the account's or the
 * `cart` cookie's), its lines, and the merge at sign-in. Routes and forms use it alike.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CartService, createCartService } from '../cart/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    carts: CartService;
  }
}

export default fp(
  async function carts(app: FastifyInstance) {
    app.decorate(
      'carts',
      createCartService({
        db: () => app.db,
        secure: app.config.env === 'production',
        imageUrl: (id) => app.images.url(id),
      }),
    );
  },
  { name: 'carts', dependencies: ['context', 'images'] },
);

/** The order service (app.orders): creation, lifecycle, settlement and expiry of orders. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrderService, type OrderService } from '../orders/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
  }
}

export default fp(
  async function orders(app: FastifyInstance) {
    app.decorate(
      'orders',
      createOrderService(app.db, (id) => app.images.url(id)),
    );
  },
  { name: 'orders', dependencies: ['context', 'images'] },
);

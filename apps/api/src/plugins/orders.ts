/** The order service (app.orders): creation, lifecycle, payments, refunds and expiry of orders; its events queue messages. */
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
      createOrderService(app.db, (id) => app.images.url(id), app.messages.notifier.orderEvents),
    );
  },
  { name: 'orders', dependencies: ['context', 'images', 'messages'] },
);

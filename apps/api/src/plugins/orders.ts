/**
 * The order service (app.orders): making, reading, the lifecycle and the money of orders. Its
 * events queue messages; card refunds go through the configured payment provider.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrderService, type OrderService } from '../orders/index.ts';
import { cardRefundsFor } from '../payments/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
  }
}

export default fp(
  async function orders(app: FastifyInstance) {
    const { provider } = app.paymentProvider;
    app.decorate(
      'orders',
      createOrderService(app.db, (id) => app.images.url(id), {
        events: app.messages.notifier.orderEvents,
        cardRefunds: provider && cardRefundsFor(provider, app.log),
      }),
    );
  },
  { name: 'orders', dependencies: ['context', 'images', 'messages', 'payment-provider'] },
);

/**
 * Payments, in two plugins because the orders sit between them: `payment-provider` decorates
 * `app.paymentProvider` (Paystack, the sandbox, or none: payments/configured.ts) before the
 * order service is built, which refunds cards through it; `payments` then decorates
 * `app.payments`, the payment service over that provider and the orders.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ConfiguredProvider, configuredProvider, createPaymentService, type PaymentService } from '../payments/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    paymentProvider: ConfiguredProvider;
    payments: PaymentService;
  }
}

export const paymentProvider = fp(
  async function paymentProvider(app: FastifyInstance) {
    app.decorate('paymentProvider', configuredProvider(app.config, app.db, app.log));
  },
  { name: 'payment-provider', dependencies: ['context'] },
);

export default fp(
  async function payments(app: FastifyInstance) {
    const { provider, sandbox } = app.paymentProvider;
    app.decorate(
      'payments',
      createPaymentService({
        db: app.db,
        orders: app.orders,
        provider,
        sandbox,
        paystackSecretKey: app.config.paystack?.secretKey,
        log: app.log,
      }),
    );
  },
  { name: 'payments', dependencies: ['context', 'payment-provider', 'orders'] },
);

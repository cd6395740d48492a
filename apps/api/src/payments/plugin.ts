/**
 * Chooses the payment provider from the configuration and exposes it (with the order
 * service) to routes: Paystack when both keys are set, otherwise the offline sandbox —
 * which is refused in production unless ALLOW_SANDBOX_IN_PRODUCTION=true.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrderService, type OrderService } from '../orders/service.ts';
import { createPaystackProvider } from './paystack.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
    /** Undefined when payments are not configured (production without keys). */
    payments: PaymentProvider | undefined;
    sandbox: ReturnType<typeof createSandboxProvider> | undefined;
  }
}

export default fp(
  async function payments(app: FastifyInstance) {
    const { config } = app;
    app.decorate(
      'orders',
      createOrderService(app.db, (id) => app.images.url(id)),
    );
    let provider: PaymentProvider | undefined;
    let sandbox: ReturnType<typeof createSandboxProvider> | undefined;
    if (config.paystack) {
      provider = createPaystackProvider(config.paystack);
    } else if (config.env !== 'production' || config.allowSandboxInProduction) {
      sandbox = createSandboxProvider(app.db);
      provider = sandbox;
    } else {
      app.log.warn('No Paystack keys in production: checkout is disabled (set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY)');
    }
    app.decorate('payments', provider);
    app.decorate('sandbox', sandbox);
  },
  { name: 'payments', dependencies: ['context', 'media'] },
);

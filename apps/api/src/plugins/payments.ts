/**
 * The payment service (app.payments) with the provider chosen from the configuration:
 * Paystack when both keys are set, otherwise the offline sandbox, which is refused in
 * production unless ALLOW_SANDBOX_IN_PRODUCTION=true (checkout then answers 503).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaystackProvider } from '../payments/paystack.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { createSandboxProvider, type SandboxProvider } from '../payments/sandbox.ts';
import { createPaymentService, type PaymentService } from '../payments/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentService;
  }
}

export default fp(
  async function payments(app: FastifyInstance) {
    const { config } = app;
    let provider: PaymentProvider | undefined;
    let sandbox: SandboxProvider | undefined;
    if (config.paystack) {
      provider = createPaystackProvider(config.paystack);
    } else if (config.env !== 'production' || config.allowSandboxInProduction) {
      sandbox = createSandboxProvider(app.db);
      provider = sandbox;
    } else {
      app.log.warn('No Paystack keys in production: checkout is disabled (set PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY)');
    }
    app.decorate(
      'payments',
      createPaymentService({
        db: app.db,
        orders: app.orders,
        provider,
        sandbox,
        paystackSecretKey: config.paystack?.secretKey,
        log: app.log,
      }),
    );
  },
  { name: 'payments', dependencies: ['context', 'orders'] },
);

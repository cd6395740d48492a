/**
 * Builds the Fastify application: plugins, then routes. No listen() here, so tests use
 * app.inject() and server.ts stays a thin launcher.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import audit from './plugins/audit.ts';
import authPlugin from './plugins/auth.ts';
import contextPlugin from './plugins/context.ts';
import errorHandler, { RETRY_AFTER_SECONDS } from './plugins/error-handler.ts';
import images from './plugins/images.ts';
import messages from './plugins/messages.ts';
import openapi from './plugins/openapi.ts';
import orders from './plugins/orders.ts';
import payments from './plugins/payments.ts';
import rateLimit from './plugins/rate-limit.ts';
import readCache from './plugins/read-cache.ts';
import web from './plugins/web.ts';
import accountRoutes from './account/routes.ts';
import adminRoutes from './admin/routes.ts';
import authRoutes from './auth/routes.ts';
import catalogRoutes from './catalog/routes.ts';
import contentRoutes from './content/routes.ts';
import couponRoutes from './coupons/routes.ts';
import customerRoutes from './customers/routes.ts';
import deliveryRoutes from './delivery/routes.ts';
import messageRoutes from './messages/routes.ts';
import orderRoutes from './orders/routes.ts';
import paymentRoutes from './payments/routes.ts';
import posRoutes from './pos/routes.ts';
import purchaseRoutes from './purchases/routes.ts';
import reviewRoutes from './reviews/routes.ts';
import seoRoutes from './seo/routes.ts';
import userRoutes from './users/routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Override the logger (tests pass false). */
  logger?: boolean;
}

/** Paystack's inline checkout loads a script and opens an iframe from these origins. */
const PAYSTACK_SCRIPT = ['https://js.paystack.co'];
const PAYSTACK_FRAME = ['https://checkout.paystack.com', 'https://*.paystack.co', 'https://*.paystack.com'];

export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', '*.password', '*.accessToken'],
              censor: '[redacted]',
            },
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(contextPlugin, { config, database });
  await app.register(errorHandler);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...PAYSTACK_SCRIPT],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.s3 ? [new URL(config.s3.publicUrl).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.paystack.co'],
        frameSrc: PAYSTACK_FRAME,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The Paystack popup is a cross-origin window; keep it able to talk back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: false });
  }
  await app.register(openapi);
  await app.register(rateLimit);
  await app.register(authPlugin);
  await app.register(images);
  await app.register(readCache);
  await app.register(messages);
  await app.register(orders);
  await app.register(payments);
  // Before any route: it hooks every admin write route as it is declared.
  await app.register(audit);

  app.addHook('onClose', async () => {
    await database.close();
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch {
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', database: database.kind });
    }
  });

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(catalogRoutes);
  await app.register(paymentRoutes);
  await app.register(deliveryRoutes, { prefix: '/api/delivery' });
  await app.register(couponRoutes, { prefix: '/api/coupons' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(orderRoutes);
  await app.register(reviewRoutes);
  await app.register(purchaseRoutes);
  await app.register(posRoutes);
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(contentRoutes);
  await app.register(customerRoutes, { prefix: '/api/customers' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(messageRoutes, { prefix: '/api/messages' });
  await app.register(seoRoutes);

  if (config.benchRoutes) {
    const { benchCeilingRoutes } = await import('../bench/ceiling-plugin.ts');
    await app.register(benchCeilingRoutes);
  }
  await app.register(web, { root: config.webDist });
  return app;
}

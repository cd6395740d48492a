/**
 * Builds the Fastify application: plugins, then routes. No listen() here, so tests use
 * app.inject() and server.ts stays a thin launcher.
 */
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type DestinationStream, stdSerializers } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { withoutQueryValues } from './db/errors.ts';
import { canonicalRequestUrl } from './lib/canonical-path.ts';
import { refuseUnstorableText } from './lib/storable-text.ts';
import { observeRequest } from './metrics/registry.ts';
import audit from './plugins/audit.ts';
import carts from './plugins/cart.ts';
import authPlugin from './plugins/auth.ts';
import twoFactorPlugin from './plugins/two-factor.ts';
import contextPlugin from './plugins/context.ts';
import errorHandler from './plugins/error-handler.ts';
import images from './plugins/images.ts';
import messages from './plugins/messages.ts';
import metrics from './plugins/metrics.ts';
import readiness from './plugins/readiness.ts';
import openapi from './plugins/openapi.ts';
import orders from './plugins/orders.ts';
import payments, { paymentProvider } from './plugins/payments.ts';
import pgliteDump from './plugins/pglite-dump.ts';
import rateLimit from './plugins/rate-limit.ts';
import readCache from './plugins/read-cache.ts';
import securityHeaders from './plugins/security-headers.ts';
import web from './plugins/web.ts';
import { accountRoutes } from './account/index.ts';
import { marketingRoutes } from './marketing/index.ts';
import { adminRoutes, recordAudit } from './admin/index.ts';
import { authRoutes, createAuthService, revokeSessions } from './auth/index.ts';
import { catalogRoutes } from './catalog/index.ts';
import { contentRoutes } from './content/index.ts';
import { couponRoutes } from './coupons/index.ts';
import { customerRoutes } from './customers/index.ts';
import { deliveryRoutes } from './delivery/index.ts';
import { messageRoutes } from './messages/index.ts';
import { orderRoutes } from './orders/index.ts';
import { paymentRoutes } from './payments/index.ts';
import { checkoutRoutes } from './checkout/index.ts';
import { posRoutes } from './pos/index.ts';
import { purchaseRoutes } from './purchases/index.ts';
import { reportRoutes } from './reports/index.ts';
import { reviewRoutes } from './reviews/index.ts';
import { seoRoutes } from './seo/index.ts';
import { staffRoutes } from './staff/index.ts';
import { userRoutes } from './users/index.ts';
import { wishlistRoutes } from './wishlist/index.ts';
import { recoveryRoutes } from './recovery/index.ts';
import { storefrontFormRoutes } from './storefront/index.ts';
import { cartRoutes } from './cart/index.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Override the logger (tests pass false). */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests that read the log). */
  logStream?: DestinationStream;
}

/** Paystack's inline checkout loads a script and opens an iframe from these origins. */
const PAYSTACK_SCRIPT = ['https://js.paystack.co'];
const PAYSTACK_FRAME = ['https://checkout.paystack.com', 'https://*.paystack.co', 'https://*.paystack.com'];

/**
 * TRUST_PROXY as a number: the client is that many hops back in X-Forwarded-For, whatever the
 * peer's address (so only for an API that nothing but its proxies can reach).
 */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Query parameters that carry a secret (a reset link's token): their values never reach the log. */
const SECRET_QUERY = /([?&](?:token|access_token|password)=)[^&#]*/gi;

/** Fastify's request log fields, with secret query values masked. */
function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The request's URL as the log shows it: secret query values masked. */
const loggedUrl = (request: FastifyRequest) =>
  request.url.includes('=') ? request.url.replace(SECRET_QUERY, '$1[redacted]') : request.url;

/**
 * One log line per request, written when it is answered, instead of Fastify's two (received,
 * completed): half the logging work of a cached answer (issue 15). The request id is the
 * line's `reqId`, as in every other line of the request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // The request's metrics are taken here too: no hook of their own (decision 16).
    observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime);
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: loggedUrl(request),
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * LOG_FORMAT: JSON lines (for a log collector) or readable lines through pino-pretty (a person
 * at a terminal). auto: readable when standard output is a terminal, outside production.
 */
const prettyLogs = (config: Config) =>
  config.logFormat === 'pretty' || (config.logFormat === 'auto' && config.env !== 'production' && process.stdout.isTTY === true);
const PRETTY_TRANSPORT = {
  target: 'pino-pretty',
  options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
};

/** An X-Request-Id a client or proxy sent that is kept as the request's id (anything else gets a new one). */
const INCOMING_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Request ids: a random prefix per process and a counter, so ids stay unique across the API's
 * processes without random bytes for every request; a valid incoming X-Request-Id is kept, so
 * a proxy's id links its log to ours.
 */
function requestIds() {
  const prefix = randomBytes(6).toString('base64url');
  let count = 0;
  return (raw: IncomingMessage) => {
    const incoming = raw.headers['x-request-id'];
    if (typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming)) return incoming;
    count += 1;
    return `${prefix}-${count.toString(36)}`;
  };
}

export async function buildApp({ config, database, logger, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            // Exact paths (wildcards cost every line a walk of its objects). Request lines carry
            // no headers and no body (logRequest, and the line below); these guard a log call
            // that passes one.
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.body.password',
                'body.password',
                'password',
                'accessToken',
                'token',
              ],
              censor: '[redacted]',
            },
            // A failed query's values (e-mails, password hashes, addresses) never reach the log.
            serializers: {
              err: (error: Error) => stdSerializers.err(withoutQueryValues(error)),
              req: logRequest,
            },
            ...(logStream ? { stream: logStream } : prettyLogs(config) && { transport: PRETTY_TRANSPORT }),
          },
    logController: new OneLinePerRequest(),
    // genReqId reads X-Request-Id itself, to keep only a valid one.
    requestIdHeader: false,
    genReqId: requestIds(),
    // A hop count as a function: Fastify's own number form trusts no hop at all.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A GET's path in one spelling before it is routed: `/api//products` and `/api/%70roducts`
    // are `/api/products`, one read-cache entry (lib/canonical-path.ts; a page's: a 301, web.ts).
    rewriteUrl: canonicalRequestUrl,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // onClose hooks run last-added first: added before every plugin, the database closes after
  // them all (the messages worker records its last batch, the rate limits' Redis quits).
  app.addHook('onClose', async () => {
    await database.close();
  });
  await app.register(contextPlugin, { config, database });
  await app.register(errorHandler);
  // Before any route's own hooks: text PostgreSQL cannot store is a 400, not a failed query.
  app.addHook('preValidation', refuseUnstorableText);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the camera's barcode reader (ZXing in WebAssembly, from our own build) on browsers without BarcodeDetector.
        scriptSrc: ["'self'", ...PAYSTACK_SCRIPT, "'wasm-unsafe-eval'"],
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
  // Cookies, once for every route: the server cart's `cart` (cart/) and the shopper's form session.
  await app.register(cookie);
  // Form posts (the storefront's no-JavaScript forms, the one-click unsubscribe): parsed for every route.
  await app.register(formbody);
  await app.register(rateLimit);
  await app.register(authPlugin);
  // Two-factor sign-in as every route uses it, and the shop's rule that some staff must use it.
  await app.register(twoFactorPlugin);
  await app.register(images);
  await app.register(readCache);
  await app.register(messages);
  await app.register(paymentProvider);
  await app.register(orders);
  await app.register(carts);
  await app.register(payments);
  // Before any route: it hooks every admin write route as it is declared.
  await app.register(audit);

  // /healthz, /readyz and load shedding (decision 15); /metrics (decision 16).
  await app.register(readiness);
  await app.register(metrics);
  // The embedded database's copy for `npm run backup` while the shop runs (decision 17).
  await app.register(pgliteDump);

  await app.register(authRoutes);
  await app.register(catalogRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentRoutes);
  await app.register(deliveryRoutes);
  await app.register(couponRoutes);
  await app.register(accountRoutes);
  await app.register(marketingRoutes);
  await app.register(wishlistRoutes);
  await app.register(recoveryRoutes);
  await app.register(storefrontFormRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(reviewRoutes);
  await app.register(purchaseRoutes);
  await app.register(posRoutes);
  await app.register(adminRoutes);
  await app.register(reportRoutes);
  // The settings record their own entry (the bank account masked); the audit reads the settings, so it is handed over.
  await app.register(contentRoutes, { audit: recordAudit });
  await app.register(customerRoutes);
  await app.register(userRoutes);
  // Auth reads roles from staff, so staff cannot import auth: signing a new member in and ending
  // a member's sessions reach it as a port.
  const signIn = createAuthService(app.db, app.tokens, app.messages.notifier, app.twoFactor);
  await app.register(staffRoutes, {
    auth: { signIn: (user, origin) => signIn.session(user, { ...origin, origin }), endSessions: revokeSessions },
  });
  await app.register(messageRoutes);
  await app.register(seoRoutes);

  await app.register(web, { root: config.webDist });
  return app;
}

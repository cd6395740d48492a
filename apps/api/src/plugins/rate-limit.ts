/**
 * Rate limiting for the endpoints that take a password, create an account or an order, or price
 * one (opt-in per route). Counters live in Redis when REDIS_URL is set so that several API
 * processes share them, and in memory otherwise or while Redis is down (rate-limit-store.ts):
 * limits never switch off.
 */
import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientOf } from '../lib/client-address.ts';
import { HttpError } from '../lib/http-error.ts';
import { fallbackStore } from './rate-limit-store.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for endpoints that take credentials: per client IP and email. */
    credentialRateLimit: {
      max: number;
      timeWindow: string;
      hook: 'preHandler';
      keyGenerator: (request: FastifyRequest) => string;
    };
    /** onRequest hook for every endpoint that takes a password: per client IP, whatever the e-mail. */
    limitCredentialClient: Hook;
    /** preHandler hook for registration: accounts a client IP may try to create per hour. */
    limitRegistrations: Hook;
    /**
     * Sign-in back-off per (e-mail, client IP): `check` (preHandler) refuses while the pair is
     * locked, and counts the refused try, doubling the wait; `count` (onResponse) counts a failure.
     * Other clients signing in to the same address are never refused because of it.
     */
    signInBackoff: { check: Hook; count: Hook };
    /** Ends an e-mail's sign-in failures from every client (after a successful password reset). */
    forgetSignInFailures: (email: string) => Promise<void>;
    /** onRequest hook (after requireUser) for endpoints that create an order: per shopper, then per client IP. */
    limitCheckout: Hook;
    /** onRequest hook (after requireUser) for the quote: per shopper, then per client IP, apart from checkout's. */
    limitQuote: Hook;
  }
}

/** An e-mail as the limits count it: one address whatever its case or spaces. */
const normalEmail = (email: string) => email.trim().toLowerCase();

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? normalEmail(body.email) : '';
};

/** The group of an e-mail's sign-in failures, one counter per client under it. */
const signInGroup = (email: string) => `signin|email|${email}`;
const CLIENT_PART = '|client|';

/** 429 with Retry-After, the same answer as the library's own limits. */
function refuse(seconds: number): never {
  throw new HttpError(429, MESSAGES.tooManyRequests, undefined, Math.max(1, seconds));
}

/** Counts the request against each limit in turn; stops (429) at the first one exceeded. */
async function enforce(request: FastifyRequest, limiters: Limiter[]) {
  for (const limiter of limiters) {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) refuse(result.ttlInSeconds);
  }
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    // ioredis is loaded only when Redis is configured.
    const redis = app.config.redisUrl
      ? new (await import('ioredis')).Redis(app.config.redisUrl, {
          connectTimeout: 2000,
          // The store sends only while connected and counts in memory otherwise: no waiting.
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          commandTimeout: 1000,
        })
      : undefined;
    // ioredis reconnects by itself; say so once per outage instead of once per retry.
    let down = false;
    const redisDown = (err: Error) => {
      if (!down) app.log.warn({ err }, 'Redis unreachable; rate limits are counted in each process until it is back');
      down = true;
    };
    if (redis) {
      redis.on('error', redisDown);
      redis.on('ready', () => {
        down = false;
      });
      // Counted together from the first request: wait (briefly) for the connection or its failure.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done).off('error', done);
          resolve();
        };
        redis.once('ready', done).once('error', done);
      });
      app.addHook('onClose', async () => {
        if (redis.status === 'ready') await redis.quit();
        else redis.disconnect();
      });
    }
    const Store = fallbackStore(redis, 'shop-rl:', redisDown);
    await app.register(rateLimit, { global: false, store: Store as never });
    // The limits made with createRateLimit count under this store's prefix: it can forget their groups.
    const counters = new Store({});
    app.decorate('credentialRateLimit', {
      ...app.config.authRateLimit,
      // preHandler so the parsed body (the email) is available for the key.
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => `${request.routeOptions.url}|${clientOf(request)}|${emailOf(request)}`,
    });

    // One client may not spray many e-mails (guesses, sign-ups), each costing a password hash.
    const credentialClient = app.createRateLimit({
      ...app.config.authIpRateLimit,
      keyGenerator: (request) => `credentials|client|${clientOf(request)}`,
    });
    app.decorate('limitCredentialClient', (request: FastifyRequest) => enforce(request, [credentialClient]));

    // Accounts made from one client, each one more shopper's allowance of checkouts and held stock.
    const registrations = app.createRateLimit({
      ...app.config.registerIpRateLimit,
      keyGenerator: (request) => `register|client|${clientOf(request)}`,
    });
    app.decorate('limitRegistrations', (request: FastifyRequest) => enforce(request, [registrations]));

    // Failed sign-ins per (address, client): a guesser locks only its own client out, never the
    // owner elsewhere. Guessing spread over many clients is bounded by the per-IP limits alone.
    // (exponentialBackoff and groupOf reach the store at run time; createRateLimit's type leaves them out.)
    const backoffOptions = {
      ...app.config.authEmailRateLimit,
      exponentialBackoff: true,
      keyGenerator: (request: FastifyRequest) => `${signInGroup(emailOf(request))}${CLIENT_PART}${clientOf(request)}`,
      // The last marker: an e-mail may contain the marker, a client address never does.
      groupOf: (key: string) => key.slice(0, key.lastIndexOf(CLIENT_PART)),
    };
    const signInFailures = app.createRateLimit(backoffOptions);
    app.decorate('signInBackoff', {
      async check(request: FastifyRequest) {
        const seen = await signInFailures(request, { increment: false });
        if (seen.isAllowed || seen.remaining > 0) return;
        // Locked: this try counts too, so each try while locked doubles the wait.
        const counted = await signInFailures(request);
        refuse(counted.isAllowed ? seen.ttlInSeconds : counted.ttlInSeconds);
      },
      async count(request: FastifyRequest, reply: FastifyReply) {
        if (reply.statusCode === 401) await signInFailures(request);
      },
    });
    app.decorate('forgetSignInFailures', (email: string) => counters.forget(signInGroup(normalEmail(email))));

    // Orders hold stock for their hold time: nobody creates them by the hundred. Per client IP
    // only generously (many shoppers share one address behind a mobile carrier's NAT), and
    // counted after the shopper's own limit so that one shopper's refused tries do not use up
    // the address's allowance.
    const perShopperThenClient = (name: string, { perShopper, perClient }: typeof app.config.checkoutRateLimit) => [
      app.createRateLimit({ ...perShopper, keyGenerator: (request) => `${name}|shopper|${request.user?.id}` }),
      app.createRateLimit({ ...perClient, keyGenerator: (request) => `${name}|client|${clientOf(request)}` }),
    ];
    const checkoutLimits = perShopperThenClient('checkout', app.config.checkoutRateLimit);
    app.decorate('limitCheckout', async (request: FastifyRequest) => {
      // An admin's legacy create is a point-of-sale sale, like the point of sale's own routes.
      if (request.user?.role === 'admin') return;
      await enforce(request, checkoutLimits);
    });
    // A quote reads prices, coupons and delivery fees: cheap for a shopper, but unlimited it is an
    // oracle (codes tried by the thousand). Counted apart from checkout, so quoting never uses up
    // the checkouts a shopper or an address has left.
    const quoteLimits = perShopperThenClient('quote', app.config.quoteRateLimit);
    app.decorate('limitQuote', (request: FastifyRequest) => enforce(request, quoteLimits));
  },
  { name: 'rate-limit', dependencies: ['context'] },
);

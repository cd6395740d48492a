/**
 * Rate limiting for the sign-in and sign-up endpoints (opt-in per route with
 * `config.rateLimit`). Counters live in memory, or in Redis when REDIS_URL is set so
 * that several API processes share them.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route config for endpoints that take credentials: per client IP and email. */
    credentialRateLimit: {
      max: number;
      timeWindow: string;
      hook: 'preHandler';
      keyGenerator: (request: FastifyRequest) => string;
    };
  }
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    // ioredis is loaded only when Redis is configured.
    const redis = app.config.redisUrl
      ? new (await import('ioredis')).Redis(app.config.redisUrl, {
          connectTimeout: 2000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: true,
        })
      : undefined;
    if (redis) {
      // ioredis reconnects by itself; say so once per outage instead of once per retry.
      let down = false;
      redis.on('error', (err) => {
        if (!down) app.log.warn({ err }, 'Redis unreachable; rate limits let requests through until it is back');
        down = true;
      });
      redis.on('ready', () => {
        down = false;
      });
      app.addHook('onClose', async () => void (await redis.quit()));
    }
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'shop-rl:',
      // If Redis is unreachable, let the request through rather than lock everybody out.
      skipOnError: true,
    });
    app.decorate('credentialRateLimit', {
      ...app.config.authRateLimit,
      // preHandler so the parsed body (the email) is available for the key.
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => {
        const body = request.body as { email?: unknown } | undefined;
        const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
        return `${request.routeOptions.url}|${request.ip}|${email}`;
      },
    });
  },
  { name: 'rate-limit', dependencies: ['context'] },
);

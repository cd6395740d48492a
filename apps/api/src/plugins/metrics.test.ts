/**
 * GET /metrics on the shop's port: behind a proxy or a TCP forwarder on the same machine
 * (deploy/Caddyfile, deploy/nginx.conf, `socat`, an SSH tunnel), whose connections all come
 * from 127.0.0.1, so only METRICS_TOKEN opens it; and while the database is away, when the
 * figures that need it (orders, messages) are left out and everything else is still served,
 * since that is when an operator needs them. (Access rules and the figures after traffic:
 * test/operations.test.ts; the token-free listener on 127.0.0.1: metrics/listener.test.ts.)
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, registerShopper, testConfig } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { METRICS_TOKEN_UNSET } from './metrics.ts';

describe('GET /metrics through a proxy or a forwarder on this machine', () => {
  const proxiedBy = [{}, { 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7;proto=https' }];

  it('is refused without a token though the connection is from 127.0.0.1, headers or not', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: 'loopback' });
    try {
      // `{}`: a TCP forwarder adds nothing to the request it passes on.
      for (const headers of proxiedBy) {
        for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
          const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
          expect(res.statusCode, `${remoteAddress} ${JSON.stringify(headers)}`).toBe(401);
          expect(res.json()).toEqual({ msg: METRICS_TOKEN_UNSET });
          expect(res.body).not.toMatch(/shop_/);
        }
      }
    } finally {
      await ctx.close();
    }
  });

  it('is served through it with METRICS_TOKEN', async () => {
    const token = 'metrics-token-behind-a-proxy-0123';
    const ctx = await createTestApp({ TRUST_PROXY: 'loopback', METRICS_TOKEN: token });
    try {
      for (const headers of proxiedBy) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '127.0.0.1',
          headers: { ...headers, authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /metrics without a database', () => {
  let app: FastifyInstance;
  let database: Database;
  let closed: Promise<void> | undefined;
  /** The test takes the database away; the app's own close must not close it a second time. */
  const closeDatabase = () => (closed ??= database.close());
  const token = 'metrics-token-while-the-database-is-away';
  const config = testConfig({ METRICS_TOKEN: token });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config, database: { ...database, close: closeDatabase }, logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('still answers with the request and process figures, without the ones read from the database', async () => {
    const scrape = () => app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    // The shopper's welcome e-mail waits in the outbox.
    await registerShopper(app);
    expect((await scrape()).body).toMatch(/^shop_messages\{status="queued"\} 1$/m);
    await closeDatabase();
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^shop_http_request_duration_seconds_count\{route="\/metrics",method="GET",status="2xx"\} \d+$/m);
    expect(res.body).toMatch(/^shop_process_cpu_seconds_total \d/m);
    expect(res.body).not.toMatch(/^shop_orders\{/m);
    expect(res.body).not.toMatch(/^shop_messages\{/m);
  });
});

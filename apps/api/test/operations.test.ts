/**
 * Running the shop (issue 16), through HTTP: liveness and readiness, load shedding when the
 * event loop is saturated, the request id on error answers, and GET /metrics (who may read
 * it, and what it says after real traffic: requests per route, the read cache, orders and
 * messages by status, a declined card).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from './fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from './helpers.ts';
import { client } from './clients.ts';
import { METRICS_TOKEN_REQUIRED, METRICS_TOKEN_UNSET } from '../src/plugins/metrics.ts';
import { OVERLOADED } from '../src/plugins/readiness.ts';
import { writeWebBuild } from './web-build.ts';

/** The value of a sample line of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const ok = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (ok) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/healthz and /readyz', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('say alive and ready on a migrated database', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', migration: expect.stringMatching(/^\d{4}_/) });
  });

  it('readiness fails, with the reason and Retry-After, while the newest migration is not applied; liveness does not', async () => {
    const db = ctx.database.db;
    const [newest] = (
      (await db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBeDefined();
      expect(ready.json().reason).toMatch(/Migrations are not applied/);
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('error answers name their request: X-Request-Id on a 4xx, whose body stays as clients know it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/products/not-a-product-id' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(Object.keys(res.json())).not.toContain('requestId');
  });

  it('so do answers sent without the error handler: an unknown API path, a review before buying', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(missing.json()).toEqual({ msg: 'Not found' });
    const product = await insertProduct(ctx.database.db);
    const shopper = await registerShopper(ctx.app);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${product.id}`,
      headers: bearer(shopper.accessToken),
      payload: { rating: 5 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(Object.keys(refused.json()).sort()).toEqual(['message', 'msg']);
  });
});

/** Blocks this process's event loop for `ms`, as a request doing too much synchronous work would. */
function block(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* busy */
  }
}

describe('load shedding', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      MAX_EVENT_LOOP_DELAY_MS: '50',
      WEB_DIST: writeWebBuild(mkdtempSync(path.join(tmpdir(), 'shed-web-'))),
    });
  });
  afterAll(() => ctx.close());

  it("answers 503 with Retry-After at once while the event loop lags, keeps /healthz and the build's files answering, and recovers", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/banners' })).statusCode).toBe(200);
    // A saturated loop: every turn takes 300 ms. under-pressure samples the mean delay once a
    // second, so one long block could fall in a mostly idle second and not count; turns this
    // long for a few seconds saturate whole seconds.
    let shed = await ctx.app.inject({ method: 'GET', url: '/api/banners' });
    for (let turn = 0; turn < 30 && shed.statusCode !== 503; turn++) {
      block(300);
      await new Promise((resolve) => setImmediate(resolve));
      shed = await ctx.app.inject({ method: 'GET', url: '/api/banners' });
    }
    expect(shed.statusCode).toBe(503);
    expect(shed.json()).toEqual({ msg: OVERLOADED, requestId: shed.headers['x-request-id'] });
    expect(shed.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    // A page is shed like the API, but a page already sent still gets its code and styles:
    // without them it would not work at all.
    expect((await ctx.app.inject({ method: 'GET', url: '/cart' })).statusCode).toBe(503);
    const code = await ctx.app.inject({ method: 'GET', url: '/assets/boot-abc123.js' });
    expect(code.statusCode).toBe(200);
    expect(code.body).toBe('console.log(1)');
    // A quiet loop again: served.
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/banners' })).statusCode, { timeout: 5000 })
      .toBe(200);
  });
});

describe('GET /metrics', () => {
  const token = 'a-long-metrics-token-0123456789';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => ctx.close());

  it('without METRICS_TOKEN, is served to nobody on the shop’s port, this machine included (METRICS_PORT is for it)', async () => {
    const other = await createTestApp();
    try {
      for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.7']) {
        const res = await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(401);
        expect(res.json()).toEqual({ msg: METRICS_TOKEN_UNSET });
      }
    } finally {
      await other.close();
    }
  });

  it('with METRICS_TOKEN, is served to whoever sends the token, from anywhere, and to nobody else', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
      ctx.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    const served = await get({ authorization: `Bearer ${token}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token-00' }, { authorization: token }] as Record<
      string,
      string
    >[]) {
      const res = await get(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: METRICS_TOKEN_REQUIRED });
    }
    // Loopback needs the token too.
    expect((await get({}, '127.0.0.1')).statusCode).toBe(401);
  });

  it('counts requests by route pattern, the read cache, orders and messages by status, and a declined card', async () => {
    const scrape = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;
    const product = await insertProduct(ctx.database.db, { price: 500_000, counter: 5 });
    const before = await scrape();
    const route = { route: '/api/products/:id', method: 'GET', status: '2xx' };
    const count = (text: string, name: string, labels: Record<string, string>) => sample(text, name, labels) ?? 0;

    await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    await ctx.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000' });

    // A card order the sandbox declines.
    const admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
    const zone = await admin.json('POST', '/api/delivery/zones', {
      name: 'Lagos Mainland',
      states: ['Lagos Mainland'],
      methods: [{ name: 'Standard delivery', kind: 'flat', fee: 2500, etaDays: 2 }],
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const buyer = client(ctx.app, (await registerShopper(ctx.app, { state: 'Lagos' })).accessToken);
    const started = await buyer.json('POST', '/api/checkout', {
      lines: [{ productId: product.id, quantity: 1 }],
      deliveryMethodId: zone.json().methods[0].id,
    });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = started.json();
    await buyer.json('POST', `/api/payments/sandbox/${reference}/pay`, { card: '4000 0000 0000 0002' });
    expect((await buyer.json('POST', `/api/checkout/${reference}/verify`)).json()).toMatchObject({ paid: false });

    const after = await scrape();
    const requests = (text: string) => count(text, 'shop_http_request_duration_seconds_count', route);
    expect(requests(after) - requests(before)).toBe(2);
    const notFound = { route: '/api/products/:id', method: 'GET', status: '4xx' };
    expect(count(after, 'shop_http_request_duration_seconds_count', notFound)).toBeGreaterThanOrEqual(1);
    // Never the raw URL as a label.
    expect(after).not.toContain(product.id);
    const cache = (text: string, result: string) => count(text, 'shop_read_cache_requests_total', { cache: 'api', result });
    expect(cache(after, 'hit') - cache(before, 'hit')).toBeGreaterThanOrEqual(1);
    expect(cache(after, 'miss') - cache(before, 'miss')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'shop_orders', { status: 'failed' })).toBeGreaterThanOrEqual(1);
    const declined = (text: string) => count(text, 'shop_payment_verification_failures_total', { reason: 'declined' });
    expect(declined(after) - declined(before)).toBe(1);
    // The shopper's welcome and the order's messages wait in the outbox (no worker runs in tests).
    expect(sample(after, 'shop_messages', { status: 'queued' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'shop_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (ctx.database.kind === 'pg') {
      expect(sample(after, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(sample(after, 'shop_db_pool_connections', { state: 'total' })).toBeUndefined();
    }
  });
});

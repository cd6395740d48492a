import Fastify, { type FastifyInstance } from 'fastify';
import { type AddressInfo, connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contextPlugin from '../src/plugins/context.ts';
import readCache from '../src/plugins/read-cache.ts';
import { batched } from '../src/lib/batched.ts';
import { prometheus } from '../src/metrics/registry.ts';
import { createTestApp, createTestDatabase, type TestContext, testConfig } from './helpers.ts';
import type { Database } from '../src/db/client.ts';

/** A minimal app with one cached route counting how often it really computes. */
async function cachedApp(database: Database) {
  const app = Fastify();
  await app.register(contextPlugin, { config: testConfig(), database });
  await app.register(readCache);
  const state = { computed: 0 };
  app.get('/brands', (request, reply) =>
    app.readCache.serve(request, reply, ['catalog'], async () => {
      state.computed += 1;
      // Both drivers answer raw SQL with { rows }.
      const { rows } = (await app.db.execute(sql`select name from brands order by name`)) as unknown as {
        rows: { name: string }[];
      };
      return { body: rows.map((r) => r.name), headers: { 'X-Total-Count': String(rows.length) } };
    }),
  );
  await app.ready();
  return { app, state };
}

let database: Database;
let a: { app: FastifyInstance; state: { computed: number } };
let b: { app: FastifyInstance; state: { computed: number } };
beforeAll(async () => {
  database = await createTestDatabase();
  // Two apps on one database stand for two API processes with their own memory.
  a = await cachedApp(database);
  b = await cachedApp(database);
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
  await database.close();
});

const insertBrand = (name: string) =>
  database.db.execute(sql`insert into brands (name, slug) values (${name}, ${name.toLowerCase()})`);

describe('read cache', () => {
  it('serves repeated reads from memory, and a write is visible to the next read on every process', async () => {
    await insertBrand('Alpha');
    const first = await a.app.inject({ method: 'GET', url: '/brands' });
    expect(first.json()).toEqual(['Alpha']);
    expect(first.headers['x-total-count']).toBe('1');
    await a.app.inject({ method: 'GET', url: '/brands' });
    expect(a.state.computed).toBe(1);

    expect((await b.app.inject({ method: 'GET', url: '/brands' })).json()).toEqual(['Alpha']);

    await insertBrand('Beta');
    expect((await a.app.inject({ method: 'GET', url: '/brands' })).json()).toEqual(['Alpha', 'Beta']);
    expect((await b.app.inject({ method: 'GET', url: '/brands' })).json()).toEqual(['Alpha', 'Beta']);
    expect(a.state.computed).toBe(2);
  });

  it('answers 304 to a matching If-None-Match, and 200 again after a change', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/brands' });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await a.app.inject({ method: 'GET', url: '/brands', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await insertBrand('Gamma');
    const changed = await b.app.inject({ method: 'GET', url: '/brands', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toContain('Gamma');
  });

  it('keys answers by path, not by parameters the route does not read', async () => {
    await a.app.inject({ method: 'GET', url: '/brands' });
    const before = a.state.computed;
    await a.app.inject({ method: 'GET', url: '/brands?x=1' });
    await a.app.inject({ method: 'GET', url: '/brands?x=2' });
    expect(a.state.computed).toBe(before);
  });
});

describe('batched', () => {
  it('shares runs between concurrent callers but never hands a caller a run that started before it called', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const load = batched(async () => {
      runs += 1;
      const mine = runs;
      await new Promise<void>((r) => {
        release = r;
      });
      return mine;
    });
    const first = load();
    const second = load();
    const third = load();
    release();
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(runs).toBe(2);
  });
});

describe('read cache compression', () => {
  it('sends brotli or gzip to clients that accept it, and plain bytes otherwise, with one ETag for the three', async () => {
    for (let i = 0; i < 120; i++) await insertBrand(`Brand number ${i} with a long enough name`);
    const plain = await a.app.inject({ method: 'GET', url: '/brands?big=1' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await a.app.inject({ method: 'GET', url: '/brands?big=1', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await a.app.inject({ method: 'GET', url: '/brands?big=1', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
    // The same content in another encoding: a browser that kept the gzip bytes revalidates them.
    for (const [encoding, etag] of [
      ['br', gz.headers.etag],
      ['gzip', br.headers.etag],
      ['identity', plain.headers.etag],
    ]) {
      const notModified = await a.app.inject({
        method: 'GET',
        url: '/brands?big=1',
        headers: { 'accept-encoding': encoding as string, 'if-none-match': etag as string },
      });
      expect(notModified.statusCode, encoding).toBe(304);
    }
    // A strong spelling of the tag matches too (weak comparison), a different tag does not.
    const strong = String(br.headers.etag).replace(/^W\//, '');
    const revalidate = (tag: string) =>
      a.app.inject({ method: 'GET', url: '/brands?big=1', headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
    expect((await revalidate(`"x", ${strong}`)).statusCode).toBe(304);
    expect((await revalidate('W/"x"')).statusCode).toBe(200);
  });

  it('answers at the fast level until the answer is asked for a fourth time, then at the best level, under one ETag', async () => {
    for (let i = 0; i < 120; i++) await insertBrand(`Another brand ${i} with a long enough name`);
    const get = (headers: Record<string, string> = {}) =>
      a.app.inject({ method: 'GET', url: '/brands', headers: { 'accept-encoding': 'br', ...headers } });
    const first = await get();
    const plain = JSON.parse(brotliDecompressSync(first.rawPayload).toString());
    expect(plain.length).toBeGreaterThan(120);
    // Asked again and again: the fast bytes, until the fourth request starts the best level
    // off the main thread (an entry a catalogue change ends soon is not worth it); then those.
    for (let i = 2; i <= 3; i++) expect((await get()).rawPayload).toEqual(first.rawPayload);
    // Time enough for a best level started too early to be made: the fourth still gets the fast.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await get()).rawPayload).toEqual(first.rawPayload);
    let best = await get();
    for (let tries = 0; tries < 50 && best.rawPayload.equals(first.rawPayload); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      best = await get();
    }
    expect(JSON.parse(brotliDecompressSync(best.rawPayload).toString())).toEqual(plain);
    expect(best.rawPayload.length).toBeLessThan(first.rawPayload.length);
    // Smaller bytes of the same content: the ETag the shopper's browser kept with the fast
    // bytes still matches, so her copy is revalidated with a 304, not downloaded again.
    expect(best.headers.etag).toBe(first.headers.etag);
    const revalidated = await get({ 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });
});

/** Read-cache answers computed so far (misses), in this process: one per entry made. */
async function misses(): Promise<number> {
  const metric = await prometheus.register.getSingleMetric('shop_read_cache_requests_total')!.get();
  return metric.values.filter((v) => v.labels.result === 'miss').reduce((sum, v) => sum + v.value, 0);
}

/**
 * `count` different spellings of `path`: each letter sent as is or percent-encoded, and
 * slashes doubled, or one added at the end, by turns.
 */
function spellings(path: string, count: number): string[] {
  const found = new Set<string>();
  for (let n = 1; found.size < count; n++) {
    let bits = n;
    let url = '';
    for (const char of path) {
      const encode = /[a-z]/.test(char) && bits & 1;
      if (/[a-z]/.test(char)) bits >>= 1;
      url += encode ? `%${char.charCodeAt(0).toString(16)}` : char;
    }
    if (bits & 1) url = url.replaceAll('/', '//');
    if (bits & 2) url += '/';
    if (url !== path) found.add(url);
  }
  return [...found];
}

describe('one entry per path, however it is spelled', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('answers /api/products spelled otherwise from its own entry', async () => {
    const first = await get('/api/products?limit=5');
    expect(first.statusCode).toBe(200);
    const made = await misses();
    for (const url of [
      '/api/%70roducts?limit=5',
      '/api/pr%6Fducts?limit=5',
      '/api/pr%6fducts?limit=5',
      '/%61pi/products?limit=5',
      '/api//products?limit=5',
      '//api/products?limit=5',
      '/api/products/?limit=5',
      '/api/products//?limit=5',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBe(first.headers.etag);
    }
    expect(await misses()).toBe(made);
  });

  it('answers a path with a fragment, which only a raw client sends, from the path’s entry', async () => {
    // app.inject (like fetch) drops a fragment before sending: a socket of our own sends it.
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const rawGet = (target: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`),
        );
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('end', () => resolve(answer.split('\r\n', 1)[0]!));
        socket.on('error', reject);
      });
    expect(await rawGet('/api/banners')).toBe('HTTP/1.1 200 OK');
    const made = await misses();
    for (const target of ['/api/banners#1', '/api/banners#2', '/api/banners/#3', '/api/banners#4?x=1']) {
      expect(await rawGet(target), target).toBe('HTTP/1.1 200 OK');
    }
    expect(await misses()).toBe(made);
  });

  it('keeps a real entry through a flood of spellings (more than the cache holds)', async () => {
    const banners = await get('/api/banners');
    expect(banners.statusCode).toBe(200);
    await get('/api/products');
    const made = await misses();
    const urls = spellings('/api/products', 2100);
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(200);
    expect(await misses()).toBe(made);
    expect((await get('/api/banners')).headers.etag).toBe(banners.headers.etag);
    expect(await misses()).toBe(made);
  });
});

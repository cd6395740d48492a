/**
 * /robots.txt and the sitemap as a crawler gets them: content types, absolute URLs on
 * PUBLIC_URL, escaping, lastmod, the split into an index past the URL limit (a small limit
 * here), and a sitemap that follows the catalogue.
 */
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { brands, posts, products } from '../db/schema/index.ts';
import contextPlugin from '../plugins/context.ts';
import errorHandler from '../plugins/error-handler.ts';
import readCache from '../plugins/read-cache.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createTestApp, createTestDatabase, type TestContext, testConfig } from '../../test/helpers.ts';
import seoRoutes from './routes.ts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { escapeXml } from './sitemap-service.ts';

const PUBLIC_URL = 'https://adire.example';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

/** The <loc> of every URL (or every file, in an index). */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

/** The text of every statement `database` is sent from now on (both drivers are called through `query`). */
function recordStatements(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  return {
    statements,
    restore: () => {
      client.query = original;
    },
  };
}

/** Every '&' is an entity's: nothing a parser would refuse. */
const wellEscaped = (xml: string) => !/&(?!amp;|lt;|gt;|quot;|apos;)/.test(xml);

async function insertBrand(name: string) {
  const [row] = await ctx.database.db
    .insert(brands)
    .values({ name, slug: `brand-${randomBytes(4).toString('hex')}` })
    .returning();
  return row!;
}

describe('/robots.txt', () => {
  it('is plain text with an ETag, keeps the back office and the API out, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/^User-agent: \*\nAllow: \/\n/m);
    for (const rule of [
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /producttable',
      'Disallow: /cart',
      'Disallow: /search',
    ]) {
      expect(res.body).toContain(`${rule}\n`);
    }
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await get('/robots.txt', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/robots.txt?utm_source=x', { 'if-none-match': etag })).statusCode).toBe(304);
  });
});

describe('/sitemap.xml', () => {
  it('lists the storefront’s public pages as absolute URLs, and none of the private ones', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const urls = locs(res.body);
    for (const page of ['/', '/women', '/men', '/beauty', '/homedecor', '/jewellery', '/sales', '/new', '/brand', '/posts']) {
      expect(urls).toContain(`${PUBLIC_URL}${page}`);
    }
    for (const page of ['/dressescategory', '/beautycategory', '/homedecorcategory'])
      expect(urls).toContain(`${PUBLIC_URL}${page}`);
    expect(urls.every((url) => url.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    for (const page of ['/cart', '/search', '/orders', '/register']) expect(urls).not.toContain(`${PUBLIC_URL}${page}`);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
  });

  it('lists products and posts with their last change, and brand pages as the storefront links them', async () => {
    const brand = await insertBrand('Ade & Sons <Lagos>');
    const unused = await insertBrand(`Quiet Brand ${randomBytes(2).toString('hex')}`);
    const product = await insertProduct(ctx.database.db, { brandId: brand.id, brandName: brand.name });
    await ctx.database.db
      .update(products)
      .set({ updatedAt: new Date('2025-03-01T09:30:00.456Z') })
      .where(eq(products.id, product.id));
    const [post] = await ctx.database.db
      .insert(posts)
      .values({ title: 'Indigo, step by step', updatedAt: new Date('2025-02-14T18:05:09Z') })
      .returning();

    const xml = (await get('/sitemap.xml')).body;
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/productdetails/${product.id}</loc><lastmod>2025-03-01T09:30:00Z</lastmod></url>`,
    );
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/blogdetails/${post!.id}</loc><lastmod>2025-02-14T18:05:09Z</lastmod></url>`);
    // The brand's name as brand-directory.tsx puts it in the URL (URLSearchParams), then escaped for XML.
    const brandUrl = `${PUBLIC_URL}/brand?${new URLSearchParams({ brand: brand.name })}`;
    expect(brandUrl).toBe(`${PUBLIC_URL}/brand?brand=Ade+%26+Sons+%3CLagos%3E`);
    expect(xml).toContain(`<url><loc>${escapeXml(brandUrl)}</loc></url>`);
    // A brand without products has an empty page: not listed.
    expect(xml).not.toContain(`brand=${new URLSearchParams({ b: unused.name }).toString().slice(2)}<`);
    expect(wellEscaped(xml)).toBe(true);
    // Pages without a row of their own have no lastmod.
    expect(xml).toContain(`<url><loc>${PUBLIC_URL}/women</loc></url>`);
  });

  it('is answered from the cache until the catalogue changes: a new product is in the next one, a deleted one is gone', async () => {
    const first = await get('/sitemap.xml', { 'accept-encoding': 'br' });
    const cached = await get('/sitemap.xml', { 'accept-encoding': 'br' });
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.headers['content-encoding']).toBe('br');
    const shared = await get('/sitemap.xml?utm_source=x', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(shared.statusCode).toBe(304);

    const product = await insertProduct(ctx.database.db, { title: 'Fresh Aso Oke Cap' });
    const url = `${PUBLIC_URL}/productdetails/${product.id}`;
    const added = await get('/sitemap.xml', { 'accept-encoding': 'br' });
    expect(added.headers.etag).not.toBe(first.headers.etag);
    expect(locs(brotliDecompressSync(added.rawPayload).toString())).toContain(url);

    await ctx.database.db.delete(products).where(eq(products.id, product.id));
    const removed = await get('/sitemap.xml');
    expect(locs(removed.body)).not.toContain(url);
  });

  it('is compressed off the main thread when it is large, the same bytes as sent plain', async () => {
    await ctx.database.db.execute(
      sql`insert into products (title, price) select 'Bulk Adire ' || g, 100000 from generate_series(1, 2500) g`,
    );
    const plain = await get('/sitemap.xml');
    expect(plain.rawPayload.length).toBeGreaterThan(256 * 1024);
    const [br, gz] = await Promise.all([
      get('/sitemap.xml', { 'accept-encoding': 'br' }),
      get('/sitemap.xml', { 'accept-encoding': 'gzip' }),
    ]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('is one file while it fits in one: no second file', async () => {
    expect(locs((await get('/sitemap-1.xml')).body)).toEqual(locs((await get('/sitemap.xml')).body));
    for (const file of ['/sitemap-2.xml', '/sitemap-0.xml', '/sitemap-x.xml', '/sitemap-01.xml']) {
      expect((await get(file)).statusCode, file).toBe(404);
    }
  });
});

describe('a sitemap past its URL limit', () => {
  const LIMIT = 5;
  let database: Database;
  let split: FastifyInstance;
  let whole: FastifyInstance;

  /** The sitemap's routes alone, with `maxUrls` URLs per file. */
  async function sitemapApp(maxUrls?: number) {
    const app = Fastify();
    // The plugin's /api/feeds has zod schemas, as every route of the app (app.ts sets these).
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(contextPlugin, { config: testConfig({ PUBLIC_URL }), database });
    await app.register(errorHandler);
    await app.register(readCache);
    await app.register(seoRoutes, { maxUrls });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 12; i++) await insertProduct(database.db);
    split = await sitemapApp(LIMIT);
    whole = await sitemapApp();
  });
  afterAll(async () => {
    await split.close();
    await whole.close();
    await database.close();
  });

  it('becomes an index of numbered files, which hold every URL once, in order, at most the limit each', async () => {
    const all = locs((await whole.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(all.length).toBeGreaterThan(3 * LIMIT);
    const files = Math.ceil(all.length / LIMIT);

    const index = await split.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.body).not.toContain('<urlset');
    expect(locs(index.body)).toEqual(Array.from({ length: files }, (_, i) => `${PUBLIC_URL}/sitemap-${i + 1}.xml`));

    const joined: string[] = [];
    for (let n = 1; n <= files; n++) {
      const res = await split.inject({ method: 'GET', url: `/sitemap-${n}.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toContain('<urlset');
      const urls = locs(res.body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(LIMIT);
      joined.push(...urls);
    }
    expect(joined).toEqual(all);
    expect((await split.inject({ method: 'GET', url: `/sitemap-${files + 1}.xml` })).statusCode).toBe(404);
    expect((await split.inject({ method: 'GET', url: '/sitemap-0.xml' })).statusCode).toBe(404);
  });

  it('answers a file past the last with 404 from the count of files, without reading the products', async () => {
    const files = locs((await split.inject({ method: 'GET', url: '/sitemap.xml' })).body).length;
    expect(files).toBeGreaterThan(1);
    const sent = recordStatements(database);
    try {
      for (const n of [files + 1, files + 2, 999_999, files + 1]) {
        expect((await split.inject({ method: 'GET', url: `/sitemap-${n}.xml` })).statusCode, String(n)).toBe(404);
      }
      // The version checks only: no count and no page of the products, the brands or the posts.
      expect(sent.statements.filter((text) => !/cache_versions/.test(text))).toEqual([]);
      // Statements are recorded: one version check per request.
      expect(sent.statements.length).toBeGreaterThanOrEqual(4);
    } finally {
      sent.restore();
    }
  });

  it('grows a file when the catalogue does', async () => {
    const before = locs((await split.inject({ method: 'GET', url: '/sitemap.xml' })).body).length;
    const more = Math.ceil(LIMIT * 1.5);
    for (let i = 0; i < more; i++) await insertProduct(database.db);
    const after = locs((await split.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(after.length).toBeGreaterThan(before);
    const last = await split.inject({ method: 'GET', url: `/sitemap-${after.length}.xml` });
    expect(last.statusCode).toBe(200);
  });
});

describe('escapeXml', () => {
  it('escapes the five characters XML reserves', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});

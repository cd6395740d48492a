/**
 * How the API serves the storefront's server-rendered pages, with a stand-in renderer in
 * place of the web app's (dist-server/entry-server.js): what goes where in the HTML, when
 * a page is rendered again, what it is rendered with (the URL without tracking parameters,
 * the shop's public address), that a Not Found page answers 404 and is not kept, and that
 * anything going wrong sends the plain app instead. The real renderer's side of these is
 * tested in the web app (apps/web/src/entry-server.test.tsx) and in the browser
 * (e2e/storefront/server-rendering.spec.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import { MAX_RENDERS_AT_ONCE } from '../src/plugins/server-render.ts';
import { insertProduct } from './fixtures.ts';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestContext, testConfig } from './helpers.ts';
import { writeWebBuild } from './web-build.ts';

type Send = typeof fetch;
interface RenderOptions {
  origin: string;
}
interface StandIn {
  calls: string[];
  options: RenderOptions[];
  render(url: string, send: Send, options: RenderOptions): Promise<unknown>;
}
const standIn = globalThis as unknown as { __renderer: StandIn };

const STORY = 'Hand-dyed in Abeokuta with indigo and cassava paste. '.repeat(30);

/**
 * Renders a product page from the product the API answers, like the real one: the app's
 * Not Found with status 404 when the API has no such product, nothing when the API fails.
 */
async function renderProduct(url: string, send: Send, { origin }: RenderOptions) {
  const id = /^\/productdetails\/([^/?]+)/.exec(url)?.[1];
  const res = await send(`http://localhost/api/products/${id}`, { headers: { accept: 'application/json' } });
  if (res.status === 404) {
    return { html: '<h1>Page not found</h1>', data: JSON.stringify({ origin }), title: 'Page not found — Adire', status: 404 };
  }
  if (!res.ok) return undefined;
  const product = (await res.json()) as { title: string };
  return {
    html: `<link rel="preload" as="image" href="/uploads/main.webp"><h1>${product.title}</h1><p>${STORY}</p>`,
    data: JSON.stringify({ origin, title: product.title }).replace(/</g, '\\u003c'),
    title: `${product.title} — Adire`,
    head: `<meta name="description" content="All about ${id}"/><link rel="canonical" href="${origin}/productdetails/${id}"/>`,
  };
}

/** A listing as the stand-in renders it: its URL, which the page's links are made from. */
async function renderListing(url: string) {
  return { html: `<h1>Listing</h1><a href="${url}">this page</a>`, data: '{}', title: 'Listing — Adire' };
}

/**
 * /sales as the real renderer sends its data: React Query's dehydrated state, with the moments
 * the data was fetched and dehydrated, and the number of products it shows.
 */
async function renderWithTimes(send: Send) {
  const total = Number((await send('http://localhost/api/products?limit=1')).headers.get('x-total-count'));
  const now = Date.now();
  const state = { dataUpdatedAt: now, errorUpdatedAt: 0, data: { total } };
  return {
    html: `<h1>Sales</h1><p>${total} products</p>`,
    data: JSON.stringify({ queries: [{ dehydratedAt: now, state }] }),
    title: 'Sales',
  };
}

const render = (url: string, send: Send, options: RenderOptions) =>
  url.startsWith('/productdetails/')
    ? renderProduct(url, send, options)
    : url.startsWith('/sales')
      ? renderWithTimes(send)
      : renderListing(url);

const RENDERER = `
let send;
export const SERVER_DATA_ID = 'ssr-data';
export function setTransport(fn) { send = fn; }
export async function render(url, options) {
  globalThis.__renderer.calls.push(url);
  globalThis.__renderer.options.push(options);
  return globalThis.__renderer.render(url, send, options);
}
`;

const PUBLIC_URL = 'https://adire.example';

/** A stand-in web build with the renderer above, in a folder of its own: its `dist`, returned. */
const newWebBuild = () => writeWebBuild(mkdtempSync(path.join(tmpdir(), 'web-')), RENDERER);
const removeFolder = (dir: string) => rmSync(dir, { recursive: true, force: true });
/** The whole folder of newWebBuild's `dist`: the renderer's dist-server beside it too. */
const removeWebBuild = (dist: string) => removeFolder(path.dirname(dist));

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  standIn.__renderer = { calls: [], options: [], render };
  webDist = newWebBuild();
  ctx = await createTestApp({ WEB_DIST: webDist, PUBLIC_URL });
});
afterAll(async () => {
  await ctx.close();
  removeWebBuild(webDist);
});
beforeEach(() => {
  standIn.__renderer = { calls: [], options: [], render };
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('server-rendered pages', () => {
  it('carry the markup, the data, the title, and the code held back in a template', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Adire <Wrap> Dress' });
    const res = await get(`/productdetails/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain(`<div id="root"><h1>Adire <Wrap> Dress</h1><p>${STORY}</p></div>`);
    expect(html).toContain(
      `<script type="application/json" id="ssr-data">{"origin":"${PUBLIC_URL}","title":"Adire \\u003cWrap> Dress"}</script>`,
    );
    expect(html).toContain('<title>Adire <Wrap> Dress — Adire</title>');
    expect(html).not.toContain('<title>Adire</title>');
    // The page's description and canonical link are in the head, in place of index.html's description.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<title>Adire <Wrap> Dress — Adire</title><meta name="description" content="All about ${product.id}"/>` +
        `<link rel="canonical" href="${PUBLIC_URL}/productdetails/${product.id}"/>`,
    );
    expect(html).not.toContain('The shop&#39;s own words');
    expect(html).not.toContain("The shop's own words");
    // The main image's preload moved to the head, after the stylesheet, before any code.
    expect(head.indexOf('index-6.css')).toBeLessThan(head.indexOf('/uploads/main.webp'));
    expect(head.indexOf('/uploads/main.webp')).toBeLessThan(head.indexOf('boot-abc123.js'));
    // The app and the page's code wait in the template (boot.ts starts them).
    const template = /<template data-app="\/assets\/main-5\.js">(.*?)<\/template>/.exec(html)?.[1];
    expect(template).toContain('href="/assets/main-5.js"');
    expect(template).toContain('href="/assets/product-4.js"');
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/main-5.js">');
    // The service worker's registration too: not fetched beside the main image.
    expect(template).toContain('<script src="/register-sw.js" defer></script>');
    expect(html.match(/register-sw\.js/g)).toHaveLength(1);
    // The data is in the page: no separate request for it.
    expect(html).not.toContain('as="fetch"');
  });

  it('carry one ETag from every API process for the same content, whatever moment each rendered it', async () => {
    // A second process: an app of its own (its own read cache, and its own renderer module,
    // from a build of its own) on the same database.
    const otherDist = newWebBuild();
    const config = testConfig({ WEB_DIST: otherDist, PUBLIC_URL });
    const other = await buildApp({
      config,
      // Its closing leaves the database to the file's app.
      database: { ...ctx.database, close: async () => {} },
      logger: false,
    });
    try {
      const here = await get('/sales');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const there = await other.inject({ method: 'GET', url: '/sales' });
      expect(standIn.__renderer.calls.filter((call) => call === '/sales')).toHaveLength(2);
      // Rendered at two moments: the page's data says so, and its content is the same.
      expect(there.body).not.toBe(here.body);
      expect(there.body.replace(/\d{13}/g, '')).toBe(here.body.replace(/\d{13}/g, ''));
      expect(there.headers.etag).toBe(here.headers.etag);
      // A repeat visit that reaches the other process is answered 304.
      const revisit = await other.inject({
        method: 'GET',
        url: '/sales',
        headers: { 'if-none-match': String(here.headers.etag) },
      });
      expect(revisit.statusCode).toBe(304);
      // New content is a new ETag, on both.
      await insertProduct(ctx.database.db, { title: 'Coral Studs' });
      const changedHere = await get('/sales', { 'if-none-match': String(here.headers.etag) });
      const changedThere = await other.inject({
        method: 'GET',
        url: '/sales',
        headers: { 'if-none-match': String(here.headers.etag) },
      });
      expect(changedHere.statusCode).toBe(200);
      expect(changedThere.statusCode).toBe(200);
      expect(changedHere.headers.etag).not.toBe(here.headers.etag);
      expect(changedThere.headers.etag).toBe(changedHere.headers.etag);
    } finally {
      await other.close();
      removeFolder(config.dataDir);
      removeWebBuild(otherDist);
    }
  });

  it('are rendered once per catalogue change, sent compressed, and revalidated', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Indigo Kaftan' });
    const url = `/productdetails/${product.id}`;
    const first = await get(url, { 'accept-encoding': 'br' });
    const second = await get(url, { 'accept-encoding': 'br' });
    expect(standIn.__renderer.calls.filter((call) => call === url)).toHaveLength(1);
    expect(second.headers['content-encoding']).toBe('br');
    // A page is compressed at the best level from its first request (read-cache.ts: a phone's
    // first round trip carries about 14 kB), not at the fast level an API answer starts with.
    const html = brotliDecompressSync(first.rawPayload);
    const fast = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect(first.rawPayload.length).toBeLessThan(fast.length);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect(standIn.__renderer.calls.filter((call) => call === url)).toHaveLength(1);

    await ctx.database.db.update(products).set({ title: 'Indigo Kaftan, long' }).where(eq(products.id, product.id));
    const changed = await get(url);
    expect(changed.body).toContain('<h1>Indigo Kaftan, long</h1>');
    expect(standIn.__renderer.calls.filter((call) => call === url)).toHaveLength(2);
  });

  it('fall back to the app when the page cannot be rendered, and the fallback is not kept', async () => {
    standIn.__renderer.render = async () => undefined;
    const product = await insertProduct(ctx.database.db, { title: 'Wax Print Shirt' });
    const url = `/productdetails/${product.id}`;
    for (let i = 0; i < 2; i++) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<div id="root"><div class="h-9 bg-ink"><\/div><header[^>]*>.*ADIRE/);
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-5.js"></script>');
      expect(res.body).not.toContain('ssr-data');
    }
    expect(standIn.__renderer.calls).toEqual([url, url]);
  });

  it('fall back to the app when the renderer fails', async () => {
    standIn.__renderer.render = async () => {
      throw new Error('render exploded');
    };
    const res = await get('/women');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-5.js"></script>');
    expect(res.body).not.toContain('render exploded');
  });

  it('leave the pages that belong to one shopper to the browser, or render them for her alone, never kept', async () => {
    for (const url of ['/account', '/purchasetable']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-5.js"></script>');
    }
    expect(standIn.__renderer.calls).toEqual([]);
    // Her own pages (storefront/own-pages.ts): rendered at each request, with the app's code at
    // once and no data to hydrate from (the app renders them again from the browser's session).
    for (const url of ['/cart', '/orders', '/cart']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-5.js"></script>');
      expect(res.body).not.toContain('id="ssr-data"');
    }
    expect(standIn.__renderer.calls).toEqual(['/cart', '/orders', '/cart']);
  });

  it('give the renderer read access only', async () => {
    let refusal: unknown;
    standIn.__renderer.render = async (_url, send) => {
      refusal = await send('http://localhost/api/auth/login', { method: 'POST', body: '{}' }).catch((err: Error) => err.message);
      return undefined;
    };
    await get('/');
    expect(refusal).toMatch(/only reads/);
  });

  it('leave pages to the browser while the renderer is busy with others', async () => {
    let release!: () => void;
    const busy = new Promise<void>((resolve) => {
      release = resolve;
    });
    standIn.__renderer.render = async (url, send, options) => {
      await busy;
      return renderProduct(url, send, options);
    };
    const product = await insertProduct(ctx.database.db, { title: 'Coral Beads' });
    const pages = Array.from({ length: MAX_RENDERS_AT_ONCE + 1 }, (_, i) => get(`/productdetails/${product.id}?v=${i}`));
    // Every render waits for `release`: the page answered first is the one the busy renderer
    // left to the browser (waiting a fixed time instead let a loaded machine release too early).
    const first = await Promise.race(pages);
    expect(first.body).toContain('src="/assets/main-5.js"');
    release();
    const bodies = (await Promise.all(pages)).map((res) => res.body);
    expect(bodies.filter((body) => body.includes('<h1>Coral Beads</h1>'))).toHaveLength(MAX_RENDERS_AT_ONCE);
    expect(bodies.filter((body) => body.includes('src="/assets/main-5.js"'))).toHaveLength(1);
  });
});

describe('pages of things that do not exist', () => {
  it('answer 404 with the app’s Not Found, rendered on the server, and are not kept', async () => {
    for (const url of ['/productdetails/00000000-0000-4000-8000-000000000000', '/productdetails/not-an-id']) {
      for (let i = 0; i < 2; i++) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        const html = res.body;
        expect(html).toContain('<div id="root"><h1>Page not found</h1></div>');
        expect(html).toContain('<title>Page not found — Adire</title>');
        // Hydrated, like any rendered page: the browser shows the same Not Found.
        expect(html).toContain(`<script type="application/json" id="ssr-data">{"origin":"${PUBLIC_URL}"}</script>`);
      }
      // Rendered each time: a 404 is never served from the cache as a page.
      expect(standIn.__renderer.calls.filter((call) => call === url)).toHaveLength(2);
    }
  });

  it('include a product deleted after its page was cached', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Gone Tomorrow Gele' });
    const url = `/productdetails/${product.id}`;
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
    await ctx.database.db.delete(products).where(eq(products.id, product.id));
    const gone = await get(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<h1>Page not found</h1>');
  });
});

describe('tracking parameters', () => {
  it('are left out of the URL the server renders and of the cache key: a shared link is a cache hit', async () => {
    const shared = await get('/jewellery?utm_source=whatsapp&utm_medium=share&fbclid=IwAR0');
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain('<a href="/jewellery">this page</a>');
    const plain = await get('/jewellery');
    const again = await get('/jewellery?gclid=abc&msclkid=def&UTM_Campaign=launch');
    // One render, for the URL without them; the other two were answered from the cache.
    expect(standIn.__renderer.calls).toEqual(['/jewellery']);
    expect(plain.headers.etag).toBe(shared.headers.etag);
    expect(again.headers.etag).toBe(shared.headers.etag);
    expect(again.body).toBe(shared.body);
    const revalidated = await get('/jewellery?utm_source=x', { 'if-none-match': String(shared.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it('leave the filters that say what a page lists', async () => {
    const res = await get('/jewellery?utm_campaign=x&sub=Beads&sort=price_asc');
    expect(res.statusCode).toBe(200);
    expect(standIn.__renderer.calls).toEqual(['/jewellery?sort=price_asc&sub=Beads']);
  });
});

describe('another spelling of a page’s path', () => {
  it('is answered 301 to the one spelling, with the query as sent, and never rendered', async () => {
    const cases: [string, string][] = [
      ['/women//', '/women'],
      ['/women/', '/women'],
      ['//women', '/women'],
      ['/%77omen', '/women'],
      ['/w%6Fmen/?sort=price_asc&utm_source=x', '/women?sort=price_asc&utm_source=x'],
      ['//', '/'],
      ['/productdetails//abc', '/productdetails/abc'],
      ['/cart/', '/cart'],
    ];
    for (const [url, location] of cases) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(301);
        expect(res.headers.location, `${method} ${url}`).toBe(location);
      }
    }
    expect(standIn.__renderer.calls).toEqual([]);
    expect((await get('/women')).statusCode).toBe(200);
    expect(standIn.__renderer.calls).toEqual(['/women']);
  });

  it('cannot make renders: a flood of spellings renders nothing', async () => {
    for (let i = 1; i < 200; i++) {
      const url = `/${[...'jewellery'].map((c, j) => ((i >> j) & 1 ? `%${c.charCodeAt(0).toString(16)}` : c)).join('')}`;
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe('/jewellery');
    }
    expect(standIn.__renderer.calls).toEqual([]);
  });

  it('is not redirected when it is not a storefront page', async () => {
    // The back office's and unknown paths are the app's HTML for the canonical path, as before.
    for (const url of ['/dashboard/', '/no-such-page//']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('the public address', () => {
  it('is what pages are rendered with (PUBLIC_URL), whatever the request’s host', async () => {
    await get('/men', { host: 'internal-lb:3000' });
    expect(standIn.__renderer.options).toEqual([{ origin: PUBLIC_URL, lite: false }]);
  });
});

/**
 * How the API serves the storefront's server-rendered pages, with a stand-in renderer in
 * place of the web app's (dist-server/entry-server.js): what goes where in the HTML, when
 * a page is rendered again, and that anything going wrong sends the plain app instead.
 * The real renderer is exercised in the browser (e2e/storefront/server-rendering.spec.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import { MAX_RENDERS_AT_ONCE } from '../src/plugins/server-render.ts';
import { insertProduct } from './fixtures.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { writeWebBuild } from './web-build.ts';

type Send = typeof fetch;
interface StandIn {
  calls: string[];
  render(url: string, send: Send): Promise<unknown>;
}
const standIn = globalThis as unknown as { __renderer: StandIn };

const STORY = 'Hand-dyed in Abeokuta with indigo and cassava paste. '.repeat(30);

/** Renders a product page from the product the API answers, like the real one. */
async function renderProduct(url: string, send: Send) {
  const id = /^\/productdetails\/([^/?]+)/.exec(url)?.[1];
  const res = await send(`http://localhost/api/products/${id}`, { headers: { accept: 'application/json' } });
  if (!res.ok) return undefined;
  const product = (await res.json()) as { title: string };
  return {
    html: `<link rel="preload" as="image" href="/uploads/main.webp"><h1>${product.title}</h1><p>${STORY}</p>`,
    data: JSON.stringify({ title: product.title }).replace(/</g, '\\u003c'),
    title: `${product.title} — Adire`,
  };
}

const RENDERER = `
let send;
export const SERVER_DATA_ID = 'ssr-data';
export function setTransport(fn) { send = fn; }
export async function render(url) {
  globalThis.__renderer.calls.push(url);
  return globalThis.__renderer.render(url, send);
}
`;

let ctx: TestContext;
beforeAll(async () => {
  standIn.__renderer = { calls: [], render: renderProduct };
  const webDist = writeWebBuild(mkdtempSync(path.join(tmpdir(), 'web-')), RENDERER);
  ctx = await createTestApp({ WEB_DIST: webDist });
});
afterAll(() => ctx.close());
beforeEach(() => {
  standIn.__renderer = { calls: [], render: renderProduct };
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
    expect(html).toContain('<script type="application/json" id="ssr-data">{"title":"Adire \\u003cWrap> Dress"}</script>');
    expect(html).toContain('<title>Adire <Wrap> Dress — Adire</title>');
    expect(html).not.toContain('<title>Adire</title>');
    // The main image's preload moved to the head, after the stylesheet, before any code.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('index-6.css')).toBeLessThan(head.indexOf('/uploads/main.webp'));
    expect(head.indexOf('/uploads/main.webp')).toBeLessThan(head.indexOf('boot-abc123.js'));
    // The app and the page's code wait in the template (boot.ts starts them).
    const template = /<template data-app="\/assets\/main-5\.js">(.*?)<\/template>/.exec(html)?.[1];
    expect(template).toContain('href="/assets/main-5.js"');
    expect(template).toContain('href="/assets/product-4.js"');
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/main-5.js">');
    // The data is in the page: no separate request for it.
    expect(html).not.toContain('as="fetch"');
  });

  it('are rendered once per catalogue change, sent compressed, and revalidated', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Indigo Kaftan' });
    const url = `/productdetails/${product.id}`;
    const first = await get(url, { 'accept-encoding': 'br' });
    const second = await get(url, { 'accept-encoding': 'br' });
    expect(standIn.__renderer.calls.filter((call) => call === url)).toHaveLength(1);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    await ctx.database.db.update(products).set({ title: 'Indigo Kaftan, long' }).where(eq(products.id, product.id));
    const changed = await get(url);
    expect(changed.body).toContain('<h1>Indigo Kaftan, long</h1>');
    expect(standIn.__renderer.calls.filter((call) => call === url)).toHaveLength(2);
  });

  it('fall back to the app when the page cannot be rendered, and the fallback is not kept', async () => {
    const url = '/productdetails/00000000-0000-4000-8000-000000000000';
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

  it('leave the pages that belong to one shopper to the browser', async () => {
    for (const url of ['/cart', '/orders', '/register', '/purchasetable']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/main-5.js"></script>');
    }
    expect(standIn.__renderer.calls).toEqual([]);
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
    standIn.__renderer.render = async (url, send) => {
      await busy;
      return renderProduct(url, send);
    };
    const product = await insertProduct(ctx.database.db, { title: 'Coral Beads' });
    const pages = Array.from({ length: MAX_RENDERS_AT_ONCE + 1 }, (_, i) => get(`/productdetails/${product.id}?v=${i}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const bodies = (await Promise.all(pages)).map((res) => res.body);
    expect(bodies.filter((body) => body.includes('<h1>Coral Beads</h1>'))).toHaveLength(MAX_RENDERS_AT_ONCE);
    expect(bodies.filter((body) => body.includes('src="/assets/main-5.js"'))).toHaveLength(1);
  });
});

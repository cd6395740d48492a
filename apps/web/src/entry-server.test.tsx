// @vitest-environment node
/**
 * The server-side renderer itself (what the API loads from dist-server/entry-server.js), run
 * on Node as the API runs it, with the API stood in by a fetch that answers a small shop: a
 * page of something that does not exist renders the app's Not Found with status 404 and
 * hands the browser what it needs to hydrate the same page; every page carries the shop's
 * public address. (How the API serves what this returns: apps/api/test/server-render.test.ts.)
 */
import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import { isRouteErrorResponse } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { queriesForBrowser, type RenderedPage, render, renderStatic, setTransport, splitHoisted } from './entry-server.tsx';
import { productKeys } from './lib/api/products.ts';
import { similarProductsOptions } from './features/catalog/components/similar-products.tsx';
import { makeProduct, makeVariant } from './test/products.ts';
import { createQueryClient } from './lib/query-client.ts';
import { readServerData, type ServerData } from './app/server-data.ts';
import { canonicalUrl } from './lib/canonical-url.ts';

const ORIGIN = 'https://adire.example';
const BRANDS = [{ id: '7b1d5c1e-0000-4000-8000-000000000001', name: 'Lagos Loom', imageUrl: null, productCount: 2 }];
const CATEGORIES = [{ id: '7b1d5c1e-0000-4000-8000-000000000002', name: 'Women', imageUrl: null, productCount: 2 }];
const SUBS = [{ id: '7b1d5c1e-0000-4000-8000-000000000003', name: 'Dresses', categoryId: CATEGORIES[0]!.id, productCount: 1 }];

/** A product of the category, and another beside it (its similar products). */
const SHOWN = makeProduct(1, { id: '7b1d5c1e-0000-4000-8000-0000000000a1', categoryId: CATEGORIES[0]!.id });
const OTHER = makeProduct(2, {
  id: '7b1d5c1e-0000-4000-8000-0000000000a2',
  categoryId: CATEGORIES[0]!.id,
  title: 'Indigo Adire Kaftan',
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The API, as far as these pages read it: no products, no posts. */
const requests: string[] = [];
const api: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  requests.push(url.pathname + url.search);
  switch (url.pathname) {
    case '/api/banners':
      return json([]);
    case '/api/settings':
      return json(DEFAULT_STORE_SETTINGS);
    case '/api/brands':
      return json(BRANDS);
    case '/api/categories':
      return json(CATEGORIES);
    case '/api/subs':
      return json(SUBS);
    case '/api/subsubs':
      return json([]);
    case '/api/products':
      if (url.searchParams.get('category') === SHOWN.categoryId && url.searchParams.get('limit') === '4') {
        return json([OTHER, SHOWN], 200, { 'x-total-count': '2' });
      }
      return json([], 200, { 'x-total-count': '0' });
    case '/api/products/facets':
      return json({ total: 0, brands: [], sizes: [], colors: [], prices: [], onSale: 0 });
    case `/api/products/${SHOWN.id}`:
      return json({ ...SHOWN, variants: [makeVariant('medium', 5)] });
    case `/api/products/${SHOWN.id}/reviews`:
      return json([], 200, { 'x-total-count': '0' });
    default:
      if (/^\/api\/products\/[^/]+$/.test(url.pathname)) return json({ msg: 'Product not found' }, 404);
      if (/^\/api\/posts\/[^/]+$/.test(url.pathname)) return json({ msg: 'Post not found' }, 404);
      return json({ msg: 'Not found' }, 404);
  }
};

beforeAll(() => setTransport(api));
afterEach(() => {
  requests.length = 0;
  vi.unstubAllGlobals();
});

const page = async (url: string): Promise<RenderedPage> => {
  const rendered = await render(url, { origin: ORIGIN });
  if (!rendered) throw new Error(`${url} was not rendered`);
  return rendered;
};

/** The server data as main.tsx reads it from the page. */
function hydrated(rendered: RenderedPage): ServerData {
  vi.stubGlobal('document', { getElementById: () => ({ textContent: rendered.data }) });
  return readServerData()!;
}

describe('a page of something that does not exist', () => {
  it.each([
    ['a product that does not exist', '/productdetails/00000000-0000-4000-8000-000000000000'],
    ['a bad product id', '/productdetails/not-an-id'],
    ['an unknown blog post', '/blogdetails/00000000-0000-4000-8000-000000000000'],
    ['an unknown brand', '/brand?brand=nope'],
    ['an unknown category', '/new?category=Shoes'],
    ['an unknown sub-category', '/women?sub=Capes'],
    ['an unknown sub-sub-category', '/women?sub=Dresses&subsub=Maxi'],
  ])('%s renders the app’s Not Found with status 404', async (_, url) => {
    const rendered = await page(url);
    expect(rendered.status).toBe(404);
    expect(rendered.html).toContain('Page not found');
    expect(rendered.title).toBe('Page not found — Adire');
    // The browser hydrates the same Not Found: the router's 404, as React Router's error response.
    const data = hydrated(rendered);
    const errors = Object.values(data.router.errors ?? {});
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ status: 404, statusText: 'Not Found', internal: false });
    expect(isRouteErrorResponse(errors[0])).toBe(true);
    expect(data.origin).toBe(ORIGIN);
    expect(data.url).toBe(url);
  });
});

describe('pages that exist', () => {
  it.each([
    ['a brand, named in any case', '/brand?brand=lagos%20loom'],
    ['a listing of a sub-category', '/women?sub=Dresses'],
    ['a listing of a category', '/new?category=women'],
    ['the brand directory', '/brand'],
  ])('%s renders with status 200', async (_, url) => {
    const rendered = await page(url);
    expect(rendered.status).toBe(200);
    expect(rendered.html).not.toContain('Page not found');
    expect(hydrated(rendered).router.errors).toBeNull();
  });

  it("bring a listing's filters with it: categories, sub-categories and the facet counts, read once, on the server", async () => {
    const rendered = await page('/women?sub=Dresses');
    expect(requests).toEqual(expect.arrayContaining(['/api/categories', '/api/subs']));
    expect(requests.some((r) => r.startsWith('/api/products/facets?') && r.includes('sub=Dresses'))).toBe(true);
    const queries = hydrated(rendered).queries.queries.map((q: { queryKey: unknown }) => JSON.stringify(q.queryKey));
    expect(queries.some((key: string) => key.includes('facets'))).toBe(true);
    // The category's sub-categories are its filter, in the page's HTML.
    expect(rendered.html).toContain('Dresses');
  });

  it('carry the shop’s public address and the URL they were rendered for to the browser', async () => {
    const rendered = await page('/women?sort=price_asc');
    expect(hydrated(rendered)).toMatchObject({ origin: ORIGIN, url: '/women?sort=price_asc' });
    // Rendered with it: absolute URLs are on the shop's address.
    expect(canonicalUrl('/women', '?sort=price_asc')).toBe(`${ORIGIN}/women`);
  });

  it('a product page brings its similar products: in the HTML, and in the data, so the browser fetches nothing as it hydrates', async () => {
    const rendered = await page(`/productdetails/${SHOWN.id}`);
    expect(rendered.status).toBe(200);
    expect(rendered.html).toContain('Similar Collections');
    expect(rendered.html).toContain(OTHER.title);
    const keys = hydrated(rendered).queries.queries.map((q: { queryKey: unknown }) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(similarProductsOptions(SHOWN.categoryId).queryKey));
  });

  it('hand their description, canonical link and sharing tags over for <head>, not in the page’s markup', async () => {
    const rendered = await page('/women?sort=price_asc&utm_source=whatsapp');
    expect(rendered.head).toContain(`<link rel="canonical" href="${ORIGIN}/women"/>`);
    expect(rendered.head).toMatch(/<meta name="description" content="[^"]+"\/>/);
    expect(rendered.head).toContain('<meta property="og:title"');
    expect(rendered.html).not.toMatch(/<meta |<link rel="canonical"|<title>/);
  });
});

describe('renderStatic', () => {
  it('keeps a part whose code loads during the render in place, past the first 12.8 kB, with no script to reveal it', async () => {
    // Loads as the product page's review form does the first time a renderer meets it.
    const Form = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { default: () => <form>{'Send Review '.repeat(100)}</form> };
    });
    const html = await renderStatic(
      <main>
        <p>{'A long product description. '.repeat(1000)}</p>
        <Suspense fallback={<div>loading</div>}>
          <Form />
        </Suspense>
      </main>,
    );
    expect(html).toMatch(/<!--\$--><form>(Send Review )+<\/form><!--\/\$--><\/main>$/);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('loading');
  });
});

describe('splitHoisted', () => {
  it('keeps the image preloads at the start of the markup and takes the title, meta and link tags for <head>', () => {
    const split = splitHoisted(
      '<link rel="preload" as="image" href="/a.webp" fetchPriority="high"/><title>Ankara &amp; Co | Adire</title>' +
        '<meta name="description" content="A dress"/><link rel="canonical" href="https://adire.ng/x"/>' +
        '<main><meta itemProp="price" content="1"/><h1>Ankara</h1></main>',
    );
    expect(split.title).toBe('Ankara &amp; Co | Adire');
    expect(split.head).toBe('<meta name="description" content="A dress"/><link rel="canonical" href="https://adire.ng/x"/>');
    // A tag inside the page (microdata) is the page's own.
    expect(split.html).toBe(
      '<link rel="preload" as="image" href="/a.webp" fetchPriority="high"/><main><meta itemProp="price" content="1"/><h1>Ankara</h1></main>',
    );
  });

  it('leaves a page without such tags as it is', () => {
    expect(splitHoisted('<h1>Cart</h1>')).toEqual({ html: '<h1>Cart</h1>', title: undefined, head: '' });
  });

  it('load a brand page’s products with the page (the HTML has them, not a skeleton)', async () => {
    await page('/brand?brand=Lagos+Loom');
    expect(requests.some((r) => r.startsWith('/api/products?') && r.includes('brand=Lagos+Loom'))).toBe(true);
  });

  it('load a search’s results with the page, for a browser without JavaScript (issue 32)', async () => {
    const rendered = await page('/search?title=adire+wrap');
    expect(requests.some((r) => r.startsWith('/api/products?') && r.includes('title=adire+wrap'))).toBe(true);
    // The API answers none: the page says so, rather than loading.
    expect(rendered.html).toContain('No results for “adire wrap”');
    expect(rendered.html).not.toContain('Loading ...');
  });
});

describe('queriesForBrowser', () => {
  it("hands the browser a listing's products without their descriptions, which no card shows; a product page keeps its own", () => {
    const client = createQueryClient();
    const product = {
      id: 'p1',
      title: 'Adire Wrap Dress',
      heading: 'Hand-dyed in Abeokuta',
      description: 'A long story. '.repeat(30),
    };
    const listKey = productKeys.list({ onSale: 'true', limit: 24 } as never);
    client.setQueryData(listKey, { items: [product], total: 1 });
    client.setQueryData(productKeys.detail('p1'), product);

    const byKey = new Map(queriesForBrowser(client).queries.map((query) => [JSON.stringify(query.queryKey), query.state.data]));
    expect(byKey.get(JSON.stringify(listKey))).toEqual({
      items: [{ id: 'p1', title: 'Adire Wrap Dress', heading: 'Hand-dyed in Abeokuta' }],
      total: 1,
    });
    expect(byKey.get(JSON.stringify(productKeys.detail('p1')))).toEqual(product);
    // The server's own cache is left whole.
    expect(client.getQueryData<{ items: (typeof product)[] }>(listKey)?.items[0]?.description).toBe(product.description);
  });
});

/**
 * Pages describe themselves in <head>: the product page's route module, in a router, puts
 * its title, description, canonical link and shared-link tags there (React hoists them), and
 * its JSON-LD in the page; the same on the server and in the hydrating browser.
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import type { Review } from '@shop/shared/reviews';
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, testQueryClient, withProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';
import { productKeys } from '@/lib/api/products.ts';
import { reviewKeys } from '@/lib/api/reviews.ts';
import { settingsKeys } from '@/lib/api/settings.ts';
import { setPublicOrigin } from '@/lib/public-origin.ts';
import ProductDetailsPage from './routes/storefront/product-details.tsx';
import CartPage from './routes/storefront/cart.tsx';

const ORIGIN = 'https://adire.ng';

const dress: ProductDetail = {
  ...makeProduct(1, {
    id: 'p1',
    title: 'Adire wrap dress',
    heading: 'Hand-dyed indigo',
    brand: 'Lagos Loom',
    price: 15000,
    salePrice: 15000,
    priceFrom: 15000,
    priceTo: 15000,
    Category: { id: 'c1', name: 'Women' },
    Sub: { id: 's1', name: 'Dresses' },
    imageUrls: ['/uploads/dress-640.webp'],
    imageUrl: '/uploads/dress-640.webp',
    ratingAverage: 5,
    ratingCount: 1,
  }),
  variants: [
    {
      id: 'v1',
      sku: 'LL-WRAP-1',
      size: 'one size',
      color: 'Indigo',
      price: 15000,
      discount: 0,
      salePrice: 15000,
      priceOverride: null,
      discountOverride: null,
      counter: 4,
      stockVersion: 1,
      availability: 'In Stock',
      imageUrls: [],
    },
  ],
};

const reviews: Review[] = [
  {
    id: 'r1',
    rating: 5,
    comment: 'Beautiful',
    author: 'Chioma E.',
    createdAt: '2024-03-01T10:00:00.000Z',
    updatedAt: '2024-03-01T10:00:00.000Z',
  },
];

const head = () => ({
  title: document.title,
  titles: document.querySelectorAll('title').length,
  description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
  robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
  canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  og: Object.fromEntries(
    [...document.querySelectorAll('meta[property]')].map((m) => [m.getAttribute('property'), m.getAttribute('content')]),
  ),
  twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content'),
});

const jsonLd = (root: ParentNode = document) =>
  [...root.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? ''));

const EXPECTED_HEAD = {
  title: 'Adire wrap dress — Lagos Loom | Adire',
  titles: 1,
  description: 'Hand-dyed indigo. Made by hand in Lagos. — ₦15,000.00',
  robots: null,
  canonical: `${ORIGIN}/productdetails/p1`,
  og: {
    'og:type': 'product',
    'og:site_name': 'Adire',
    'og:title': 'Adire wrap dress — Lagos Loom',
    'og:description': 'Hand-dyed indigo. Made by hand in Lagos. — ₦15,000.00',
    'og:url': `${ORIGIN}/productdetails/p1`,
    'og:image': `${ORIGIN}/uploads/dress-1280.webp`,
    'og:image:alt': 'Adire wrap dress',
    'product:price:amount': '15000.00',
    'product:price:currency': 'NGN',
  },
  twitter: 'summary_large_image',
};

function page(client: QueryClient, element = <ProductDetailsPage />, path = '/productdetails/:id', url = '/productdetails/p1') {
  return withProviders(element, { path, url, client }).ui;
}

beforeEach(() => {
  setPublicOrigin(ORIGIN);
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  mockFetch(({ url }) => {
    if (url.pathname === '/api/products/p1') return { body: dress };
    if (url.pathname === '/api/products/p1/reviews') return { body: reviews, headers: { 'x-total-count': '1' } };
    if (url.pathname === '/api/settings') return { body: DEFAULT_STORE_SETTINGS };
    if (url.pathname === '/api/products') return { body: [], headers: { 'x-total-count': '0' } };
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the product page’s head', () => {
  it('has its title, description, canonical link, Open Graph and Twitter tags in <head>, and its JSON-LD', async () => {
    render(page(testQueryClient()));
    expect(await screen.findByRole('heading', { name: 'Adire wrap dress' })).toBeTruthy();
    await waitFor(() => expect(head()).toEqual(EXPECTED_HEAD));
    // Every tag is in <head>, none in the page.
    expect(document.body.querySelectorAll('title, meta, link')).toHaveLength(0);

    await waitFor(() => expect(jsonLd()[0]).toHaveProperty('review'));
    const [product, breadcrumbs] = jsonLd();
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Adire wrap dress',
      sku: 'LL-WRAP-1',
      offers: { '@type': 'Offer', price: 15000, priceCurrency: 'NGN', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 5, reviewCount: 1 },
      review: [{ author: { name: 'Chioma E.' }, reviewRating: { ratingValue: 5 } }],
    });
    expect(breadcrumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Home',
      'Women',
      'Dresses',
      'Adire wrap dress',
    ]);
  });

  it('renders the same tags on the server and in the hydrating browser', async () => {
    const client = testQueryClient();
    client.setQueryData(productKeys.detail('p1'), dress);
    client.setQueryData(reviewKeys.product('p1'), { items: reviews, total: 1 });
    client.setQueryData(settingsKeys.all, DEFAULT_STORE_SETTINGS);
    const html = renderToString(page(client));
    expect(html).toContain('<title>Adire wrap dress — Lagos Loom | Adire</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/productdetails/p1"/>`);
    expect(html).toContain('<meta property="og:image" content="https://adire.ng/uploads/dress-1280.webp"/>');
    expect(html).toContain('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product"');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(client), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    // The server's tags were taken over, not written a second time.
    expect(head()).toEqual(EXPECTED_HEAD);
    expect(document.querySelectorAll('meta[name="description"], link[rel="canonical"]')).toHaveLength(2);
    expect(jsonLd(container)).toHaveLength(2);
    act(() => root!.unmount());
    container.remove();
  });
});

describe('the product page with a variant chosen (?variant=, the link of a catalogue feed or a share)', () => {
  const colours: ProductDetail = {
    ...dress,
    price: 15000,
    priceFrom: 12000,
    priceTo: 15000,
    imageUrls: ['/uploads/indigo-640.webp', '/uploads/rust-640.webp'],
    imageUrl: '/uploads/indigo-640.webp',
    variants: [
      { ...dress.variants[0]!, imageUrls: ['/uploads/indigo-640.webp'] },
      {
        ...dress.variants[0]!,
        id: 'v2',
        sku: 'LL-WRAP-2',
        color: 'Rust',
        price: 15000,
        discount: 3000,
        salePrice: 12000,
        imageUrls: ['/uploads/rust-640.webp'],
      },
    ],
    shareImages: {
      '/uploads/indigo-640.webp': { url: '/uploads/indigo-1200.jpg', width: 1200, height: 1500 },
      '/uploads/rust-640.webp': { url: 'https://cdn.adire.ng/rust-1200.jpg', width: 1200, height: 1600 },
    },
  };

  it('shares that variant’s colour photo as a JPEG with its size, and its price; the canonical link stays the product’s', async () => {
    const client = testQueryClient();
    client.setQueryData(productKeys.detail('p1'), colours);
    client.setQueryData(reviewKeys.product('p1'), { items: reviews, total: 1 });
    client.setQueryData(settingsKeys.all, DEFAULT_STORE_SETTINGS);
    const html = renderToString(page(client, <ProductDetailsPage />, '/productdetails/:id', '/productdetails/p1?variant=v2'));
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/productdetails/p1"/>`);
    expect(html).toContain('<meta property="og:url" content="https://adire.ng/productdetails/p1"/>');
    expect(html).toContain('<meta property="og:image" content="https://cdn.adire.ng/rust-1200.jpg"/>');
    expect(html).toContain('<meta property="og:image:width" content="1200"/><meta property="og:image:height" content="1600"/>');
    expect(html).toContain('<meta property="product:price:amount" content="12000.00"/>');
    expect(html).toContain('— ₦12,000.00"/>');
    // The size and colour are chosen on the page the server sends.
    expect(html).toMatch(/<input[^>]*value="Rust"[^>]*checked=""|<input[^>]*checked=""[^>]*value="Rust"/);

    cleanup();
    render(page(client, <ProductDetailsPage />, '/productdetails/:id', '/productdetails/p1'));
    await waitFor(() =>
      expect(head().og).toMatchObject({
        'og:image': `${ORIGIN}/uploads/indigo-1200.jpg`,
        'og:image:width': '1200',
        'og:image:height': '1500',
        'product:price:amount': '12000.00',
      }),
    );
  });
});

describe('a shopper’s own pages', () => {
  it('keep the cart out of search results', async () => {
    render(page(testQueryClient(), <CartPage />, '/cart', '/cart'));
    await waitFor(() =>
      expect(head()).toMatchObject({ title: 'Your bag — Adire', robots: 'noindex', canonical: undefined, og: {} }),
    );
  });
});

import type { ProductDetail } from '@shop/shared/catalog';
import type { VariantView } from '@shop/shared/variants';
import { DEFAULT_STORE_SETTINGS } from '@shop/shared/content';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders, testQueryClient, withProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';
import { productKeys } from '@/lib/api/products.ts';
import { settingsKeys } from '@/lib/api/settings.ts';
import { ProductDetails } from './product-details.tsx';

const variant = (size: string, price: number, discount: number, counter: number): VariantView => ({
  id: `v-${size}`,
  sku: `AW-${size.toUpperCase()}`,
  size,
  color: 'Indigo',
  price,
  discount,
  salePrice: price - discount,
  priceOverride: price === 15000 ? null : price,
  discountOverride: discount === 0 ? null : discount,
  counter,
  stockVersion: 1,
  availability: counter > 0 ? 'In Stock' : 'Out of Stock',
  imageUrls: [],
});

/** An adire wrap whose sizes are priced differently: small costs less, medium is on sale. */
const wrap: ProductDetail = {
  ...makeProduct(1, {
    id: 'p1',
    title: 'Adire wrap',
    price: 15000,
    discount: 0,
    salePrice: 15000,
    priceFrom: 12000,
    priceTo: 15000,
    size: ['small', 'medium', 'large'],
    color: 'Indigo',
    colors: ['Indigo'],
    counter: 13,
    defaultVariantId: null,
  }),
  variants: [variant('small', 12000, 0, 9), variant('medium', 15000, 1500, 2), variant('large', 15000, 0, 2)],
};

/** The price as shown (its old, struck-through price apart) and the availability line. */
const price = () => {
  const shown = screen.getByTestId('availability').previousElementSibling as HTMLElement;
  const old = shown.querySelector('s');
  return { text: shown.textContent?.replace(old?.textContent ?? '', ''), old: old?.textContent ?? null };
};
const availability = () => screen.getByTestId('availability').textContent;
const chooseSize = (size: string) => fireEvent.click(screen.getByRole('radio', { name: size }));

beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  mockFetch(({ url }) => {
    if (url.pathname === '/api/products/p1') return { body: wrap };
    // Similar Collections: nothing else in the category.
    if (url.pathname === '/api/products') return { body: [], headers: { 'x-total-count': '0' } };
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ProductDetails: price and availability follow the chosen variant', () => {
  it('reads "from" the lowest price until a size is chosen, then shows that size’s price, old price and stock', async () => {
    renderWithProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1' });
    expect(await screen.findByRole('heading', { name: 'Adire wrap' })).toBeTruthy();
    expect(price()).toEqual({ text: 'from ₦12,000.00', old: null });
    expect(availability()).toBe('In Stock');

    chooseSize('medium');
    expect(price()).toEqual({ text: 'Sale price ₦13,500.00', old: 'Was ₦15,000.00' });
    expect(availability()).toBe('In Stock· only 2 left');

    chooseSize('small');
    expect(price()).toEqual({ text: '₦12,000.00', old: null });
    expect(availability()).toBe('In Stock');

    chooseSize('large');
    expect(price()).toEqual({ text: '₦15,000.00', old: null });
    expect(availability()).toBe('In Stock· only 2 left');
  });

  it('says "Out of Stock" and sells nothing once the chosen size sells out, while the others stay on sale', async () => {
    const { queryClient } = renderWithProviders(<ProductDetails id="p1" />, {
      path: '/productdetails/:id',
      url: '/productdetails/p1',
    });
    await screen.findByRole('heading', { name: 'Adire wrap' });
    chooseSize('medium');
    expect(availability()).toBe('In Stock· only 2 left');

    // The product is read again (another shopper bought the last two mediums).
    await act(async () => {
      queryClient.setQueryData(productKeys.detail('p1'), {
        ...wrap,
        counter: 11,
        variants: wrap.variants.map((v) =>
          v.size === 'medium' ? { ...v, counter: 0, availability: 'Out of Stock' as const } : v,
        ),
      });
    });
    // The query cache tells its observers in a task of its own (TanStack's notifyManager).
    await waitFor(() => expect(availability()).toBe('Out of Stock'));
    expect(price()).toEqual({ text: 'Sale price ₦13,500.00', old: 'Was ₦15,000.00' });
    expect(screen.getByRole('button', { name: 'Buy Now' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add to Cart' }).hasAttribute('disabled')).toBe(true);

    chooseSize('small');
    expect(availability()).toBe('In Stock');
    expect(screen.getByRole('button', { name: 'Buy Now' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('ProductDetails: WhatsApp and share links', () => {
  const SHOP = { ...DEFAULT_STORE_SETTINGS, whatsappNumber: '+234 (801) 234-5678' };
  const serveWith = (settings: object) =>
    mockFetch(({ url }) => {
      if (url.pathname === '/api/products/p1') return { body: wrap };
      if (url.pathname === '/api/products') return { body: [], headers: { 'x-total-count': '0' } };
      if (url.pathname === '/api/settings') return { body: settings };
    });
  const pageUrl = () => `${window.location.origin}/productdetails/p1`;
  const ask = (text: string) => `https://wa.me/2348012345678?text=${encodeURIComponent(text)}`;
  const opensSafely = (link: HTMLElement) => {
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  };

  it('asks the shop on WhatsApp about the product, with the size and colour chosen and its link', async () => {
    serveWith(SHOP);
    renderWithProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1' });
    const link = await screen.findByRole('link', { name: 'Ask on WhatsApp (opens in a new tab)' });
    // The only colour is chosen from the start; no size yet. The page's address follows the
    // first render (a deferred value): on a busy machine the link was found before it.
    await waitFor(() =>
      expect(link.getAttribute('href')).toBe(ask(`Hello Adire, I'm interested in Adire wrap (Indigo) – ${pageUrl()}`)),
    );
    opensSafely(link);

    // A variant chosen: its own link, whose page shows its photo and price (issue 31).
    chooseSize('medium');
    await waitFor(() =>
      expect(link.getAttribute('href')).toBe(
        ask(`Hello Adire, I'm interested in Adire wrap (medium / Indigo) – ${pageUrl()}?variant=v-medium`),
      ),
    );
    // Digits only, and the text encoded: no space, apostrophe or slash left raw.
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/2348012345678\?text=[^ /]+$/);
  });

  it('has share links for WhatsApp, X and Facebook with the page’s address', async () => {
    serveWith(SHOP);
    renderWithProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1' });
    const share = await screen.findByRole('list', { name: 'Share' });
    const links = within(share).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Share on WhatsApp (opens in a new tab)',
      'Share on X (opens in a new tab)',
      'Share on Facebook (opens in a new tab)',
    ]);
    const url = encodeURIComponent(pageUrl());
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `https://wa.me/?text=${encodeURIComponent(`Adire wrap – Adire ${pageUrl()}`)}`,
      `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent('Adire wrap – Adire')}`,
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    ]);
    for (const link of links) opensSafely(link);
  });

  it('opens a variant’s link (?variant=) with its size and colour chosen, and shares that link', async () => {
    serveWith(SHOP);
    renderWithProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1?variant=v-large' });
    const share = await screen.findByRole('list', { name: 'Share' });
    expect((screen.getByRole('radio', { name: 'large' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Indigo' }) as HTMLInputElement).checked).toBe(true);
    expect(price()).toEqual({ text: '₦15,000.00', old: null });
    const linked = `${pageUrl()}?variant=v-large`;
    expect(
      within(share)
        .getByRole('link', { name: /Share on WhatsApp/ })
        .getAttribute('href'),
    ).toBe(`https://wa.me/?text=${encodeURIComponent(`Adire wrap – Adire ${linked}`)}`);
    // The shop's number comes with the settings, which may arrive after the page.
    expect((await screen.findByRole('link', { name: /Ask on WhatsApp/ })).getAttribute('href')).toBe(
      ask(`Hello Adire, I'm interested in Adire wrap (large / Indigo) – ${linked}`),
    );

    // An id that is not one of its variants chooses nothing, and the bare link is shared.
    cleanup();
    renderWithProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1?variant=gone' });
    const bare = await screen.findByRole('list', { name: 'Share' });
    expect((screen.getByRole('radio', { name: 'large' }) as HTMLInputElement).checked).toBe(false);
    expect(
      within(bare)
        .getByRole('link', { name: /Share on Facebook/ })
        .getAttribute('href'),
    ).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl())}`);
  });

  it('shows no WhatsApp link to the shop without a number, and still the share links', async () => {
    serveWith({ ...SHOP, storeName: 'Adire Lagos', whatsappNumber: '' });
    renderWithProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1' });
    // The settings have arrived (the share text names the shop).
    const x = await screen.findByRole('link', { name: 'Share on X (opens in a new tab)' });
    await waitFor(() => expect(x.getAttribute('href')).toContain(encodeURIComponent('Adire wrap – Adire Lagos')));
    expect(screen.queryByRole('link', { name: /Ask on WhatsApp/ })).toBeNull();
    expect(screen.queryAllByRole('link').filter((l) => l.getAttribute('href')?.startsWith('https://wa.me/2'))).toEqual([]);
  });

  it('renders the same on the server and in the hydrating browser, then fills in the page’s address', async () => {
    const client = testQueryClient();
    client.setQueryData(productKeys.detail('p1'), wrap);
    client.setQueryData(settingsKeys.all, SHOP);
    const page = () =>
      withProviders(<ProductDetails id="p1" />, { path: '/productdetails/:id', url: '/productdetails/p1', client }).ui;
    // The server knows no address: the message goes without it, and the share links wait.
    const html = renderToString(page());
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(
      within(container)
        .getByRole('link', { name: /Ask on WhatsApp/ })
        .getAttribute('href'),
    ).toBe(ask("Hello Adire, I'm interested in Adire wrap (Indigo)"));
    expect(within(container).queryAllByRole('link', { name: /^Share on/ })).toEqual([]);
    expect(within(container).getByText('Share')).toBeTruthy();

    const errors: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page(), { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    const link = within(container).getByRole('link', { name: /Ask on WhatsApp/ });
    expect(link.getAttribute('href')).toBe(ask(`Hello Adire, I'm interested in Adire wrap (Indigo) – ${pageUrl()}`));
    expect(within(container).getAllByRole('link', { name: /^Share on/ })).toHaveLength(3);
    act(() => root!.unmount());
    container.remove();
  });
});

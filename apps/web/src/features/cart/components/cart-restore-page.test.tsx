/**
 * /cart/restore?token=… (issue 31): the link replaces the device's cart with the checkout's
 * lines (as the catalogue sells them now), says how many came back, and shows the API's
 * message for a link that expired or is unknown.
 */
import type { RestoredCart } from '@shop/shared/recovery';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { CART_STORAGE_KEY, useCart } from '../cart-store.ts';
import { CartRestorePage } from './cart-restore-page.tsx';

const restored: RestoredCart = {
  lines: [
    {
      productId: 'p1',
      variantId: 'v1',
      title: 'Ankara Wrap Dress',
      imageUrl: null,
      price: 25_000,
      salePrice: 20_000,
      size: 'medium',
      color: 'Burnt Orange',
      stock: 4,
      quantity: 2,
    },
  ],
  unavailable: 1,
  expiresAt: '2026-12-03T10:00:00.000Z',
};

beforeEach(() => {
  localStorage.clear();
  useCart.setState({ lines: [] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the cart restore page', () => {
  it("replaces the device's cart with the checkout's lines", async () => {
    useCart.getState().add({
      productId: 'other',
      variantId: 'other-v',
      title: 'Coral Bead Necklace',
      imageUrl: null,
      price: 6_000,
      salePrice: 6_000,
      size: '',
      color: '',
      stock: 3,
    });
    const fetch = mockFetch(({ url }) => (url.pathname === '/api/cart/restore/tok123' ? { body: restored } : undefined));
    renderWithProviders(<CartRestorePage token="tok123" />);

    expect(await screen.findByText('Your cart is back: 2 items.')).toBeTruthy();
    expect(screen.getByText('1 item of it is no longer for sale and was left out.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my cart' }).getAttribute('href')).toBe('/cart');
    const lines = useCart.getState().lines;
    expect(lines).toEqual([{ ...restored.lines[0], id: 'v1' }]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).lines).toEqual(lines);
    // Public: no sign-in asked or sent.
    expect(fetch.requests.map((r) => r.url.pathname)).toEqual(['/api/cart/restore/tok123']);
  });

  it("shows the API's message for an expired link and leaves the cart alone", async () => {
    const msg = 'This cart link has expired: links work for 7 days. Add the items again from the shop.';
    mockFetch(({ url }) => (url.pathname.startsWith('/api/cart/restore/') ? { status: 410, body: { msg } } : undefined));
    useCart.setState({ lines: [] });
    renderWithProviders(<CartRestorePage token="old" />);
    expect((await screen.findByRole('alert')).textContent).toBe(msg);
    expect(useCart.getState().lines).toEqual([]);
  });

  it('says a link without its token is not complete, asking nothing', async () => {
    const fetch = mockFetch(() => undefined);
    renderWithProviders(<CartRestorePage token="" />);
    expect(screen.getByRole('alert').textContent).toContain('not complete');
    expect(fetch.requests).toEqual([]);
  });
});

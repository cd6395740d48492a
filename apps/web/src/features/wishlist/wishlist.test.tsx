/**
 * The wishlist in the storefront (issue 31): the heart (a toggle button, its name saying what a
 * press does), a guest's list kept on the device, merged into the account when she signs in,
 * the signed-in shopper's changes sent to the API, the /wishlist page with its share link, and
 * a shared list's page.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '@/components/product-card.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { ShopActionsContext } from '@/lib/shop-actions.ts';
import { mockFetch, renderWithProviders } from '@/test/harness.tsx';
import { makeProduct } from '@/test/products.ts';
import { SharedWishlistPage, WishlistPage } from './components/wishlist-page.tsx';
import { WishlistHeart } from '@/components/wishlist-heart.tsx';
import { readDeviceList, syncWishlist, useWishlist, WISHLIST_STORAGE_KEY } from '@/lib/wishlist-store.ts';

const shopper = {
  accessToken: 'token-1',
  user: {
    id: 'u1',
    fname: 'Tolu',
    lname: 'Adeyemi',
    email: 'tolu@example.com',
    phone: '',
    address: '',
    city: '',
    state: '',
    country: '',
    role: 'shopper' as const,
  },
};

const item = (productId: string) => ({ productId, addedAt: '2026-11-26T10:00:00.000Z' });

/** The API: the account's list is `account`; products p1…p9 exist. */
function api(account: string[] = []) {
  return mockFetch(({ method, url, body }) => {
    if (url.pathname === '/api/account/wishlist' && method === 'GET') return { body: account.map(item) };
    if (url.pathname === '/api/account/wishlist' && method === 'POST')
      return { status: 201, body: item((body as { productId: string }).productId) };
    if (url.pathname.startsWith('/api/account/wishlist/') && method === 'DELETE') return { body: { msg: 'Removed' } };
    if (url.pathname === '/api/account/wishlist/merge') {
      const merged = [...new Set([...(body as { productIds: string[] }).productIds, ...account])];
      return { body: merged.map(item) };
    }
    if (url.pathname === '/api/account/wishlist/share')
      return { body: { shareToken: 'T'.repeat(22), path: `/wishlist/${'T'.repeat(22)}` } };
    const product = url.pathname.match(/^\/api\/products\/(p\d)$/);
    if (product) return { body: { ...makeProduct(Number(product[1]!.slice(1))), variants: [] } };
    return undefined;
  });
}

async function signedOut() {
  useSession.getState().signOut();
  await syncWishlist();
}

beforeEach(async () => {
  localStorage.clear();
  await signedOut();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the heart', () => {
  it("keeps a guest's list on the device, and says what a press does", async () => {
    const fetch = api();
    renderWithProviders(<WishlistHeart productId="p1" />);
    const heart = screen.getByRole('button', { name: 'Save to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(heart);
    const saved = screen.getByRole('button', { name: 'Remove from wishlist' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(readDeviceList()).toEqual(['p1']);
    await userEvent.click(saved);
    expect(screen.getByRole('button', { name: 'Save to wishlist' }).getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(WISHLIST_STORAGE_KEY)).toBeNull();
    // A guest's heart asks nothing of the server.
    expect(fetch.requests.filter((r) => r.url.pathname.includes('wishlist'))).toEqual([]);
  });

  it("changes a signed-in shopper's list on the server", async () => {
    const fetch = api();
    useSession.getState().signIn(shopper);
    await waitFor(() => expect(useWishlist.getState()).toMatchObject({ source: 'account', ready: true }));
    renderWithProviders(<WishlistHeart productId="p2" title="Product 2" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save to wishlist: Product 2' }));
    expect(fetch.last('/api/account/wishlist')).toMatchObject({ method: 'POST', body: { productId: 'p2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Remove from wishlist: Product 2' }));
    expect(fetch.last('/api/account/wishlist/p2')?.method).toBe('DELETE');
    expect(readDeviceList()).toEqual([]);
  });

  it('is on every product card, named for its product', async () => {
    api();
    renderWithProviders(
      <ShopActionsContext.Provider value={{ addToCart: vi.fn(), checkout: vi.fn() }}>
        <ProductCard product={makeProduct(3)} />
      </ShopActionsContext.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save to wishlist: Product 3' }));
    expect(screen.getByRole('button', { name: 'Remove from wishlist: Product 3' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('signing in', () => {
  it("merges the guest's device list into the account's, then clears the device", async () => {
    const fetch = api(['p9']);
    renderWithProviders(<WishlistHeart productId="p1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    await useWishlist.getState().toggle('p2');
    expect(readDeviceList()).toEqual(['p2', 'p1']);

    useSession.getState().signIn(shopper);
    await waitFor(() => expect(useWishlist.getState().ids).toEqual(['p2', 'p1', 'p9']));
    expect(fetch.last('/api/account/wishlist/merge')?.body).toEqual({ productIds: ['p2', 'p1'] });
    expect(localStorage.getItem(WISHLIST_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toBeTruthy();

    // Signed out: the account's list leaves the screen; the device holds nothing of it.
    useSession.getState().signOut();
    await waitFor(() => expect(useWishlist.getState()).toMatchObject({ ids: [], source: 'device' }));
  });

  it('reads the account list without a merge when the device has none', async () => {
    const fetch = api(['p4']);
    useSession.getState().signIn(shopper);
    await waitFor(() => expect(useWishlist.getState().ids).toEqual(['p4']));
    expect(fetch.requests.some((r) => r.url.pathname === '/api/account/wishlist/merge')).toBe(false);
  });
});

describe('the /wishlist page', () => {
  it("shows a guest's saved products and offers to sign in", async () => {
    api();
    await useWishlist.getState().toggle('p1');
    await useWishlist.getState().toggle('p5');
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    expect(await screen.findByRole('link', { name: 'Product 5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Product 1' })).toBeTruthy();
    expect(screen.queryByText('Share your wishlist')).toBeNull();
    // Signing in from here keeps her on the page (the panel is asked for and waited on).
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useSignInRequest.getState()).toMatchObject({ open: true, waiting: expect.any(Function) });
    useSignInRequest.getState().settle(false);
  });

  it('says when the list is empty', async () => {
    api();
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    expect(screen.getByText('Your wishlist is empty')).toBeTruthy();
  });

  it('gives a signed-in shopper her share link and a WhatsApp link to send it', async () => {
    api(['p6']);
    useSession.getState().signIn(shopper);
    renderWithProviders(<WishlistPage />, { path: '/wishlist' });
    expect(await screen.findByRole('link', { name: 'Product 6' })).toBeTruthy();
    const link = `${window.location.origin}/wishlist/${'T'.repeat(22)}`;
    expect(((await screen.findByLabelText("Your wishlist's link")) as HTMLInputElement).value).toBe(link);
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')!;
    expect(whatsapp.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(whatsapp)).toContain(link);
  });
});

describe('a shared wishlist', () => {
  it('shows its products, read-only', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/wishlists/shared-token') return { body: { productIds: ['p7'] } };
      if (url.pathname === '/api/products/p7') return { body: { ...makeProduct(7), variants: [] } };
      return undefined;
    });
    renderWithProviders(<SharedWishlistPage shareToken="shared-token" />, { path: '/wishlist/:shareToken' });
    expect(await screen.findByRole('link', { name: 'Product 7' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'A wishlist shared with you' })).toBeTruthy();
    expect(screen.queryByLabelText("Your wishlist's link")).toBeNull();
  });

  it('is not found for an unknown link', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<SharedWishlistPage shareToken="nope" />, { path: '/wishlist/:shareToken' });
    expect(await screen.findByRole('heading', { name: 'Wishlist not found' })).toBeTruthy();
  });
});

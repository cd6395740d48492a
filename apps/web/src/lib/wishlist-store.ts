/**
 * The wishlist (issue 31): the product ids the shopper saved, newest first. A guest's list is
 * kept on the device (localStorage, as the cart is); a signed-in shopper's is her account's
 * (/api/account/wishlist), changed at once here and then on the server. When she signs in,
 * the device's list joins the account's (one merge request) and leaves the device, so the next
 * person on it does not see it. Loaded with the first heart or the wishlist page, never in the
 * storefront's entry: signing in on a page without hearts merges when the store first loads.
 */
import { create } from 'zustand';
import { ApiError } from '@/lib/api-client.ts';
import { wishlistApi } from '@/lib/api/wishlist.ts';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';

export const WISHLIST_STORAGE_KEY = 'wishlist';

interface WishlistState {
  /** Product ids, newest first. */
  ids: string[];
  /** Where the list is: the device's (a guest) or the account's. */
  source: 'device' | 'account';
  /** false while the account's list is on its way. */
  ready: boolean;
  /** Saves the product, or takes it off when saved. */
  toggle(productId: string, title?: string): Promise<void>;
}

/** The device's list; anything unreadable counts as none. */
export function readDeviceList(): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(WISHLIST_STORAGE_KEY) ?? 'null') as { productIds?: unknown } | null;
    return Array.isArray(stored?.productIds) ? stored.productIds.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeDeviceList(ids: string[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(WISHLIST_STORAGE_KEY);
    else localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify({ productIds: ids }));
  } catch {
    // Storage full or blocked: the list still works for this visit.
  }
}

const idsOf = (items: { productId: string }[]) => items.map((item) => item.productId);

export const useWishlist = create<WishlistState>()((set, get) => ({
  ids: [],
  source: 'device',
  ready: true,
  async toggle(productId, title) {
    const { ids, source } = get();
    const saved = ids.includes(productId);
    const next = saved ? ids.filter((id) => id !== productId) : [productId, ...ids];
    set({ ids: next });
    if (!saved) notify.success(title ? `${title} saved to your wishlist` : 'Saved to your wishlist', { id: `wish-${productId}` });
    if (source === 'device') {
      writeDeviceList(next);
      return;
    }
    try {
      await (saved ? wishlistApi.remove(productId) : wishlistApi.add(productId));
    } catch (error) {
      // Already off the list (another tab took it off): what was asked for is true.
      if (saved && error instanceof ApiError && error.status === 404) return;
      set(({ ids: now }) => ({ ids: saved ? [productId, ...now] : now.filter((id) => id !== productId) }));
      notify.error(
        error instanceof ApiError && error.status === 404
          ? 'This product is no longer in the shop'
          : 'Your wishlist could not be changed; please try again',
      );
    }
  },
}));

/** Each sync's turn: an answer for an older one (signed out meanwhile) is dropped. */
let turn = 0;

/**
 * Shows the list of whoever is here now: the account's (merging the device's into it first,
 * then clearing the device's), or the device's for a guest.
 */
export async function syncWishlist(): Promise<void> {
  const mine = ++turn;
  const status = useSession.getState().status;
  if (status === 'restoring') return;
  if (status === 'signed-out') {
    useWishlist.setState({ ids: readDeviceList(), source: 'device', ready: true });
    return;
  }
  useWishlist.setState({ source: 'account', ready: false });
  try {
    const device = readDeviceList();
    const items = device.length > 0 ? await wishlistApi.merge(device) : await wishlistApi.list();
    if (mine !== turn) return;
    if (device.length > 0) writeDeviceList([]);
    useWishlist.setState({ ids: idsOf(items), ready: true });
  } catch {
    // Kept on the device until the next try (a new page load or sign-in); nothing is lost.
    if (mine === turn) useWishlist.setState({ ids: [], ready: true });
  }
}

if (typeof window !== 'undefined') {
  void syncWishlist();
  useSession.subscribe((state, previous) => {
    if (state.status !== previous.status) void syncWishlist();
  });
  // Another tab changed a guest's list: show it here too.
  window.addEventListener('storage', (event) => {
    if (event.key === WISHLIST_STORAGE_KEY && useWishlist.getState().source === 'device') {
      useWishlist.setState({ ids: readDeviceList() });
    }
  });
}

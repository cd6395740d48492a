/**
 * /wishlist: the shopper's saved products as cards (each with its heart, to take it off), and
 * for a signed-in shopper her list's share link, to copy or send on WhatsApp. A guest's list is
 * the device's; she is offered to sign in to keep it. /wishlist/{shareToken}: a list someone
 * shared, read-only, the products alone. Both load lazily (the page's own chunk).
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingState, NotFoundState } from '@/components/page-states.tsx';
import { shareTargets, usePageUrl } from '@/components/share-links.tsx';
import { primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { ProductGrid, ProductGridSkeleton } from '@/components/product-grid.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { productOptions } from '@/lib/api/products.ts';
import { sharedWishlistOptions, wishlistShareOptions } from '@/lib/api/wishlist.ts';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { useWishlist } from '@/lib/wishlist-store.ts';

/** The products of `ids` that exist, in the list's order, and whether some are still loading. */
function useProducts(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => productOptions(id)),
    combine: (results) => ({
      products: results.flatMap((r) => (r.data ? [r.data as ProductDetail] : [])),
      pending: results.some((r) => r.isPending),
    }),
  });
}

function SavedProducts({ ids }: { ids: readonly string[] }) {
  const { products, pending } = useProducts(ids);
  if (pending && products.length === 0) return <ProductGridSkeleton count={Math.min(ids.length, 8)} />;
  return <ProductGrid products={products} />;
}

function EmptyList() {
  return (
    <div className="bg-cream px-6 py-12 text-center">
      <Heart aria-hidden size={36} strokeWidth={1.25} className="mx-auto text-muted" />
      <p className="mt-4 font-display text-2xl">Your wishlist is empty</p>
      <p className="mt-2 text-muted">Tap the heart on a product to save it here.</p>
      <Link to="/new" className={`${primaryButton} mt-6`}>
        Start shopping
      </Link>
    </div>
  );
}

/** The list's link: shown, copied, or sent on WhatsApp. */
function ShareWishlist() {
  const share = useQuery(wishlistShareOptions);
  const url = usePageUrl(share.data?.path ?? '/wishlist');
  const [copied, setCopied] = useState(false);
  if (share.isError) return <p className="text-sm text-muted">Your share link could not be loaded.</p>;
  if (!share.data || !url) return null;
  const whatsapp = shareTargets(url, 'My wishlist at Adire:')[0]!.href;
  return (
    <section aria-labelledby="share-wishlist" className="mt-10 border-t border-line pt-6">
      <h2 id="share-wishlist" className="text-xs font-semibold tracking-[0.14em] uppercase">
        Share your wishlist
      </h2>
      <p className="mt-2 text-sm text-muted">Anyone with this link sees the products on your list, and nothing else about you.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label="Your wishlist's link"
          className="min-h-10 min-w-0 flex-1 border border-line px-3 text-sm"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </button>
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={primaryButton}>
          Share on WhatsApp
        </a>
      </div>
    </section>
  );
}

export function WishlistPage() {
  const ids = useWishlist((s) => s.ids);
  const ready = useWishlist((s) => s.ready);
  const status = useSession((s) => s.status);
  const signedIn = status === 'signed-in';
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">My wishlist</h1>
      {!signedIn && status !== 'restoring' && (
        <p className="mt-3 text-sm text-muted">
          Saved on this device.{' '}
          <button
            type="button"
            className="font-semibold underline underline-offset-4"
            onClick={() => void useSignInRequest.getState().request()}
          >
            Sign in
          </button>{' '}
          to keep your wishlist on every device and share it.
        </p>
      )}
      <div className="mt-8">
        {status === 'restoring' || !ready ? <LoadingState /> : ids.length === 0 ? <EmptyList /> : <SavedProducts ids={ids} />}
      </div>
      {signedIn && ready && ids.length > 0 && <ShareWishlist />}
    </div>
  );
}

export function SharedWishlistPage({ shareToken }: { shareToken: string }) {
  const list = useQuery(sharedWishlistOptions(shareToken));
  if (list.isPending) return <LoadingState />;
  if (list.isError) {
    return list.error instanceof ApiError && list.error.status === 404 ? (
      <NotFoundState title="Wishlist not found" text="This wishlist link does not work: it may have been mistyped." />
    ) : (
      <p role="alert" className="mx-auto max-w-7xl px-4 py-10 text-sale">
        This wishlist could not be loaded. Please try again.
      </p>
    );
  }
  const ids = list.data.productIds;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl">A wishlist shared with you</h1>
      <div className="mt-8">
        {ids.length === 0 ? <p className="text-muted">There is nothing on this wishlist yet.</p> : <SavedProducts ids={ids} />}
      </div>
    </div>
  );
}

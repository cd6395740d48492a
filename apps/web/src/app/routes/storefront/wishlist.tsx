import { useParams } from 'react-router';
import { PageHead } from '@/components/seo.tsx';
import { SharedWishlistPage, WishlistPage } from '@/features/wishlist/components/wishlist-page.tsx';

/** /wishlist: the shopper's saved products. */
export default function WishlistRoute() {
  return (
    <>
      <PageHead title="My wishlist — Adire" noindex />
      <WishlistPage />
    </>
  );
}

/** /wishlist/:shareToken: a list someone shared (private to whoever has the link: noindex). */
export function SharedWishlistRoute() {
  return (
    <>
      <PageHead title="A shared wishlist — Adire" noindex />
      <SharedWishlistPage shareToken={useParams().shareToken ?? ''} />
    </>
  );
}

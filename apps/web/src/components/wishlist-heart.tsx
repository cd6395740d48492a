/**
 * The heart on product cards and the product page: saves the product to the wishlist, or takes
 * it off. A toggle button (aria-pressed) whose name says what a press does. Kept tiny: it is on
 * every card; the icon is Lucide's heart path (ISC licence) drawn inline.
 */
import { useWishlist } from '@/lib/wishlist-store.ts';

const HEART =
  'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.5 5.5 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5';

interface WishlistHeartProps {
  productId: string;
  /** The product's title: in a grid, each heart's name says which product it saves. */
  title?: string;
  className?: string;
  size?: number;
}

export function WishlistHeart({ productId, title, className = '', size = 20 }: WishlistHeartProps) {
  const saved = useWishlist((s) => s.ids.includes(productId));
  const toggle = useWishlist((s) => s.toggle);
  const action = saved ? 'Remove from wishlist' : 'Save to wishlist';
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={title ? `${action}: ${title}` : action}
      title={action}
      onClick={() => void toggle(productId, title)}
      className={`flex size-10 items-center justify-center rounded-full transition-colors ${saved ? 'text-sale' : 'text-ink'} ${className}`}
    >
      <svg
        aria-hidden="true"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={saved ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={HEART} />
      </svg>
    </button>
  );
}

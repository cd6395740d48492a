import type { Product } from '@shop/shared/catalog';
import { HEADING_MAX_CHARS } from '@shop/shared/constants';
import { productPath } from '@shop/shared/paths';
import { truncate } from '@shop/shared/text';
import { Link, useNavigate } from 'react-router';
import { notify } from '@/lib/notify.tsx';
import { cartItemFrom, isInStock } from '@/lib/product.ts';
import { useShopActions } from '@/lib/shop-actions.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { CHOICE_MESSAGES } from '@/lib/variant-choice.ts';
import { WishlistHeart } from './wishlist-heart.tsx';
import { Price } from './price.tsx';
import { ProductImage } from './product-image.tsx';

interface ProductCardProps {
  product: Product;
  /** `sizes` for the photo; defaults to a listing's grid (CARD_SIZES). */
  sizes?: string;
  priority?: boolean;
}

/**
 * How wide a card's photo shows in a listing's grid (`ProductGrid` in a listing's page: 1rem of
 * padding and a 0.75rem gap on phones, 1.5rem of each from 640 px, the 15rem filters and a 3rem
 * gap beside it from 1024 px, four columns of the 80rem page from 1280 px). Said to the pixel:
 * with "50vw", a 360 px phone at 2× (most of the shop's phones) asked for 360 px and got the
 * 640 px file for a 158 px card; it now takes the 320 px one (/women's first view: 60.3 → 25.9
 * kB of photos on that phone). An e2e test (image-sizes.spec.ts) holds these to the grid's real
 * widths.
 */
export const CARD_SIZES =
  '(min-width: 1280px) 218px, (min-width: 1024px) calc((100vw - 384px) / 3), (min-width: 640px) calc((100vw - 96px) / 3), calc((100vw - 44px) / 2)';

/** Screens with a mouse; phones never show the hover photo, so they do not download it. */
const CAN_HOVER = '(hover: hover) and (pointer: fine)';

/**
 * A product in a grid or carousel: first photo, the second on hover (and the text colours
 * invert), the heading cut at 39 characters, the price ("from ₦X" when its sizes are priced
 * differently), and a working Add to Cart (a product with sizes or colours opens its page
 * to choose them), and the wishlist's heart on the photo.
 */
export function ProductCard({ product, sizes = CARD_SIZES, priority = false }: ProductCardProps) {
  const { addToCart } = useShopActions();
  const navigate = useNavigate();
  const canHover = useMediaQuery(CAN_HOVER);
  const [first, second] = product.imageUrls;
  const href = productPath(product.id);
  const inStock = isInStock(product);
  return (
    <article className="group flex h-full flex-col bg-white text-ink transition-colors duration-200 hover:bg-ink hover:text-white">
      <div className="relative">
        <Link to={href} className="relative block overflow-hidden" tabIndex={-1} aria-hidden>
          <ProductImage url={first ?? product.imageUrl} alt="" sizes={sizes} priority={priority} />
          {second && canHover && (
            <ProductImage
              url={second}
              alt=""
              sizes={sizes}
              className="absolute inset-0 h-full opacity-0 transition-opacity duration-300 group-hover:opacity-100"
            />
          )}
          {product.discount > 0 && (
            <span className="absolute top-2 left-2 bg-sale px-2 py-0.5 text-xs font-semibold tracking-wider text-white uppercase">
              Sale
            </span>
          )}
          {!inStock && (
            <span className="absolute top-2 right-2 bg-white/90 px-2 py-0.5 text-xs font-medium tracking-wider text-ink uppercase">
              Sold out
            </span>
          )}
        </Link>
        <WishlistHeart
          productId={product.id}
          title={product.title}
          className="absolute right-1.5 bottom-1.5 bg-white/90 shadow-sm hover:bg-white"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 px-1 pt-3 pb-2 sm:px-2">
        {product.brand && (
          <p className="text-xs tracking-widest text-muted uppercase group-hover:text-white/75">{product.brand}</p>
        )}
        <h3 className="text-sm leading-snug font-medium">
          <Link to={href} className="focus-visible:underline">
            {product.title}
          </Link>
        </h3>
        <p className="text-sm text-muted group-hover:text-white/80" title={product.heading}>
          {truncate(product.heading, HEADING_MAX_CHARS)}
        </p>
        <Price
          price={product.price}
          discount={product.discount}
          from={product.priceFrom}
          className="mt-auto pt-1 text-sm group-hover:[&_*]:text-white"
        />
        <button
          type="button"
          disabled={!inStock}
          onClick={() => {
            // One variant: into the cart. Sizes or colours to choose: on the product's page.
            if (product.defaultVariantId) addToCart(cartItemFrom(product));
            else {
              notify.success(CHOICE_MESSAGES[product.size.length > 0 ? 'size' : 'colour'], { id: 'choose' });
              navigate(href);
            }
          }}
          aria-label={`Add to Cart: ${product.title}`}
          className="mt-2 w-full border border-current px-3 py-2 text-xs font-semibold tracking-widest uppercase transition-colors hover:bg-accent hover:text-white hover:border-accent disabled:cursor-not-allowed disabled:opacity-50"
        >
          Add to Cart
        </button>
      </div>
    </article>
  );
}

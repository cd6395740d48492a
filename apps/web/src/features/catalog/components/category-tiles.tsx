import { Link } from 'react-router';
import { DeferredImage } from '@/lib/deferred-image.tsx';
import { staticSrcSet } from '@/lib/images.ts';

const TILES = [
  { label: 'Dresses', to: '/dressescategory', image: 'tile-dresses' },
  { label: 'Beauty', to: '/beautycategory', image: 'tile-beauty' },
  { label: 'Jewelries', to: '/jewellery', image: 'tile-jewellery' },
  { label: 'Home Decoration', to: '/homedecorcategory', image: 'tile-home' },
] as const;

/**
 * How wide a tile shows, to the pixel (as CARD_SIZES, product-card.tsx): two columns with 1rem
 * of padding and a 0.75rem gap on phones, 1.5rem of each from 640 px, four columns from 1024 px
 * in the 80rem page. With "50vw" a 360 px phone at 2× took the 640 px files for 158 px tiles.
 */
const TILE_SIZES =
  '(min-width: 1280px) 290px, (min-width: 1024px) calc((100vw - 120px) / 4), (min-width: 640px) calc((100vw - 72px) / 2), calc((100vw - 44px) / 2)';

/** The four category tiles of the home page. */
export function CategoryTiles() {
  return (
    <section aria-labelledby="shop-by-category" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="shop-by-category" className="font-display text-2xl sm:text-3xl">
        Shop by category
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {TILES.map((tile) => (
          <li key={tile.label}>
            <Link to={tile.to} className="group relative block overflow-hidden bg-cream">
              <DeferredImage
                src={`/img/${tile.image}-640.webp`}
                srcSet={staticSrcSet(tile.image, [320, 640])}
                alt=""
                decoding="async"
                sizes={TILE_SIZES}
                width={640}
                height={800}
                className="aspect-[4/5] w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/70 to-transparent px-4 pt-10 pb-4 font-display text-xl text-white sm:text-2xl">
                {tile.label}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { Product } from '@shop/shared/catalog';
import { CAROUSEL_PAGE_SIZE } from '@shop/shared/constants';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { nextStart, previousStart, visibleSlice } from '@/lib/carousel.ts';
import { ProductCard } from './product-card.tsx';

interface ProductCarouselProps {
  title: string;
  products: Product[];
  loading?: boolean;
  pageSize?: number;
  /** A link shown beside the title ("View all"). */
  action?: React.ReactNode;
}

/**
 * A row of product cards paged by 3 with previous/next arrows: next wraps to the start,
 * previous wraps to the last 3. Each carousel keeps its own position.
 */
export function ProductCarousel({
  title,
  products,
  loading = false,
  pageSize = CAROUSEL_PAGE_SIZE,
  action,
}: ProductCarouselProps) {
  const [start, setStart] = useState(0);
  const headingId = useId();
  const rowRef = useRef<HTMLUListElement>(null);
  const total = products.length;
  const visible = visibleSlice(products, start, pageSize);
  const move = (to: number) => {
    setStart(to);
    rowRef.current?.scrollTo?.({ left: 0 });
  };
  const arrow =
    'flex size-10 items-center justify-center rounded-full border border-line bg-white text-ink transition-colors hover:border-ink disabled:opacity-40';
  return (
    <section aria-labelledby={headingId} aria-roledescription="carousel" className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="font-display text-2xl sm:text-3xl">
            {title}
          </h2>
          {action}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className={arrow}
            aria-label={`Previous products: ${title}`}
            disabled={total <= pageSize}
            onClick={() => move(previousStart(start, total, pageSize))}
          >
            <ChevronLeft aria-hidden size={20} />
          </button>
          <button
            type="button"
            className={arrow}
            aria-label={`Next products: ${title}`}
            disabled={total <= pageSize}
            onClick={() => move(nextStart(start, total, pageSize))}
          >
            <ChevronRight aria-hidden size={20} />
          </button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {total > 0 ? `Showing ${start + 1} to ${start + visible.length} of ${total}` : ''}
      </p>
      {loading ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-hidden>
          {Array.from({ length: pageSize }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} className={`aspect-[4/5] animate-pulse bg-cream ${i > 1 ? 'hidden sm:block' : ''}`} />
          ))}
        </div>
      ) : (
        <ul
          ref={rowRef}
          className={
            pageSize === 1
              ? 'mx-auto grid max-w-sm grid-cols-1'
              : '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0'
          }
        >
          {visible.map((product) => (
            <li
              key={product.id}
              className={pageSize === 1 ? '' : 'w-[68%] shrink-0 snap-start sm:w-auto'}
              data-testid="carousel-item"
            >
              <ProductCard product={product} sizes="(min-width: 1280px) 400px, (min-width: 640px) 33vw, 68vw" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { CAROUSEL_PAGE_SIZE } from '@shop/shared/constants';
import { Link } from 'react-router';
import { ProductCarousel } from '@/components/product-carousel.tsx';
import { staticSrcSet } from '@/lib/images.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { type ProductFilters, productListOptions } from '@/lib/api/products.ts';
import { useQuery } from '@tanstack/react-query';

export interface LandingConfig {
  /** The big label on the banner. */
  label: string;
  intro: string;
  image: string;
  filters: ProductFilters;
  /** Used when `filters` finds nothing (a shop without that sub-category). */
  fallback: ProductFilters;
  /** The full listing. */
  to: string;
}

/** A category landing page: a banner with a big label, then a carousel (3 at ≥ 768 px, 1 below) that wraps. */
export function CategoryLanding({ label, intro, image, filters, fallback, to }: LandingConfig) {
  const wide = useMediaQuery('(min-width: 768px)');
  const primary = useQuery(productListOptions({ ...filters, sort: 'latest', limit: 12 }));
  const useFallback = primary.isSuccess && primary.data.items.length === 0;
  const secondary = useQuery({ ...productListOptions({ ...fallback, sort: 'latest', limit: 12 }), enabled: useFallback });
  const query = useFallback ? secondary : primary;
  return (
    <>
      <title>{`${label} — Adire`}</title>
      <section className="relative isolate flex h-64 items-end overflow-hidden bg-ink sm:h-80 lg:h-96">
        <img
          src={`/img/${image}-1280.webp`}
          srcSet={staticSrcSet(image, [640, 1280])}
          sizes="100vw"
          width={1280}
          height={720}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover opacity-80"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-ink/80 via-ink/30 to-transparent" />
        <div className="mx-auto w-full max-w-7xl px-4 pb-8 text-white sm:px-6 sm:pb-12">
          <h1 className="font-display text-5xl tracking-wide uppercase sm:text-7xl lg:text-8xl">{label}</h1>
          <p className="mt-3 max-w-lg text-sm text-white/90 sm:text-base">{intro}</p>
        </div>
      </section>
      <ProductCarousel
        key={wide ? 'wide' : 'narrow'}
        title={`Shop ${label.toLowerCase()}`}
        products={query.data?.items ?? []}
        loading={query.isPending}
        pageSize={wide ? CAROUSEL_PAGE_SIZE : 1}
        action={
          <Link to={to} className="mt-1 inline-block text-sm underline underline-offset-4 hover:text-accent">
            View all
          </Link>
        }
      />
    </>
  );
}

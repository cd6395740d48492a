/**
 * The listing pages: one ProductListing each, configured by what the page lists, and its head
 * (title with the count, breadcrumbs): the listing table's pages, the search and a brand's page.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useMatches, useSearchParams } from 'react-router';
import { JsonLd, PageHead } from '@/components/seo.tsx';
import { productListOptions } from '@/lib/api/products.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { breadcrumbJsonLd, type Crumb, DEFAULT_SHARE_IMAGE, DEFAULT_SHOP_NAME, listingPage } from '@/lib/seo.ts';
import { BrandDirectory } from '@/features/catalog/components/brand-directory.tsx';
import { type ListingConfig, ProductListing } from '@/features/catalog/components/product-listing.tsx';
import { LISTING_PAGES, type ListingPageSpec } from '@/features/catalog/listing-pages.ts';
import { readListingState, toProductFilters } from '@/features/catalog/listing-params.ts';
import type { StorefrontHandle } from './layout.tsx';

interface ListingPageProps extends ListingConfig {
  /** The pages above this one in the shop, after Home ('Brands' above a brand). */
  parents?: Crumb[];
  /** This page's own address in the breadcrumbs, when its path alone is not it (a brand's page). */
  self?: string;
}

function Listing({ parents = [], self, ...config }: ListingPageProps) {
  return (
    <>
      <ListingHead config={config} parents={parents} self={self} />
      <ProductListing {...config} />
    </>
  );
}

/**
 * The listing's title with its count, description, canonical link and shared-link tags,
 * and its breadcrumbs; the search page is kept out of search results. It reads the same
 * list (one cache entry) the listing shows.
 */
function ListingHead({ config, parents, self }: { config: ListingConfig; parents: Crumb[]; self?: string }) {
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const state = readListingState(params, config.defaultSort ?? 'latest');
  const list = useQuery(productListOptions(toProductFilters(state, config.fixed ?? {}), { keepPrevious: true }));
  const shopName = useQuery(settingsOptions).data?.storeName ?? DEFAULT_SHOP_NAME;
  const pictured = list.data?.items.find((p) => p.imageUrls[0] ?? p.imageUrl);
  const picture = pictured?.imageUrls[0] ?? pictured?.imageUrl;
  const page = listingPage({
    heading: config.heading,
    sub: state.sub || undefined,
    query: config.search ? state.title.trim() || undefined : undefined,
    total: list.data?.total,
    intro: config.intro,
    path: pathname,
    search,
    image: pictured && picture ? { url: picture, alt: pictured.title } : undefined,
    noindex: config.search,
    shopName,
  });
  const own = self ?? pathname;
  const within = (filters: Record<string, string>) => `${own}${own.includes('?') ? '&' : '?'}${new URLSearchParams(filters)}`;
  const trail: Crumb[] = [{ name: 'Home', path: '/' }, ...parents, { name: config.heading, path: own }];
  if (state.sub) {
    trail.push({ name: state.sub, path: within({ sub: state.sub }) });
    if (state.subsub) trail.push({ name: state.subsub, path: within({ sub: state.sub, subsub: state.subsub }) });
  }
  return (
    <>
      <PageHead {...page} />
      {!config.search && <JsonLd data={breadcrumbJsonLd(trail)} />}
    </>
  );
}

export function SearchPage() {
  return <Listing heading="Search" search />;
}

/**
 * A page of the listing table (women, sales, new in, ...; features/catalog/listing-pages.ts):
 * the row of the route it is on, which names it in its handle (storefront-routes.tsx). Keyed
 * by it, so going from one listing page to another starts the page afresh.
 */
export function ListingPage() {
  const path = useMatches()
    .map((match) => (match.handle as StorefrontHandle | undefined)?.listing)
    .find((listing) => listing !== undefined);
  if (!path) throw new Error('ListingPage is routed from the listing table, with its path in the handle');
  const page: ListingPageSpec = LISTING_PAGES[path];
  return (
    <Listing
      key={path}
      heading={page.heading}
      intro={page.intro}
      fixed={page.filters}
      category={page.filters.category}
      defaultSort={page.defaultSort}
      imagesFirst={page.imagesFirst}
    />
  );
}

export function BrandPage() {
  const [params] = useSearchParams();
  const brand = params.get('brand');
  if (!brand) {
    return (
      <>
        <PageHead
          description="The designers and makers we stock, from Lagos and beyond."
          name="Brands"
          path="/brand"
          image={{ url: DEFAULT_SHARE_IMAGE, alt: 'Brands' }}
        />
        <BrandDirectory />
      </>
    );
  }
  return (
    <Listing
      key={brand}
      heading={brand}
      fixed={{ brand }}
      fixedBrand
      parents={[{ name: 'Brands', path: '/brand' }]}
      self={`/brand?${new URLSearchParams({ brand })}`}
      before={
        <Link to="/brand" className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
          <ArrowLeft aria-hidden size={16} /> All brands
        </Link>
      }
    />
  );
}

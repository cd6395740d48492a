/** The listing pages: one ProductListing each, configured by what the page lists, and its head (title with the count, breadcrumbs). */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { JsonLd, PageHead } from '@/components/seo.tsx';
import { productListOptions } from '@/lib/api/products.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { breadcrumbJsonLd, type Crumb, DEFAULT_SHARE_IMAGE, DEFAULT_SHOP_NAME, listingPage } from '@/lib/seo.ts';
import { BrandDirectory } from '@/features/catalog/components/brand-directory.tsx';
import { type ListingConfig, ProductListing } from '@/features/catalog/components/product-listing.tsx';
import { LISTING_FILTERS } from '@/features/catalog/listing-pages.ts';
import { readListingState, toProductFilters } from '@/features/catalog/listing-params.ts';

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

export function SalesPage() {
  return <Listing heading="Sale" intro="Pieces we love, for less while they last." fixed={LISTING_FILTERS.sales} />;
}

export function WomenPage() {
  return (
    <Listing
      heading="Women"
      intro="Adire, ankara and aso-oke, cut for every day and every party."
      fixed={LISTING_FILTERS.women}
      category="Women"
      imagesFirst
    />
  );
}

export function MenPage() {
  return (
    <Listing
      heading="Men"
      intro="Kaftans, shirts and trousers, tailored in Nigeria."
      fixed={LISTING_FILTERS.men}
      category="Men"
    />
  );
}

export function BeautyPage() {
  return (
    <Listing
      heading="Beauty"
      intro="Skincare, make-up and fragrance from Nigerian makers."
      fixed={LISTING_FILTERS.beauty}
      category="Beauty"
    />
  );
}

export function HomeDecorPage() {
  return (
    <Listing
      heading="Home Decor"
      intro="Cushions, vases, wall art and tableware."
      fixed={LISTING_FILTERS.homedecor}
      category="Home"
    />
  );
}

export function JewelleryPage() {
  return (
    <Listing
      heading="Jewellery"
      intro="Brass, gold and coral for every day."
      fixed={LISTING_FILTERS.jewellery}
      category="Jewellery"
    />
  );
}

export function NewInPage() {
  return <Listing heading="New In" intro="The latest arrivals, newest first." defaultSort="latest" />;
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

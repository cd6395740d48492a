/** The listing pages: one ProductListing each, configured by what the page lists. */
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BrandDirectory } from '@/features/catalog/components/brand-directory.tsx';
import { ProductListing } from '@/features/catalog/components/product-listing.tsx';
import { LISTING_FILTERS } from '@/features/catalog/listing-pages.ts';

export function SearchPage() {
  return <ProductListing heading="Search" search />;
}

export function SalesPage() {
  return <ProductListing heading="Sale" intro="Pieces we love, for less while they last." fixed={LISTING_FILTERS.sales} />;
}

export function WomenPage() {
  return (
    <ProductListing
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
    <ProductListing
      heading="Men"
      intro="Kaftans, shirts and trousers, tailored in Nigeria."
      fixed={LISTING_FILTERS.men}
      category="Men"
    />
  );
}

export function BeautyPage() {
  return (
    <ProductListing
      heading="Beauty"
      intro="Skincare, make-up and fragrance from Nigerian makers."
      fixed={LISTING_FILTERS.beauty}
      category="Beauty"
    />
  );
}

export function HomeDecorPage() {
  return (
    <ProductListing
      heading="Home Decor"
      intro="Cushions, vases, wall art and tableware."
      fixed={LISTING_FILTERS.homedecor}
      category="Home"
    />
  );
}

export function JewelleryPage() {
  return (
    <ProductListing
      heading="Jewellery"
      intro="Brass, gold and coral for every day."
      fixed={LISTING_FILTERS.jewellery}
      category="Jewellery"
    />
  );
}

export function NewInPage() {
  return <ProductListing heading="New In" intro="The latest arrivals, newest first." defaultSort="latest" />;
}

export function BrandPage() {
  const [params] = useSearchParams();
  const brand = params.get('brand');
  if (!brand) return <BrandDirectory />;
  return (
    <ProductListing
      key={brand}
      heading={brand}
      fixed={{ brand }}
      fixedBrand
      before={
        <Link to="/brand" className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
          <ArrowLeft aria-hidden size={16} /> All brands
        </Link>
      }
    />
  );
}

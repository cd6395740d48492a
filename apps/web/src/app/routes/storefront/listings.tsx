/** The listing pages: one ProductListing each, configured by what the page lists. */
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BrandDirectory } from '@/features/catalog/components/brand-directory.tsx';
import { ProductListing } from '@/features/catalog/components/product-listing.tsx';

export function SearchPage() {
  return <ProductListing heading="Search" search />;
}

export function SalesPage() {
  return <ProductListing heading="Sale" intro="Pieces we love, for less while they last." fixed={{ onSale: 'true' }} />;
}

export function WomenPage() {
  return (
    <ProductListing
      heading="Women"
      intro="Adire, ankara and aso-oke, cut for every day and every party."
      fixed={{ category: 'Women' }}
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
      fixed={{ category: 'Men' }}
      category="Men"
    />
  );
}

export function BeautyPage() {
  return (
    <ProductListing
      heading="Beauty"
      intro="Skincare, make-up and fragrance from Nigerian makers."
      fixed={{ category: 'Beauty' }}
      category="Beauty"
    />
  );
}

export function HomeDecorPage() {
  return (
    <ProductListing
      heading="Home Decor"
      intro="Cushions, vases, wall art and tableware."
      fixed={{ category: 'Home' }}
      category="Home"
    />
  );
}

export function JewelleryPage() {
  return (
    <ProductListing
      heading="Jewellery"
      intro="Brass, gold and coral for every day."
      fixed={{ category: 'Jewellery' }}
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

import { Link } from 'react-router';
import { ProductCarousel } from '@/components/product-carousel.tsx';
import { useProducts } from '../api/products.ts';

const HOME_CAROUSEL_SIZE = 12;

/** The home page's two product carousels: the newest products, and those on sale. */
export function HomeCarousels() {
  const latest = useProducts({ sort: 'latest', limit: HOME_CAROUSEL_SIZE });
  const onSale = useProducts({ onSale: 'true', sort: 'latest', limit: HOME_CAROUSEL_SIZE });
  const viewAll = (to: string) => (
    <Link to={to} className="mt-1 inline-block text-sm underline underline-offset-4 hover:text-accent">
      View all
    </Link>
  );
  return (
    <>
      <ProductCarousel
        title="New Arrivals"
        products={latest.data?.items ?? []}
        loading={latest.isPending}
        action={viewAll('/new')}
      />
      <ProductCarousel
        title="On Sale"
        products={onSale.data?.items ?? []}
        loading={onSale.isPending}
        action={viewAll('/sales')}
      />
    </>
  );
}

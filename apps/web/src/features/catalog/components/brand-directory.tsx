import { Link } from 'react-router';
import { taxonomyListOptions } from '@/lib/api/taxonomy.ts';
import { useQuery } from '@tanstack/react-query';

/** /brand without a brand chosen: every brand, each linking to its products. */
export function BrandDirectory() {
  const brands = useQuery(taxonomyListOptions('brand'));
  const list = [...(brands.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6 lg:pt-12">
      <title>Brands — Adire</title>
      <header className="mb-10 max-w-2xl">
        <h1 className="font-display text-4xl sm:text-5xl">Brands</h1>
        <p className="mt-3 text-muted">The designers and makers we stock, from Lagos and beyond.</p>
      </header>
      {brands.isPending ? (
        <p>Loading ...</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {list.map((brand) => (
            <li key={brand.id}>
              <Link
                to={`/brand?${new URLSearchParams({ brand: brand.name })}`}
                className="flex h-full flex-col justify-between border border-line p-5 transition-colors hover:border-ink"
              >
                <span className="font-display text-xl">{brand.name}</span>
                <span className="mt-3 text-xs tracking-widest text-muted uppercase">
                  {brand.productCount} {brand.productCount === 1 ? 'product' : 'products'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

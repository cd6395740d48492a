/** Product search for the point of sale: each result is a button that adds it to the cart. */
import type { Product } from '@shop/shared/catalog';
import { useState } from 'react';
import { naira } from '@/components/admin/format.ts';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { Card } from '@/components/admin/ui.tsx';
import { usePosProducts } from '../api/pos-api.ts';
import type { PosProduct } from '../cart-store.ts';

export const toPosProduct = (p: Product): PosProduct => ({
  id: p.id,
  title: p.title,
  price: p.price,
  salePrice: p.salePrice,
  counter: p.counter,
  imageUrl: p.imageUrl,
});

export function ProductPicker({ onAdd }: { onAdd(product: PosProduct): void }) {
  const [search, setSearch] = useState('');
  const products = usePosProducts(search);

  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold">Products</h2>
      <SearchInput value={search} onSearch={setSearch} label="Search products" placeholder="Search products" />
      {products.error ? <p className="mt-3 text-sm text-red-600">{products.error.message}</p> : null}
      <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-4" aria-label="Product results">
        {products.data?.map((p) => {
          const soldOut = p.counter === 0;
          return (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => onAdd(toPosProduct(p))}
                disabled={soldOut}
                aria-label={`Add ${p.title} to cart`}
                className="flex h-full w-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white text-left hover:border-neutral-900 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {p.imageUrl ? (
                  <img src={p.imageUrl} alt="" className="aspect-[3/2] w-full object-cover" loading="lazy" />
                ) : (
                  <span className="aspect-[3/2] w-full bg-neutral-100" />
                )}
                <span className="flex flex-1 flex-col gap-1 p-2.5">
                  <span className="line-clamp-2 text-sm font-medium">{p.title}</span>
                  <span className="mt-auto flex flex-wrap items-baseline gap-x-1.5 text-sm">
                    {naira(p.salePrice)}
                    {p.discount > 0 ? <span className="text-xs text-neutral-500 line-through">{naira(p.price)}</span> : null}
                  </span>
                  <span className={`text-xs ${p.counter <= 5 ? 'text-amber-700' : 'text-neutral-500'}`}>
                    {soldOut ? 'Out of stock' : `${p.counter} in stock`}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {products.data?.length === 0 ? <p className="mt-3 text-sm text-neutral-500">No products found</p> : null}
    </Card>
  );
}

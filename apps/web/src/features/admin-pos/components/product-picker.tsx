/**
 * Product search for the point of sale. A product without options goes straight into the
 * cart; one that comes in several sizes or colours opens its variants, each with its
 * price and stock (a sold-out one cannot be chosen). Buttons are named by what they show.
 */
import type { Product, ProductDetail } from '@shop/shared/catalog';
import { formatNairaAmount } from '@shop/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { buttonClass, Card } from '@/components/admin/ui.tsx';
import { productListOptions, productOptions } from '@/lib/api/products.ts';
import type { PosItem } from '../cart-store.ts';

const label = (v: { size: string; color: string }) => [v.size, v.color].filter(Boolean).join(' / ');

/** The product's only variant, as a cart item (its price and stock are the product's). */
const onlyVariant = (p: Product): PosItem => ({
  productId: p.id,
  variantId: p.defaultVariantId!,
  title: p.title,
  label: '',
  salePrice: p.priceFrom,
  counter: p.counter,
  imageUrl: p.imageUrl,
});

export function ProductPicker({ onAdd }: { onAdd(item: PosItem): void }) {
  const [search, setSearch] = useState('');
  const [choosing, setChoosing] = useState<string | null>(null);
  const products = useQuery(productListOptions({ title: search, limit: 12 }, { keepPrevious: true }));

  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold">Products</h2>
      <SearchInput value={search} onSearch={setSearch} label="Search products" placeholder="Search products" />
      {products.error ? <p className="mt-3 text-sm text-red-600">{products.error.message}</p> : null}
      {choosing ? <VariantChooser productId={choosing} onAdd={onAdd} onClose={() => setChoosing(null)} /> : null}
      <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-4" aria-label="Product results">
        {products.data?.items.map((p) => {
          const soldOut = p.counter === 0;
          const options = p.defaultVariantId === null;
          return (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => (options ? setChoosing(p.id) : onAdd(onlyVariant(p)))}
                disabled={soldOut}
                aria-haspopup={options ? 'dialog' : undefined}
                className="flex h-full w-full flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white text-left hover:border-neutral-900 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {p.imageUrl ? (
                  <img src={p.imageUrl} alt="" className="aspect-square w-full object-cover" loading="lazy" />
                ) : (
                  <span className="aspect-square w-full bg-neutral-100" />
                )}
                <span className="block p-2">
                  <span className="line-clamp-2 block text-sm font-medium">{p.title}</span>
                  <span className="block text-sm text-neutral-700">
                    {p.priceFrom !== p.priceTo ? 'from ' : ''}
                    {formatNairaAmount(p.priceFrom)}
                  </span>
                  <span className="block text-xs text-neutral-600">
                    {soldOut
                      ? 'Sold out'
                      : options
                        ? `${p.colors.length > 1 ? 'Sizes and colours' : 'Sizes'}: choose`
                        : `${p.counter} in stock`}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {products.data?.items.length === 0 ? <p className="mt-3 text-sm text-neutral-500">No products found</p> : null}
    </Card>
  );
}

function VariantChooser({ productId, onAdd, onClose }: { productId: string; onAdd(item: PosItem): void; onClose(): void }) {
  const product = useQuery(productOptions(productId));
  const detail = product.data;
  const add = (p: ProductDetail, v: ProductDetail['variants'][number]) => {
    onAdd({
      productId: p.id,
      variantId: v.id,
      title: p.title,
      label: label(v),
      salePrice: v.salePrice,
      counter: v.counter,
      imageUrl: v.imageUrls[0] ?? p.imageUrl,
    });
    onClose();
  };
  return (
    <section role="dialog" aria-label="Choose a size or colour" className="mt-3 rounded-lg border border-neutral-900 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{detail ? detail.title : 'Loading ...'}</h3>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Cancel
        </button>
      </div>
      {product.error ? <p className="text-sm text-red-600">{product.error.message}</p> : null}
      <ul className="flex flex-wrap gap-2" aria-label="Sizes and colours">
        {detail?.variants.map((v) => (
          <li key={v.id}>
            <button
              type="button"
              disabled={v.availability !== 'In Stock'}
              onClick={() => add(detail, v)}
              className="rounded-md border border-neutral-300 px-3 py-2 text-left text-sm hover:border-neutral-900 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <span className="block font-medium">{label(v) || 'One option'}</span>
              <span className="block text-xs text-neutral-700">
                {formatNairaAmount(v.salePrice)} · {v.counter > 0 ? `${v.counter} in stock` : 'Sold out'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ProductSort } from '@shop/shared/catalog';
import { SEARCH_DEBOUNCE_MS } from '@shop/shared/constants';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { inputClass } from '@/components/ui-classes.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { type ProductFilters, productListOptions } from '@/lib/api/products.ts';
import {
  imagesFirst,
  LISTING_PAGE_SIZE,
  type ListingState,
  readListingState,
  toProductFilters,
  writeListingState,
} from '../listing-params.ts';
import { ListingFilters } from './listing-filters.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';
import { useQuery } from '@tanstack/react-query';

export interface ListingConfig {
  heading: string;
  intro?: string;
  /** Filters the page always applies (its category, on sale, ...). */
  fixed?: ProductFilters;
  /** The page's category name: its sub-categories are offered as a filter. */
  category?: string;
  defaultSort?: ProductSort;
  /** The women's page: products with a photo first. */
  imagesFirst?: boolean;
  /** The search page: a "Find a Product" box, sent to the server after a 300 ms pause. */
  search?: boolean;
  /** The page is one brand's (its name is in the URL): no brand filter. */
  fixedBrand?: boolean;
  /** Shown above the heading (a back link). */
  before?: ReactNode;
}

/** A product listing: heading, filters, the grid and pagination, with its state in the URL. */
export function ProductListing(config: ListingConfig) {
  const [params, setParams] = useSearchParams();
  const defaultSort = config.defaultSort ?? 'latest';
  const state = readListingState(params, defaultSort);
  const query = useQuery(productListOptions(toProductFilters(state, config.fixed ?? {}), { keepPrevious: true }));
  const change = (next: Partial<ListingState>, replace = false) =>
    setParams(writeListingState(params, next, defaultSort), { preventScrollReset: true, replace });
  const items = query.data ? (config.imagesFirst ? imagesFirst(query.data.items) : query.data.items) : [];
  // The colours offered are those of the listing without a colour chosen (its cached page once one is).
  const uncoloured = useQuery({
    ...productListOptions(toProductFilters({ ...state, color: '' }, config.fixed ?? {}), { keepPrevious: true }),
    enabled: state.color !== '',
  });
  const colours = [...new Set((state.color ? (uncoloured.data?.items ?? []) : items).flatMap((p) => p.colors))];
  const total = query.data?.total ?? 0;
  const pageCount = Math.ceil(total / LISTING_PAGE_SIZE);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6 lg:pt-12">
      <title>{`${config.heading} — Adire`}</title>
      {config.before}
      <header className="mb-8 max-w-2xl">
        <h1 className="font-display text-4xl sm:text-5xl">{config.heading}</h1>
        {config.intro && <p className="mt-3 text-muted">{config.intro}</p>}
      </header>
      {config.search && <SearchBox value={state.title} onSearch={(title) => change({ title }, true)} />}
      <div className="grid gap-8 lg:grid-cols-[15rem_1fr] lg:gap-12">
        <aside aria-label="Filters">
          <ListingFilters
            state={state}
            category={config.category}
            fixedBrand={config.fixedBrand}
            colours={colours}
            onChange={change}
          />
        </aside>
        <section aria-label="Products" aria-busy={query.isFetching}>
          <p className="mb-4 text-sm text-muted" aria-live="polite">
            {query.isPending ? 'Loading ...' : `${total} ${total === 1 ? 'product' : 'products'}`}
          </p>
          {query.isPending ? (
            <ProductGridSkeleton />
          ) : query.isError ? (
            <p role="alert" className="text-sale">
              The products could not be loaded. Please try again.
            </p>
          ) : items.length === 0 ? (
            <div className="bg-cream px-6 py-12 text-center">
              <p className="font-display text-2xl">No products found</p>
              <p className="mt-2 text-sm text-muted">Try another search, or fewer filters.</p>
              <Link to="/new" className="mt-4 inline-block text-sm underline underline-offset-4">
                See what is new
              </Link>
            </div>
          ) : (
            <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
              <ProductGrid products={items} />
            </div>
          )}
          <Pagination page={state.page} pageCount={pageCount} />
        </section>
      </div>
    </div>
  );
}

/** "Find a Product": the URL (and so the server query) follows the box after a 300 ms pause in typing. */
function SearchBox({ value, onSearch }: { value: string; onSearch(title: string): void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new pause in typing searches
  useEffect(() => {
    if (debounced.trim() !== value.trim()) onSearch(debounced.trim());
  }, [debounced]);
  return (
    <search>
      <form
        className="mb-10 max-w-2xl"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor={id} className="sr-only">
          Find a Product
        </label>
        <div className="relative">
          <Search aria-hidden size={20} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
          <input
            id={id}
            type="search"
            placeholder="Find a Product"
            // biome-ignore lint/a11y/noAutofocus: the search page exists to type in this box
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={`${inputClass} py-4 pl-12 text-base sm:text-base`}
          />
        </div>
      </form>
    </search>
  );
}

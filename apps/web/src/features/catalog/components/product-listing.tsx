import type { ProductSort } from '@shop/shared/catalog';
import { SEARCH_DEBOUNCE_MS } from '@shop/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { inputClass } from '@/components/ui-classes.ts';
import { type ProductFilters, productListOptions } from '@/lib/api/products.ts';
import { facetsOptions } from '@/lib/api/search.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import {
  type ActiveFilter,
  activeFilters,
  clearFilters,
  type FixedChoices,
  imagesFirst,
  writeListingState,
} from '../listing-choices.ts';
import { CATEGORY_LISTINGS } from '../listing-pages.ts';
import { LISTING_PAGE_SIZE, type ListingState, readListingState, toProductFilters } from '../listing-params.ts';
import { useCategoryTaxonomy } from '../use-category-taxonomy.ts';
import { ListingFilters } from './listing-filters.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid, ProductGridSkeleton } from '@/components/product-grid.tsx';

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

/**
 * A product listing: heading, filters with the count of each value (GET /api/products/facets
 * with the listing's filters), the grid and pagination, with its state in the URL. A search
 * the server answered with near matches says what it showed; an empty result says what to do.
 */
export function ProductListing(config: ListingConfig) {
  const [params, setParams] = useSearchParams();
  const defaultSort = config.defaultSort ?? 'latest';
  const state = readListingState(params, defaultSort);
  const filters = toProductFilters(state, config.fixed ?? {});
  const query = useQuery(productListOptions(filters, { keepPrevious: true }));
  const facets = useQuery(facetsOptions(filters));
  const change = (next: Partial<ListingState>, replace = false) =>
    setParams(writeListingState(params, next, defaultSort), { preventScrollReset: true, replace });
  const items = query.data ? (config.imagesFirst ? imagesFirst(query.data.items) : query.data.items) : [];
  // A brand's page has its brand among its fixed filters, the sale its onSale.
  const fixed: FixedChoices = config.fixed ?? {};
  const chosen = activeFilters(state, fixed);
  const total = query.data?.total ?? 0;
  const pageCount = Math.ceil(total / LISTING_PAGE_SIZE);
  const showingFor = state.title.trim() ? query.data?.showingResultsFor : null;
  const chips = <FilterChips filters={chosen} onRemove={change} onClear={() => change(clearFilters(fixed))} />;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6 lg:pt-12">
      {config.before}
      <header className="mb-8 max-w-2xl">
        <h1 className="font-display text-4xl sm:text-5xl">{config.heading}</h1>
        {config.intro && <p className="mt-3 text-muted">{config.intro}</p>}
      </header>
      {config.search && <SearchBox value={state.title} onSearch={(title) => change({ title }, true)} />}
      <div className="grid gap-8 lg:grid-cols-[15rem_1fr] lg:gap-12">
        <aside aria-label="Filters">
          <ListingFilters state={state} category={config.category} fixed={fixed} facets={facets.data} onChange={change} />
        </aside>
        <section aria-label="Products" aria-busy={query.isFetching}>
          <div aria-live="polite" className="mb-4 text-sm">
            {showingFor && (
              <p className="mb-2" data-testid="showing-results-for">
                <span className="text-muted">No results for “{state.title.trim()}”. </span>
                <span className="font-semibold">Showing results for “{showingFor}”</span>
              </p>
            )}
            <p className="text-muted">{query.isPending ? 'Loading ...' : `${total} ${total === 1 ? 'product' : 'products'}`}</p>
          </div>
          {items.length > 0 && chosen.length > 0 && <div className="mb-6">{chips}</div>}
          {query.isPending ? (
            <ProductGridSkeleton />
          ) : query.isError ? (
            <p role="alert" className="text-sale">
              The products could not be loaded. Please try again.
            </p>
          ) : items.length === 0 ? (
            <EmptyResults
              title={state.title.trim()}
              sub={state.sub}
              category={config.category ?? state.category}
              ownCategory={Boolean(config.category)}
              chips={chosen.length > 0 ? chips : null}
            />
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

/**
 * The filters chosen, each a button that removes it, and one that clears them all. Buttons of
 * the app: without JavaScript they are hidden, and the filters' form unticks a value.
 */
function FilterChips({
  filters,
  onRemove,
  onClear,
}: {
  filters: ActiveFilter[];
  onRemove(change: Partial<ListingState>): void;
  onClear(): void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 noscript:hidden" data-testid="active-filters">
      <ul className="flex flex-wrap gap-2" aria-label="Filters chosen">
        {filters.map((f) => (
          <li key={f.key}>
            <button
              type="button"
              aria-label={`Remove ${f.label}`}
              onClick={() => onRemove(f.remove)}
              className="inline-flex items-center gap-1.5 border border-ink px-3 py-1.5 text-sm hover:bg-ink hover:text-white"
            >
              {f.label}
              <X aria-hidden size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClear} className="px-2 py-1.5 text-sm underline underline-offset-4 hover:text-accent">
        Clear filters
      </button>
    </div>
  );
}

/**
 * Nothing matched: what to do about it. The filters chosen (each removable, or all at once),
 * other categories to look in (the sub-category's siblings, else the top categories), and
 * what is new.
 */
function EmptyResults({
  title,
  sub,
  category,
  ownCategory,
  chips,
}: {
  title: string;
  /** The sub-category chosen, and the category it is in ('' for none). */
  sub: string;
  category: string;
  /** The category is the page's own (/women): a sibling's link keeps the page. */
  ownCategory: boolean;
  chips: ReactNode;
}) {
  const { pathname } = useLocation();
  const taxonomy = useCategoryTaxonomy(category);
  const siblings =
    sub && taxonomy.categoryId
      ? taxonomy.subs
          .filter((s) => s.name.toLowerCase() !== sub.toLowerCase())
          .map((s) => ({
            to: `${pathname}?${new URLSearchParams(ownCategory ? { sub: s.name } : { category, sub: s.name })}`,
            name: s.name,
          }))
      : [];
  const related =
    siblings.length > 0
      ? siblings
      : CATEGORY_LISTINGS.filter((c) => c.name.toLowerCase() !== category.toLowerCase() && c.to !== pathname);

  return (
    <div className="bg-cream px-6 py-10 sm:px-10" data-testid="empty-results">
      <h2 className="font-display text-2xl">{title ? `No results for “${title}”` : 'No products found'}</h2>
      <p className="mt-2 text-sm text-muted">Try another search, or fewer filters.</p>
      {chips && (
        <div className="mt-6 noscript:hidden">
          <p className="mb-2 text-sm">Remove a filter, or clear them all:</p>
          {chips}
        </div>
      )}
      {related.length > 0 && (
        <nav aria-label="Related categories" className="mt-6">
          <p className="mb-2 text-sm">{siblings.length > 0 ? `More in ${category}:` : 'Browse a category:'}</p>
          <ul className="flex flex-wrap gap-2">
            {related.map((c) => (
              <li key={c.to}>
                <Link to={c.to} className="inline-block border border-line bg-white px-3 py-1.5 text-sm hover:border-ink">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {pathname !== '/new' && (
        <Link to="/new" className="mt-6 inline-block text-sm underline underline-offset-4">
          See what is new
        </Link>
      )}
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
      {/* A GET form to this page: without JavaScript, sending it searches (issue 32). */}
      <form
        method="get"
        action={useLocation().pathname}
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
            name="title"
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

/**
 * Products (/producttable): search, category, sub-category and brand, min and max price,
 * sort and paging, all on the server. Filters fold behind Show/Hide Filters on small
 * screens. Rows link to view and edit, and delete after a confirmation. Naira; low stock flagged.
 */
import { PRODUCT_SORTS, type Product, type ProductSort } from '@shop/shared/catalog';
import { Eye, Pencil, Plus, SlidersHorizontal, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { DebouncedInput } from '@/components/admin/debounced-input.tsx';
import { formatNairaAmount } from '@shop/shared/money';
import { notify } from '@/lib/notify.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { buttonClass, PageHeader } from '@/components/admin/ui.tsx';
import { useTableParams } from '@/components/admin/use-table-params.ts';
import { useCan } from '@/lib/back-office-access.ts';
import { deleteProductMutation } from '@/lib/api/product-admin.ts';
import { productListOptions } from '@/lib/api/products.ts';
import { StockCell } from './stock-cell.tsx';
import { ExportCatalogueButton, ImportCatalogue } from './catalogue-transfer.tsx';
import { settingsOptions } from '@/lib/api/settings.ts';
import { STOCK_FILTERS, type StockFilter } from '@shop/shared/variants';
import { childrenOf, TaxonomySelect } from '@/components/admin/taxonomy-select.tsx';
import { useQuery, useMutation } from '@tanstack/react-query';

const SORT_LABELS: Record<ProductSort, string> = {
  latest: 'latest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  title: 'Title A–Z',
};
const controlClass = 'w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm';

export function ProductTablePage() {
  const table = useTableParams(['title', 'category', 'sub', 'brand', 'minPrice', 'maxPrice', 'sort', 'stock'] as const, {
    sort: 'latest',
  });
  const { title, category, sub, brand, minPrice, maxPrice } = table.filters;
  const stock = (STOCK_FILTERS as readonly string[]).includes(table.filters.stock)
    ? (table.filters.stock as StockFilter)
    : undefined;
  const threshold = useQuery(settingsOptions).data?.lowStockThreshold;
  const sort = (PRODUCT_SORTS as readonly string[]).includes(table.filters.sort) ? (table.filters.sort as ProductSort) : 'latest';
  const products = useQuery(
    productListOptions(
      { title, category, sub, brand, minPrice, maxPrice, sort, stock, limit: table.pageSize, offset: table.offset },
      { keepPrevious: true },
    ),
  );
  const remove = useMutation(deleteProductMutation);
  const { confirm, dialog } = useConfirm();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  // Seeing the catalogue (catalog.read) is not changing it: edit, delete, import and create need
  // catalog.write; Edit also opens for stock.adjust alone (the variants' stock).
  const can = useCan();
  const editable = can('catalog.edit');
  const stockEditable = editable || can('product.stock');

  const onDelete = async (product: Product) => {
    if (!(await confirm('Are you sure you want to delete this product?'))) return;
    remove.mutate(product.id, {
      onSuccess: () => notify.success('Product deleted successfully'),
      onError: (error) => notify.error(error.message),
    });
  };

  const columns: Column<Product>[] = [
    {
      key: 'product',
      header: 'Product',
      cell: (p) => (
        <span className="flex items-center gap-3">
          {p.imageUrl ? (
            <img
              src={p.imageUrl}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 shrink-0 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded bg-neutral-100" />
          )}
          <Link to={`/viewproduct/${p.id}`} className="min-w-32 font-medium hover:underline">
            {p.title}
          </Link>
        </span>
      ),
    },
    { key: 'category', header: 'Category', cell: (p) => p.Category?.name ?? '' },
    { key: 'sub', header: 'Sub-Category', cell: (p) => p.Sub?.name ?? '' },
    { key: 'brand', header: 'Brand', cell: (p) => p.brand },
    { key: 'price', header: 'Price', className: 'whitespace-nowrap text-right', cell: (p) => formatNairaAmount(p.price) },
    {
      key: 'discount',
      header: 'Discount',
      className: 'whitespace-nowrap text-right',
      cell: (p) => (p.discount > 0 ? formatNairaAmount(p.discount) : <span className="text-neutral-600">—</span>),
    },
    {
      key: 'stock',
      header: 'Stock',
      className: 'whitespace-nowrap',
      cell: (p) => <StockCell product={p} threshold={threshold} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'whitespace-nowrap',
      cell: (p) => (
        <span className="flex items-center gap-1">
          <Link to={`/viewproduct/${p.id}`} className={buttonClass.icon} aria-label={`View ${p.title}`}>
            <Eye size={16} aria-hidden="true" />
          </Link>
          {stockEditable ? (
            <Link to={`/editproduct/${p.id}`} className={buttonClass.icon} aria-label={`Edit ${p.title}`}>
              <Pencil size={16} aria-hidden="true" />
            </Link>
          ) : null}
          {editable ? (
            <button type="button" className={buttonClass.icon} onClick={() => onDelete(p)} aria-label={`Delete ${p.title}`}>
              <Trash2 size={16} aria-hidden="true" />
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Products"
        actions={
          <>
            <ExportCatalogueButton />
            {editable ? (
              <>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-expanded={importing}
                  onClick={() => setImporting((open) => !open)}
                >
                  <Upload size={16} aria-hidden="true" /> Import CSV
                </button>
                <Link to="/createproduct" className={buttonClass.primary}>
                  <Plus size={16} aria-hidden="true" /> Create Product
                </Link>
              </>
            ) : null}
          </>
        }
      />
      {importing && editable ? <ImportCatalogue onClose={() => setImporting(false)} /> : null}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          value={title}
          onSearch={(value) => table.setFilters({ title: value })}
          label="Search products"
          className="min-w-0 flex-1 sm:max-w-sm"
        />
        <button
          type="button"
          className={`${buttonClass.secondary} md:hidden`}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersOpen}
          aria-controls="product-filters"
        >
          <SlidersHorizontal size={16} aria-hidden="true" />
          {filtersOpen ? 'Hide Filters' : 'Show Filters'}
        </button>
        <label htmlFor="products-sort" className="sr-only">
          Sort
        </label>
        <select
          id="products-sort"
          value={sort}
          onChange={(e) => table.setFilters({ sort: e.target.value })}
          className="rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm"
        >
          {PRODUCT_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div id="product-filters" className={`mb-4 grid-cols-2 gap-3 md:grid md:grid-cols-6 ${filtersOpen ? 'grid' : 'hidden'}`}>
        <div>
          <label htmlFor="products-stock" className="sr-only">
            Stock
          </label>
          <select
            id="products-stock"
            value={stock ?? ''}
            onChange={(e) => table.setFilters({ stock: e.target.value })}
            className={controlClass}
          >
            <option value="">Any stock</option>
            <option value="low">Low stock{threshold !== undefined ? ` (${threshold} or fewer)` : ''}</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
        <div>
          <label htmlFor="products-category" className="sr-only">
            Category
          </label>
          <TaxonomySelect
            id="products-category"
            kind="category"
            placeholder="All categories"
            value={category}
            onChange={(e) => table.setFilters({ category: e.target.value })}
            className={controlClass}
          />
        </div>
        <div>
          <label htmlFor="products-sub" className="sr-only">
            Sub-Category
          </label>
          <TaxonomySelect
            id="products-sub"
            kind="sub"
            placeholder="All sub-categories"
            only={childrenOf('categoryId', category)}
            value={sub}
            onChange={(e) => table.setFilters({ sub: e.target.value })}
            className={controlClass}
          />
        </div>
        <div>
          <label htmlFor="products-brand" className="sr-only">
            Brand
          </label>
          <TaxonomySelect
            id="products-brand"
            kind="brand"
            placeholder="All brands"
            value={brand}
            onChange={(e) => table.setFilters({ brand: e.target.value })}
            className={controlClass}
          />
        </div>
        <div>
          <label htmlFor="products-min" className="sr-only">
            Min price
          </label>
          <DebouncedInput
            id="products-min"
            type="number"
            min={0}
            inputMode="decimal"
            placeholder="Min price (₦)"
            value={minPrice}
            onValue={(value) => table.setFilters({ minPrice: value })}
            className={controlClass}
          />
        </div>
        <div>
          <label htmlFor="products-max" className="sr-only">
            Max price
          </label>
          <DebouncedInput
            id="products-max"
            type="number"
            min={0}
            inputMode="decimal"
            placeholder="Max price (₦)"
            value={maxPrice}
            onValue={(value) => table.setFilters({ maxPrice: value })}
            className={controlClass}
          />
        </div>
      </div>
      <DataTable
        caption="Products"
        columns={columns}
        rows={products.data?.items}
        rowKey={(p) => p.id}
        isLoading={products.isPending}
        isFetching={products.isPlaceholderData}
        error={products.error?.message}
        emptyText="No products match"
      />
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={products.data?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
      {dialog}
    </>
  );
}

/**
 * The stock report (/reports/stock): every live variant with what is on hand and held, its
 * value at the selling price (and at cost, for a member with reports.profit: the API sends it
 * only then), units sold in the last 30 days, days of cover, when it last sold, and the dead
 * and reorder flags. Paged, sorted and filtered on the server (the state in the URL, as the
 * other back-office tables); the totals are over every matching variant, not just the page.
 */
import { STOCK_FLAGS, STOCK_SORTS, type StockFlag, type StockRow, type StockSort } from '@shop/shared/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { TaxonomySelect } from '@/components/admin/taxonomy-select.tsx';
import { Badge, Card, Field } from '@/components/admin/ui.tsx';
import { useTableParams } from '@/components/admin/use-table-params.ts';
import { stockReportOptions } from '@/lib/api/reports.ts';
import { shortDate } from '@/lib/dates.ts';
import { ChartCard, Choice, cell, Figure } from './report-parts.tsx';
import { ReportHeader } from './reports-tabs.tsx';

const SORT_LABELS: Record<StockSort, string> = {
  name: 'Name',
  onHand: 'On hand',
  value: 'Value',
  cover: 'Days of cover',
  sold30: 'Sold in 30 days',
  lastSold: 'Last sold',
};
const FLAG_LABELS: Record<StockFlag | '', string> = { '': 'All variants', dead: 'Dead stock', reorder: 'To reorder' };

const count = (n: number | null | undefined) => cell(n, 'count');
const money = (n: number | null | undefined) => cell(n, 'money');

/** The table's columns, the CSV's in its order; cost and value at cost only when the API sent them. */
function columns(withCost: boolean): Column<StockRow>[] {
  const num = 'text-right tabular-nums';
  return [
    { key: 'sku', header: 'SKU', cell: (r) => r.sku },
    { key: 'label', header: 'Variant', cell: (r) => r.label },
    { key: 'category', header: 'Category', cell: (r) => r.category ?? '—' },
    { key: 'onHand', header: 'On hand', cell: (r) => count(r.onHand), className: num },
    { key: 'reserved', header: 'Reserved', cell: (r) => count(r.reserved), className: num },
    { key: 'price', header: 'Price', cell: (r) => money(r.price), className: num },
    { key: 'valueAtPrice', header: 'Value at price', cell: (r) => money(r.valueAtPrice), className: num },
    ...(withCost
      ? [
          { key: 'cost', header: 'Cost', cell: (r: StockRow) => money(r.cost), className: num },
          { key: 'valueAtCost', header: 'Value at cost', cell: (r: StockRow) => money(r.valueAtCost), className: num },
        ]
      : []),
    { key: 'sold30', header: 'Sold in 30 days', cell: (r) => count(r.sold30), className: num },
    {
      key: 'coverDays',
      header: 'Days of cover',
      cell: (r) => (r.coverDays === null ? '—' : r.coverDays.toFixed(1)),
      className: num,
    },
    { key: 'lastSold', header: 'Last sold', cell: (r) => (r.lastSold ? shortDate(r.lastSold) : 'Never') },
    {
      key: 'flags',
      header: 'Flags',
      cell: (r) => (
        <span className="flex gap-1">
          {r.dead ? <Badge tone="red">Dead</Badge> : null}
          {r.reorder ? <Badge tone="amber">Reorder</Badge> : null}
        </span>
      ),
    },
  ];
}

export function StockReportPage() {
  const table = useTableParams(['sort', 'dir', 'category', 'flag'] as const, { sort: 'name', dir: 'asc' });
  const { sort, dir, category, flag } = table.filters;
  // The URL's words as the API takes them; one it does not know is refused with a message below.
  const filters = {
    sort: sort as StockSort,
    dir: dir as 'asc' | 'desc',
    category: category || undefined,
    flag: (flag || undefined) as StockFlag | undefined,
  };
  const report = useQuery({
    ...stockReportOptions({ ...filters, limit: table.pageSize, offset: table.offset }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const withCost = data !== undefined && 'valueAtCost' in data.totals;
  return (
    <div>
      <ReportHeader
        description="Every variant on sale: on hand counts the units held by unpaid orders; stock below zero counts as 0 in values and cover."
        csv={{ report: 'stock', query: filters, fileName: 'stock.csv' }}
      />
      <Card className="mb-6">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Category" htmlFor="stock-category">
            <TaxonomySelect
              id="stock-category"
              kind="category"
              placeholder="All categories"
              value={category}
              onChange={(e) => table.setFilters({ category: e.target.value })}
            />
          </Field>
          <Choice
            id="stock-flag"
            label="Show"
            value={flag as StockFlag | ''}
            options={(['', ...STOCK_FLAGS] as const).map((f) => [f, FLAG_LABELS[f]] as const)}
            onChange={(next) => table.setFilters({ flag: next })}
          />
          <Choice
            id="stock-sort"
            label="Sort by"
            value={filters.sort}
            options={STOCK_SORTS.map((s) => [s, SORT_LABELS[s]] as const)}
            onChange={(next) => table.setFilters({ sort: next })}
          />
          <Choice
            id="stock-dir"
            label="Order"
            value={filters.dir}
            options={[
              ['asc', 'Lowest first (A to Z)'],
              ['desc', 'Highest first (Z to A)'],
            ]}
            onChange={(next) => table.setFilters({ dir: next })}
          />
        </div>
      </Card>
      {data ? (
        <dl className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Variants" value={count(data.totals.variants)} />
          <Figure label="Units on hand" value={count(data.totals.onHand)} />
          <Figure label="Value at price" value={money(data.totals.valueAtPrice)} />
          {withCost ? <Figure label="Value at cost" value={money(data.totals.valueAtCost)} /> : null}
          {withCost ? <Figure label="Variants without a cost" value={count(data.totals.variantsUnknownCost)} /> : null}
          <Figure label="Sold in 30 days" value={count(data.totals.sold30)} />
          <Figure label="Dead stock" value={count(data.totals.dead)} />
          <Figure label={`To reorder (under ${data.reorderDays} days of cover)`} value={count(data.totals.reorder)} />
        </dl>
      ) : null}
      <ChartCard
        title={`Stock value of the variants on this page${withCost ? ', at price and at cost' : ''}`}
        labels={data?.rows.map((r) => r.sku) ?? []}
        first={{ label: 'Value at price', values: data?.rows.map((r) => r.valueAtPrice) ?? [] }}
        second={withCost ? { label: 'Value at cost', values: data?.rows.map((r) => r.valueAtCost ?? 0) ?? [] } : undefined}
      />
      <DataTable
        caption="Stock by variant"
        columns={columns(withCost)}
        rows={data?.rows}
        rowKey={(r) => r.variantId}
        isLoading={report.isPending}
        isFetching={report.isFetching && !report.isPending}
        error={report.error?.message}
        emptyText="No variant matches these filters."
        dense
      />
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={data?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
    </div>
  );
}

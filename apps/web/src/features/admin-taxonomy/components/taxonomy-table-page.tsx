/**
 * The categories, sub-categories, sub-sub-categories and brands tables: name, edit and
 * delete, with search, a filter (parent, or whether products use it), sort (latest first
 * unless told) and paging, all on the server; the state lives in the URL.
 * A delete asks first; a refused delete (still used by products) shows the server's reason.
 */
import { TAXONOMY_SORTS, type TaxonomyItem, type TaxonomySort } from '@shop/shared/catalog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { notify } from '@/lib/notify.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { buttonClass, PageHeader } from '@/components/admin/ui.tsx';
import { useTableParams } from '@/components/admin/use-table-params.ts';
import { useCan } from '@/lib/back-office-access.ts';
import {
  deleteTaxonomyMutation,
  type TaxonomyKind,
  taxonomyListOptions,
  taxonomyPageOptions,
  type TaxonomyPageParams,
} from '@/lib/api/taxonomy.ts';
import { TAXONOMY, type TaxonomyConfig } from '../taxonomy-config.ts';

/** The admin tables' sort choices, in the order shown. */
const SORT_OPTIONS: TaxonomySort[] = ['latest', 'oldest', 'name', 'products'];
const SORT_LABELS: Record<TaxonomySort, string> = {
  latest: 'Latest',
  oldest: 'Oldest',
  name: 'Name A–Z',
  products: 'Most products',
};
const DEFAULT_SORT: TaxonomySort = 'latest';
const USAGE: Record<string, TaxonomyPageParams['used']> = { used: 'true', unused: 'false' };
const controlClass = 'rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm';

/** The server's filter for the table's Filter choice: the parent (an id or 'none'), or the use. */
function filterParams(config: TaxonomyConfig, filter: string): Partial<TaxonomyPageParams> {
  if (config.parent) return { [config.parent.field]: filter };
  return { used: USAGE[filter] ?? '' };
}

export function TaxonomyTablePage({ kind }: { kind: TaxonomyKind }) {
  const config = TAXONOMY[kind];
  const table = useTableParams(['search', 'filter', 'sort'] as const, { sort: DEFAULT_SORT });
  const sort = (TAXONOMY_SORTS as readonly string[]).includes(table.filters.sort)
    ? (table.filters.sort as TaxonomySort)
    : DEFAULT_SORT;
  const page = useQuery(
    taxonomyPageOptions(kind, {
      search: table.filters.search,
      sort,
      limit: table.pageSize,
      offset: table.offset,
      ...filterParams(config, table.filters.filter),
    }),
  );
  const parents = useTaxonomyListOrNone(config.parent?.kind);
  const remove = useMutation(deleteTaxonomyMutation(kind));
  const { confirm, dialog } = useConfirm();
  const parentName = new Map(parents.data?.map((p) => [p.id, p.name]));

  const onDelete = async (item: TaxonomyItem) => {
    if (!(await confirm(`Are you sure you want to delete the ${config.noun} "${item.name}"?`))) return;
    remove.mutate(item.id, {
      onSuccess: () => notify.success(`${config.singular} deleted`, { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  const editable = useCan()('catalog.edit');
  const columns: Column<TaxonomyItem>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (item) => (
        <span className="flex items-center gap-3">
          {config.hasImage ? (
            item.imageUrl ? (
              <img src={item.imageUrl} alt="" className="h-9 w-9 rounded object-cover" loading="lazy" />
            ) : (
              <span aria-hidden="true" className="h-9 w-9 rounded bg-neutral-100" />
            )
          ) : null}
          <span className="font-medium">{item.name}</span>
        </span>
      ),
    },
    ...(config.parent
      ? [
          {
            key: 'parent',
            header: config.parent.label,
            cell: (item: TaxonomyItem) => {
              const id = item[config.parent!.field];
              return id ? (parentName.get(id) ?? '') : <span className="text-neutral-600">—</span>;
            },
          },
        ]
      : []),
    { key: 'products', header: 'Products', className: 'text-right', cell: (item) => item.productCount },
    // Seeing the catalogue (catalog.read) is not changing it: edit, delete and create need catalog.write.
    ...(editable
      ? [
          {
            key: 'edit',
            header: 'Edit',
            className: 'w-16 text-center',
            cell: (item: TaxonomyItem) => (
              <Link to={config.editPath(item.id)} className={buttonClass.icon} aria-label={`Edit ${item.name}`}>
                <Pencil size={16} aria-hidden="true" />
              </Link>
            ),
          },
          {
            key: 'delete',
            header: 'Delete',
            className: 'w-16 text-center',
            cell: (item: TaxonomyItem) => (
              <button
                type="button"
                onClick={() => onDelete(item)}
                className={buttonClass.icon}
                aria-label={`Delete ${item.name}`}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={config.title}
        actions={
          editable ? (
            <Link to={config.createPath} className={buttonClass.primary}>
              <Plus size={16} aria-hidden="true" /> Create {config.singular}
            </Link>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          value={table.filters.search}
          onSearch={(value) => table.setFilters({ search: value })}
          label={`Search ${config.title.toLowerCase()}`}
          className="w-full sm:w-72"
        />
        <label htmlFor={`${kind}-filter`} className="sr-only">
          {config.parent ? config.parent.label : 'Usage'}
        </label>
        <select
          id={`${kind}-filter`}
          value={table.filters.filter}
          onChange={(e) => table.setFilters({ filter: e.target.value })}
          className={controlClass}
        >
          <option value="">Filter</option>
          {config.parent ? (
            <>
              <option value="none">No {config.parent.label.toLowerCase()}</option>
              {parents.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </>
          ) : (
            <>
              <option value="used">Used by products</option>
              <option value="unused">Not used</option>
            </>
          )}
        </select>
        <label htmlFor={`${kind}-sort`} className="sr-only">
          Sort
        </label>
        <select
          id={`${kind}-sort`}
          value={sort}
          onChange={(e) => table.setFilters({ sort: e.target.value })}
          className={controlClass}
        >
          {SORT_OPTIONS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        caption={config.title}
        columns={columns}
        rows={page.data?.items}
        rowKey={(item) => item.id}
        isLoading={page.isPending}
        isFetching={page.isPlaceholderData}
        error={page.error?.message}
        emptyText={`No ${config.title.toLowerCase()} match`}
      />
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={page.data?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
      {dialog}
    </>
  );
}

/** The parent kind's list, fetched only when the kind has a parent. */
function useTaxonomyListOrNone(kind: TaxonomyKind | undefined) {
  return useQuery({ ...taxonomyListOptions(kind ?? 'category'), enabled: kind !== undefined });
}

/**
 * Purchases (/purchasetable): orders in the original table's columns plus number, customer,
 * status, payment status, date and total. Search, status, date range, sort and paging run on the server.
 * The delete icon archives (with Undo); the Archived view restores.
 */
import { ORDER_STATUSES } from '@shop/shared/orders';
import { PURCHASE_SORTS, type Purchase, type PurchaseSort } from '@shop/shared/purchases';
import { truncate } from '@shop/shared/text';
import { ArchiveRestore, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { shortDate, time } from '@/lib/dates.ts';
import { formatNairaAmount } from '@shop/shared/money';
import { notify } from '@/lib/notify.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { Badge, buttonClass, PageHeader } from '@/components/admin/ui.tsx';
import { useTableParams } from '@/components/admin/use-table-params.ts';
import { useCan } from '@/lib/back-office-access.ts';
import { archivePurchaseMutation, downloadPurchasesCsv, purchasesOptions, restorePurchaseMutation } from '@/lib/api/purchases.ts';
import { PaymentStatusBadge, STATUS_LABELS, StatusBadge } from './status-badge.tsx';
import { useQuery, useMutation } from '@tanstack/react-query';

const SORT_LABELS: Record<PurchaseSort, string> = {
  latest: 'latest',
  oldest: 'oldest',
  total_desc: 'highest total',
  total_asc: 'lowest total',
};

/** The status filter's value for pay-on-delivery orders waiting for the shop's call. */
const AWAITING_CONFIRMATION = 'awaiting-confirmation';

const controlClass = 'rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm';

export function PurchasesPage() {
  const table = useTableParams(['search', 'status', 'from', 'to', 'sort', 'view'] as const, { sort: 'latest', view: 'active' });
  const { search, status, from, to, view } = table.filters;
  const sort = (PURCHASE_SORTS as readonly string[]).includes(table.filters.sort)
    ? (table.filters.sort as PurchaseSort)
    : 'latest';
  const archived = view === 'archived';
  // "Awaiting confirmation" sits among the statuses: confirmed pay-on-delivery orders the shop has still to call about.
  const awaitingConfirmation = status === AWAITING_CONFIRMATION;
  const filters = {
    search,
    status: awaitingConfirmation ? '' : status,
    awaiting: awaitingConfirmation ? 'confirmation' : undefined,
    from,
    to,
    sort,
    archived,
  };
  const purchases = useQuery(purchasesOptions({ ...filters, limit: table.pageSize, offset: table.offset }));
  const archive = useMutation(archivePurchaseMutation);
  const restore = useMutation(restorePurchaseMutation);
  const { confirm, dialog } = useConfirm();
  const [exporting, setExporting] = useState(false);
  const can = useCan();
  // Archiving and restoring is fulfilment's; the export lists every customer's name and address.
  const canArchive = can('order.fulfil');
  const canExport = can('orders.export');

  const onRestore = (row: Purchase) =>
    restore.mutate(row.id, {
      onSuccess: () => notify.success(`Purchase ${row.number} restored`, { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });

  const onArchive = async (row: Purchase) => {
    if (!(await confirm(`Archive purchase ${row.number}? You can restore it from the Archived view.`, 'Archive'))) return;
    archive.mutate(row.id, {
      onSuccess: () => notify.action(`Purchase ${row.number} archived`, 'Undo', () => onRestore(row), { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadPurchasesCsv(filters);
    } catch (error) {
      notify.error((error as Error).message, { area: 'admin' });
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<Purchase>[] = [
    {
      key: 'number',
      header: 'Order',
      className: 'whitespace-nowrap',
      cell: (p) => (
        <Link to={`/purchasetable/${p.id}`} className="font-medium text-neutral-900 underline-offset-4 hover:underline">
          {p.number}
        </Link>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      className: 'whitespace-nowrap',
      cell: (p) => (
        <>
          {shortDate(p.createdAt)}
          <span className="block text-neutral-500">{time(p.createdAt)}</span>
        </>
      ),
    },
    { key: 'customer', header: 'Customer', cell: (p) => <span title={p.email}>{p.customerName || p.email}</span> },
    {
      key: 'title',
      header: 'Title',
      className: 'whitespace-nowrap',
      cell: (p) => <span title={p.title}>{truncate(p.title, 7)}</span>,
    },
    { key: 'price', header: 'Price', className: 'whitespace-nowrap text-right', cell: (p) => formatNairaAmount(p.price) },
    {
      key: 'discount',
      header: 'Discount',
      className: 'whitespace-nowrap text-right',
      cell: (p) => formatNairaAmount(p.discount),
    },
    { key: 'color', header: 'Color', cell: (p) => p.color },
    { key: 'size', header: 'Size', cell: (p) => p.size },
    {
      key: 'category',
      header: 'Category id',
      cell: (p) => <span title={p.categoryId ?? ''}>{p.categoryId?.slice(0, 6) ?? ''}</span>,
    },
    { key: 'quantity', header: 'Qty', className: 'text-right', cell: (p) => p.quantity },
    {
      key: 'total',
      header: 'Total',
      className: 'whitespace-nowrap text-right',
      cell: (p) => <span className="font-medium">{formatNairaAmount(Number(p.totalPrice))}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) =>
        p.awaitingConfirmation ? <Badge tone="amber">awaiting confirmation</Badge> : <StatusBadge status={p.status} />,
    },
    {
      key: 'payment',
      header: 'Payment',
      className: 'whitespace-nowrap',
      cell: (p) => <PaymentStatusBadge status={p.paymentStatus} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (p) =>
        !canArchive ? null : archived ? (
          <button
            type="button"
            className={buttonClass.icon}
            onClick={() => onRestore(p)}
            aria-label={`Restore purchase ${p.number}`}
          >
            <ArchiveRestore size={16} aria-hidden="true" />
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass.icon}
            onClick={() => onArchive(p)}
            aria-label={`Delete purchase ${p.number}`}
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Purchases"
        actions={
          canExport ? (
            <button type="button" className={buttonClass.secondary} onClick={onExport} disabled={exporting}>
              <Download size={16} aria-hidden="true" />
              {exporting ? 'Exporting...' : 'Export CSV'}
            </button>
          ) : null
        }
      />
      <div
        role="tablist"
        aria-label="Purchases view"
        className="mb-4 inline-flex rounded-md border border-neutral-300 bg-white p-0.5"
      >
        {(['active', 'archived'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            onClick={() => table.setFilters({ view: v })}
            className={`rounded px-3 py-1.5 text-sm ${view === v ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100'}`}
          >
            {v === 'active' ? 'Purchases' : 'Archived'}
          </button>
        ))}
      </div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput
          value={search}
          onSearch={(value) => table.setFilters({ search: value })}
          label="Search purchases"
          className="w-full sm:w-64"
        />
        <div>
          <label htmlFor="purchases-status" className="sr-only">
            Status
          </label>
          <select
            id="purchases-status"
            value={status}
            onChange={(e) => table.setFilters({ status: e.target.value })}
            className={controlClass}
          >
            <option value="">All statuses</option>
            <option value={AWAITING_CONFIRMATION}>Awaiting confirmation</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="purchases-from" className="text-sm text-neutral-700">
            From
          </label>
          <input
            id="purchases-from"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => table.setFilters({ from: e.target.value })}
            className={controlClass}
          />
          <label htmlFor="purchases-to" className="text-sm text-neutral-700">
            To
          </label>
          <input
            id="purchases-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => table.setFilters({ to: e.target.value })}
            className={controlClass}
          />
        </div>
        <div>
          <label htmlFor="purchases-sort" className="sr-only">
            Sort
          </label>
          <select
            id="purchases-sort"
            value={sort}
            onChange={(e) => table.setFilters({ sort: e.target.value })}
            className={controlClass}
          >
            {PURCHASE_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption={archived ? 'Archived purchases' : 'Purchases'}
        dense
        columns={columns}
        rows={purchases.data?.items}
        rowKey={(p) => p.id}
        isLoading={purchases.isPending}
        isFetching={purchases.isPlaceholderData}
        error={purchases.error?.message}
        emptyText={archived ? 'No archived purchases' : 'No purchases match'}
      />
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={purchases.data?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
      {dialog}
    </>
  );
}

/**
 * Cash drawers (/drawers, pos.sell or reports.sales): each drawer opened on a till, newest
 * first, with its float, who opened and closed it and the over/short counted at closing; each
 * links to its Z-report. A till can be chosen to see its drawers only.
 */
import type { DrawerView } from '@shop/shared/pos-drawers';
import { formatNaira } from '@shop/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge, inputClass, PageHeader } from '@/components/admin/ui.tsx';
import { drawersOptions, tillsOptions } from '@/lib/api/tills.ts';
import { dateTime } from '@/lib/dates.ts';

/** "₦500.00 over", "₦200.00 short", "Exact". */
export function overShortWords(overShort: number): string {
  if (overShort === 0) return 'Exact';
  return `${formatNaira(Math.abs(overShort))} ${overShort > 0 ? 'over' : 'short'}`;
}

const columns: Column<DrawerView>[] = [
  {
    key: 'opened',
    header: 'Opened',
    cell: (d) => (
      <Link to={`/drawers/${d.id}`} className="font-medium underline">
        {dateTime(d.openedAt)}
      </Link>
    ),
  },
  { key: 'till', header: 'Till', cell: (d) => d.tillName },
  { key: 'by', header: 'Opened by', cell: (d) => d.openedBy ?? '—' },
  { key: 'float', header: 'Float', cell: (d) => formatNaira(d.float) },
  {
    key: 'closed',
    header: 'Closed',
    cell: (d) =>
      d.closedAt ? `${dateTime(d.closedAt)}${d.closedBy ? ` by ${d.closedBy}` : ''}` : <Badge tone="blue">Open</Badge>,
  },
  {
    key: 'overShort',
    header: 'Over / short',
    cell: (d) =>
      d.overShort === null ? (
        '—'
      ) : (
        <Badge tone={d.overShort === 0 ? 'green' : d.overShort > 0 ? 'amber' : 'red'}>{overShortWords(d.overShort)}</Badge>
      ),
  },
];

export function DrawersPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tillId = params.get('till') ?? undefined;
  const tills = useQuery(tillsOptions());
  const drawers = useQuery(drawersOptions(tillId));
  return (
    <div className="space-y-6">
      <PageHeader
        title="Cash drawers"
        description="Each drawer from its float to the cash counted at closing. Open a drawer’s Z-report to print it or download it as CSV."
        actions={
          <div>
            <label htmlFor={id} className="sr-only">
              Till
            </label>
            <select
              id={id}
              className={inputClass}
              value={tillId ?? ''}
              onChange={(event) => setParams(event.target.value ? { till: event.target.value } : {})}
            >
              <option value="">All tills</option>
              {tills.data?.map((till) => (
                <option key={till.id} value={till.id}>
                  {till.name} ({till.prefix})
                </option>
              ))}
            </select>
          </div>
        }
      />
      <DataTable
        caption="Cash drawers"
        columns={columns}
        rows={drawers.data}
        rowKey={(d) => d.id}
        isLoading={drawers.isPending}
        error={drawers.error?.message}
        emptyText="No drawer opened yet"
      />
    </div>
  );
}

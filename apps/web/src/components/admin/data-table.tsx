/** A plain, accessible table for the back office: columns described once, rows from the server. */
import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey(row: T): string;
  isLoading?: boolean;
  error?: string | null;
  emptyText?: string;
  /** True while a new page is being fetched and the old rows are still shown. */
  isFetching?: boolean;
  /** Smaller text and padding, for tables with many columns. */
  dense?: boolean;
}

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  emptyText = 'Nothing here yet',
  isFetching,
  dense,
}: DataTableProps<T>) {
  const cellPad = dense ? 'px-2 py-2' : 'px-3 py-2.5';
  let body: ReactNode;
  if (isLoading) body = <StatusRow span={columns.length}>Loading...</StatusRow>;
  else if (error)
    body = (
      <StatusRow span={columns.length} tone="error">
        {error}
      </StatusRow>
    );
  else if (!rows || rows.length === 0) body = <StatusRow span={columns.length}>{emptyText}</StatusRow>;
  else
    body = rows.map((row) => (
      <tr key={rowKey(row)} className="border-t border-neutral-100 hover:bg-neutral-50">
        {columns.map((column) => (
          <td key={column.key} className={`${cellPad} align-middle ${column.className ?? ''}`}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    ));

  return (
    <div className="relative overflow-x-auto rounded-lg border border-neutral-200 bg-white shadow-sm">
      <table
        className={`w-full text-left ${dense ? 'text-xs' : 'text-sm'} transition-opacity ${isFetching ? 'opacity-60' : ''}`}
        aria-busy={isFetching || isLoading}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className={`bg-neutral-50 text-xs font-semibold text-neutral-600 ${dense ? '' : 'uppercase tracking-wide'}`}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`whitespace-nowrap ${dense ? 'px-2' : 'px-3'} py-3 ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

function StatusRow({ span, tone, children }: { span: number; tone?: 'error'; children: ReactNode }) {
  return (
    <tr>
      <td
        colSpan={span}
        role={tone === 'error' ? 'alert' : undefined}
        className={`px-3 py-10 text-center ${tone === 'error' ? 'text-red-600' : 'text-neutral-500'}`}
      >
        {children}
      </td>
    </tr>
  );
}

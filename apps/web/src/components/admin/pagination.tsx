/** The pager under every admin table: page-size choice, "1–10 of 53", and page buttons. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { PAGE_SIZES } from './use-table-params.ts';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** Page numbers to show: the first, the last, and two either side of the current page. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

export function Pagination({ page, pageSize, total, onPage, onPageSize }: PaginationProps) {
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const pageButton =
    'inline-flex h-8 min-w-8 items-center justify-center rounded-md border px-2 text-sm focus-visible:outline-2 disabled:opacity-40';

  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-neutral-700">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="rounded-md border border-neutral-300 bg-white px-2 py-1"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <span aria-live="polite">
          {from}–{to} of {total}
        </span>
      </div>
      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            className={`${pageButton} border-neutral-300 bg-white`}
            onClick={() => onPage(page - 1)}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <ChevronLeft size={16} aria-hidden="true" />
          </button>
        </li>
        {pageWindow(Math.min(page, pageCount), pageCount).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                onClick={() => onPage(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={`${pageButton} ${p === page ? 'border-neutral-900 bg-neutral-900 text-white' : 'border-neutral-300 bg-white'}`}
              >
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${pageButton} border-neutral-300 bg-white`}
            onClick={() => onPage(page + 1)}
            disabled={page >= pageCount}
            aria-label="Next page"
          >
            <ChevronRight size={16} aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';

interface PaginationProps {
  page: number;
  pageCount: number;
}

/** Page links (kept in the URL as ?page=N): previous, a window of numbers, next. */
export function Pagination({ page, pageCount }: PaginationProps) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete('page');
    else next.set('page', String(n));
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const numbers = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  const base = 'flex h-10 min-w-10 items-center justify-center border px-3 text-sm';
  return (
    <nav aria-label="Pages" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={`${base} border-line hover:border-ink`} aria-label="Previous page">
          <ChevronLeft aria-hidden size={18} />
        </Link>
      ) : null}
      {numbers.map((n) => (
        <Link
          key={n}
          to={href(n)}
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          className={`${base} ${n === page ? 'border-ink bg-ink text-white' : 'border-line hover:border-ink'}`}
        >
          {n}
        </Link>
      ))}
      {page < pageCount ? (
        <Link to={href(page + 1)} className={`${base} border-line hover:border-ink`} aria-label="Next page">
          <ChevronRight aria-hidden size={18} />
        </Link>
      ) : null}
    </nav>
  );
}

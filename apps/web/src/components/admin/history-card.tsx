/**
 * A thing's history on its page (an order's, a product's): the audit trail's entries about it,
 * oldest first, each a sentence — "Ada (Cashier) recorded ₦25,000 by transfer, 14:02" — worded
 * by the same shared function as the API's (historySentence), the full date on hover.
 */
import { type HistoryEntry, historySentence } from '@shop/shared/audit';
import type { UseQueryResult } from '@tanstack/react-query';
import { dateTime } from '@/lib/dates.ts';
import { Card } from './ui.tsx';

const quiet = 'text-sm text-neutral-600';

export function HistoryCard({ history, className }: { history: UseQueryResult<HistoryEntry[]>; className?: string }) {
  return (
    <Card className={className}>
      <h2 className="mb-3 text-base font-semibold">History</h2>
      {history.isPending ? (
        <p className={quiet}>Loading the history…</p>
      ) : history.error ? (
        <p className={quiet}>The history could not be loaded.</p>
      ) : history.data.length === 0 ? (
        <p className={quiet}>No changes recorded yet.</p>
      ) : (
        <ol className="space-y-2 text-sm text-neutral-900">
          {history.data.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt} title={dateTime(entry.createdAt)}>
                {historySentence(entry)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

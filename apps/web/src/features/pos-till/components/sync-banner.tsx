/** Whether the till is online, how many of its sales (and drawer changes and returns) wait to sync, and when it last synced. */
import { time } from '@/lib/dates.ts';
import { buttonClass } from '@/components/admin/ui.tsx';
import { useOnline } from '../use-till-sync.ts';
import { useTill } from '../till-store.ts';

const salesWord = (n: number) => `${n} ${n === 1 ? 'sale' : 'sales'}`;

export function SyncBanner() {
  const online = useOnline();
  const waiting = useTill((s) => s.sales.filter((sale) => sale.status === 'waiting').length);
  const lastSyncAt = useTill((s) => s.lastSyncAt);
  const syncing = useTill((s) => s.syncing);
  const syncError = useTill((s) => s.syncError);
  // Drawer changes and returns wait like sales (till-outbox.ts).
  const others = useTill((s) => s.outboxWaiting);
  const last = lastSyncAt ? `Last synced ${time(lastSyncAt)}` : 'Not synced yet';

  const text = !online
    ? `Offline: ${salesWord(waiting)} waiting to sync`
    : syncing
      ? 'Syncing…'
      : waiting > 0
        ? `${salesWord(waiting)} waiting to sync`
        : 'All sales synced';
  const tone = !online
    ? 'border-amber-300 bg-amber-50 text-amber-900'
    : waiting > 0
      ? 'border-blue-200 bg-blue-50 text-blue-900'
      : 'border-green-200 bg-green-50 text-green-900';

  return (
    <section
      aria-label="Sync"
      className={`flex flex-wrap items-center justify-between gap-2 rounded-md border px-4 py-2 text-sm ${tone}`}
    >
      <p role="status">
        <strong className="font-semibold">{text}</strong>
        {others > 0 ? (
          <span className="ml-2">
            · {others === 1 ? '1 drawer change or return' : `${others} drawer changes and returns`} waiting
          </span>
        ) : null}
        <span className="ml-2">{last}</span>
        {online && syncError && waiting + others > 0 ? <span className="ml-2">(the last try failed: {syncError})</span> : null}
      </p>
      {online && waiting + others > 0 ? (
        <button
          type="button"
          disabled={syncing}
          onClick={() => void useTill.getState().sync()}
          className={`${buttonClass.secondary} min-h-11`}
        >
          Sync now
        </button>
      ) : null}
    </section>
  );
}

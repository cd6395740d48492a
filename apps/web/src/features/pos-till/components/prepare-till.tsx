/**
 * Sets up this device as a till (online, once): registers it (POST /api/pos/tills, as the
 * signed-in member), keeps its id, prefix and device token, and downloads the catalogue,
 * customers and staff it sells with offline.
 */
import { useId, useState } from 'react';
import { buttonClass, Card, ErrorNotice, inputClass } from '@/components/admin/ui.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useTill } from '../till-store.ts';

export function PrepareTill() {
  const id = useId();
  const memberId = useSession((s) => s.user?.id);
  const [name, setName] = useState('Front counter');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await useTill.getState().prepare(name.trim(), memberId);
    } catch (e) {
      setError(
        navigator.onLine ? (e instanceof Error ? e.message : String(e)) : 'Connect to the internet once to set up this till',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="max-w-md">
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
            Till name
          </label>
          <input
            id={id}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            required
            className={`${inputClass} mt-1 min-h-11`}
          />
        </div>
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
        <button type="submit" disabled={busy || !name.trim()} className={`${buttonClass.primary} min-h-11 w-full`}>
          {busy ? 'Setting up…' : 'Set up this till'}
        </button>
      </form>
    </Card>
  );
}

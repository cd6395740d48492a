/**
 * A member of staff proves who they are at the till with their PIN, checked on the device
 * (offline) against the slow hash the catalogue brought: to take over the till as cashier, or
 * as a manager approving what the cashier's role asks approval for.
 */
import type { TillStaff } from '@shop/shared/pos-till';
import { useId, useState } from 'react';
import { buttonClass, ErrorNotice, inputClass } from '@/components/admin/ui.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { checkTillPin } from '../till-pin.ts';

interface PinDialogProps {
  title: string;
  /** Why it is asked (the approval's reason). */
  reason?: string;
  /** Who may answer (members without a PIN are left out). */
  members: TillStaff[];
  onConfirmed(member: TillStaff): void;
  onCancel(): void;
}

export function PinDialog({ title, reason, members, onConfirmed, onCancel }: PinDialogProps) {
  const titleId = useId();
  const pinId = useId();
  const withPin = members.filter((m) => m.pin);
  const [memberId, setMemberId] = useState(withPin[0]?.id ?? '');
  const [pin, setPin] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const member = withPin.find((m) => m.id === memberId);
    if (!member?.pin) return;
    setChecking(true);
    setError(null);
    const ok = await checkTillPin(pin, member.pin);
    setChecking(false);
    if (ok) onConfirmed(member);
    else {
      setPin('');
      setError('That PIN is not right');
    }
  };

  return (
    <Dialog labelledBy={titleId} onRequestClose={onCancel}>
      <form onSubmit={submit} className="space-y-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {reason ? <p className="text-sm text-neutral-700">{reason}</p> : null}
        {withPin.length === 0 ? (
          <p className="text-sm text-neutral-700">Nobody who may do this has a till PIN on this device yet.</p>
        ) : (
          <>
            <fieldset>
              <legend className="text-sm font-medium text-neutral-800">Who</legend>
              <div className="mt-2 grid grid-cols-2 gap-2">
                {withPin.map((m) => (
                  <label
                    key={m.id}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-neutral-300 px-3 has-checked:border-neutral-900 has-checked:bg-neutral-100"
                  >
                    <input
                      type="radio"
                      name="member"
                      value={m.id}
                      checked={memberId === m.id}
                      onChange={() => setMemberId(m.id)}
                    />
                    <span className="text-sm">
                      {m.firstName} {m.lastName}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label htmlFor={pinId} className="block text-sm font-medium text-neutral-800">
                PIN
              </label>
              <input
                id={pinId}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                pattern="\d{4,6}"
                maxLength={6}
                value={pin}
                onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
                className={`${inputClass} mt-1 min-h-11 tracking-[0.5em]`}
              />
            </div>
          </>
        )}
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
        <div className="flex gap-2">
          <button type="button" onClick={onCancel} className={`${buttonClass.secondary} min-h-11 flex-1`}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={checking || pin.length < 4 || !memberId}
            className={`${buttonClass.primary} min-h-11 flex-1`}
          >
            {checking ? 'Checking…' : 'Confirm'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

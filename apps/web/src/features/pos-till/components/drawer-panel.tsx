/**
 * The till's cash drawer (issue 29): opened with a float, cash paid in or out with a reason,
 * closed with the cash counted. Each change is kept on the device and sent with the till's
 * token when the network allows (till-outbox.ts), so the drawer works offline like the sales;
 * the cash expected and the over or short are the server's, shown once it has answered.
 */
import { formatNaira } from '@shop/shared/money';
import { useId, useState } from 'react';
import { buttonClass, ErrorNotice, inputClass } from '@/components/admin/ui.tsx';
import { parseNaira } from '../cart.ts';
import type { TillDrawer } from '../till-db.ts';
import { openDrawerOf, useTill } from '../till-store.ts';
import { ChoiceTiles, TillDialog } from './till-controls.tsx';

const MOVEMENTS = ['pay_in', 'pay_out'] as const;
const MOVEMENT_LABELS: Record<(typeof MOVEMENTS)[number], string> = { pay_in: 'Pay in', pay_out: 'Pay out' };

/** Naira typed by the cashier as kobo, or why it is not an amount. */
function amountOf(text: string, what: string, { zero = false } = {}): number | string {
  const kobo = parseNaira(text);
  if (Number.isNaN(kobo)) return `Type ${what} in naira, such as 5000 or 5,000.50`;
  if (!zero && kobo === 0) return `${what[0]!.toUpperCase()}${what.slice(1)} must be more than ₦0`;
  return kobo;
}

/** A form's submit: the naira typed, as kobo, to `act`; or why not (its error, or the amount's). */
function onAmount(
  text: string,
  what: string,
  setError: (error: string | null) => void,
  act: (kobo: number) => Promise<void>,
  options: { zero?: boolean } = {},
) {
  return async (event: React.FormEvent) => {
    event.preventDefault();
    const kobo = amountOf(text, what, options);
    if (typeof kobo === 'string') return setError(kobo);
    setError(null);
    await act(kobo).catch((error: unknown) => setError(error instanceof Error ? error.message : String(error)));
  };
}

export function DrawerButton() {
  const [shown, setShown] = useState(false);
  const drawer = useTill((s) => openDrawerOf(s.drawer));
  return (
    <>
      <button type="button" onClick={() => setShown(true)} className={`${buttonClass.secondary} min-h-11`}>
        Drawer{drawer ? ' (open)' : ''}
      </button>
      {shown ? <DrawerDialog onClose={() => setShown(false)} /> : null}
    </>
  );
}

function DrawerDialog({ onClose }: { onClose(): void }) {
  const drawer = useTill((s) => s.drawer);
  const open = openDrawerOf(drawer);
  return (
    <TillDialog title="Drawer" onClose={onClose}>
      {open ? <OpenDrawer drawer={open} /> : <OpenForm last={drawer} />}
    </TillDialog>
  );
}

/** No drawer open: the last one's figures, and opening the next with its float. */
function OpenForm({ last }: { last: TillDrawer | null }) {
  const [float, setFloat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = onAmount(float, 'the float', setError, (kobo) => useTill.getState().openDrawer(kobo), { zero: true });
  return (
    <>
      {last?.refused ? (
        <ErrorNotice>The server did not open the last drawer: {last.refused}</ErrorNotice>
      ) : last?.closed ? (
        <ClosedDrawer drawer={last} />
      ) : (
        <p className="text-sm">No drawer is open on this till.</p>
      )}
      <form onSubmit={submit} className="space-y-3">
        <Field label="Float (₦)" value={float} onChange={setFloat} />
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
        <button type="submit" className={`${buttonClass.primary} min-h-11 w-full`}>
          Open drawer
        </button>
      </form>
    </>
  );
}

function OpenDrawer({ drawer }: { drawer: TillDrawer }) {
  const [kind, setKind] = useState<'pay_in' | 'pay_out'>('pay_in');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [counted, setCounted] = useState('');
  const [error, setError] = useState<string | null>(null);

  const move = onAmount(amount, 'the amount', setError, async (kobo) => {
    if (!reason.trim()) throw new Error('Say why');
    await useTill.getState().moveCash(kind, kobo, reason.trim());
    setAmount('');
    setReason('');
  });
  const close = onAmount(counted, 'the cash counted', setError, (kobo) => useTill.getState().closeDrawer(kobo), {
    zero: true,
  });

  return (
    <>
      <dl className="space-y-1 text-sm">
        <Row label="Float" value={formatNaira(drawer.float)} />
        <Row label="Paid in" value={formatNaira(drawer.payIns)} />
        <Row label="Paid out" value={formatNaira(drawer.payOuts)} />
      </dl>
      <form onSubmit={move} className="space-y-3 border-t border-neutral-200 pt-3">
        <ChoiceTiles legend="Pay in or out" options={MOVEMENTS} labels={MOVEMENT_LABELS} value={kind} onChange={setKind} />
        <Field label="Amount (₦)" value={amount} onChange={setAmount} />
        <Field label="Reason" value={reason} onChange={setReason} text />
        <button type="submit" className={`${buttonClass.secondary} min-h-11 w-full`}>
          {kind === 'pay_in' ? 'Pay in' : 'Pay out'}
        </button>
      </form>
      <form onSubmit={close} className="space-y-3 border-t border-neutral-200 pt-3">
        <Field label="Counted cash (₦)" value={counted} onChange={setCounted} />
        <button type="submit" className={`${buttonClass.primary} min-h-11 w-full`}>
          Close drawer
        </button>
      </form>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
    </>
  );
}

/** The drawer just closed: the cash counted, and what the server says it should hold. */
function ClosedDrawer({ drawer }: { drawer: TillDrawer }) {
  const closed = drawer.closed!;
  const { expected, overShort } = closed;
  return (
    <section aria-label="Drawer closed" className="space-y-2 text-sm">
      <p className="font-medium">Drawer closed</p>
      <dl className="space-y-1">
        <Row label="Counted cash" value={formatNaira(closed.counted)} />
        {expected !== undefined && overShort !== undefined ? (
          <>
            <Row label="Expected" value={formatNaira(expected)} />
            <Row label={overShort < 0 ? 'Short' : 'Over'} value={formatNaira(Math.abs(overShort))} testId="drawer-over-short" />
          </>
        ) : null}
      </dl>
      {closed.message ? (
        <ErrorNotice>The server did not take the close: {closed.message}</ErrorNotice>
      ) : expected === undefined ? (
        <p className="text-neutral-600">Expected and over or short show once the till syncs.</p>
      ) : null}
      {/* The Z-report is the back office's page: a manager signs in to read or print it. */}
      <a href={`/drawers/${drawer.id}`} target="_blank" rel="noreferrer" className="inline-block min-h-11 py-2 underline">
        Z-report
      </a>
    </section>
  );
}

/** A labelled input of the drawer's forms: naira unless `text`. */
function Field({
  label,
  value,
  onChange,
  text,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  text?: boolean;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="block text-sm">
      {label}
      <input
        id={id}
        inputMode={text ? 'text' : 'decimal'}
        maxLength={text ? 200 : 20}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} mt-1 min-h-11`}
      />
    </label>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

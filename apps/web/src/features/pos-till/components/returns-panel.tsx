/**
 * Returns at the till (issue 29): find the sale by its receipt number (typed, or scanned from
 * the receipt: a keyboard-wedge scanner types it and presses Enter), the customer's name or
 * phone; choose the units coming back (never more than are left), whether each line goes
 * back on sale, and where the money goes. The cashier role's pos.refund policy applies on the
 * device (deny: no return; approval: a manager's PIN) and again on the server. The return is
 * kept on the device and sent with the till's token when the network allows. An exchange
 * takes other items in the same step (exchange-picker.tsx): the customer pays the difference
 * by one tender, or gets it back as the refund says.
 */
import { formatNaira } from '@shop/shared/money';
import type { RefundTo, TillSaleView } from '@shop/shared/pos-drawers';
import type { SyncApproval, TillStaff } from '@shop/shared/pos-till';
import { useId, useState } from 'react';
import { buttonClass, ErrorNotice, inputClass } from '@/components/admin/ui.tsx';
import { approvers } from '../policy.ts';
import type { StoredReturn } from '../till-db.ts';
import { goodsValue, returnable } from '../till-returns.ts';
import { exchangeTotal, useTill } from '../till-store.ts';
import { type ExchangeLine, ExchangePicker } from './exchange-picker.tsx';
import { PinDialog } from './pin-dialog.tsx';
import { TENDER_LABELS } from './tender-panel.tsx';
import { ChoiceTiles, TillDialog } from './till-controls.tsx';

const REFUND_LABELS: Record<RefundTo, string> = { cash: 'Cash', original: 'Original payment', store_credit: 'Store credit' };
type PaidBy = 'cash' | 'card' | 'transfer';
const PAID_BY: PaidBy[] = ['cash', 'card', 'transfer'];
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ReturnsButton({ cashier }: { cashier: TillStaff }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown(true)} className={`${buttonClass.secondary} min-h-11`}>
        Returns
      </button>
      {shown ? <ReturnsDialog cashier={cashier} onClose={() => setShown(false)} /> : null}
    </>
  );
}

function ReturnsDialog({ cashier, onClose }: { cashier: TillStaff; onClose(): void }) {
  const [sale, setSale] = useState<TillSaleView | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const policy = cashier.role.pos.refund;
  return (
    <TillDialog title="Returns" onClose={onClose}>
      {policy === 'deny' ? (
        <p className="text-sm">Your role may not take goods back: ask a manager.</p>
      ) : made ? (
        <ReturnMade id={made} />
      ) : sale ? (
        <ReturnForm sale={sale} cashier={cashier} onMade={setMade} onBack={() => setSale(null)} />
      ) : (
        <FindSale onChoose={setSale} />
      )}
    </TillDialog>
  );
}

function FindSale({ onChoose }: { onChoose(sale: TillSaleView): void }) {
  const id = useId();
  const tillId = useTill((s) => s.device?.tillId);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<TillSaleView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const find = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (query.trim().length < 2) return setError('Type at least 2 characters');
    try {
      setFound(await useTill.getState().findSales(query.trim()));
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <>
      <form onSubmit={find} className="space-y-2">
        <label htmlFor={`${id}-q`} className="block text-sm">
          Receipt number, customer name or phone
          <input
            id={`${id}-q`}
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={`${inputClass} mt-1 min-h-11`}
          />
        </label>
        <button type="submit" className={`${buttonClass.primary} min-h-11 w-full`}>
          Find sale
        </button>
      </form>
      {error ? <ErrorNotice>{error}</ErrorNotice> : null}
      {found?.length === 0 ? <p className="text-sm">No sale found.</p> : null}
      {found && found.length > 0 ? (
        <ul aria-label="Sales found" className="divide-y divide-neutral-100 text-sm">
          {found.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-mono">{s.receiptNumber}</span>
                {s.customer ? ` · ${s.customer.name}` : ''} · {formatNaira(s.total)}
              </span>
              {s.tillId === tillId ? (
                <button type="button" onClick={() => onChoose(s)} className={`${buttonClass.secondary} min-h-11`}>
                  Choose<span className="sr-only"> {s.receiptNumber}</span>
                </button>
              ) : (
                <span className="text-neutral-600">Made on another till: take it back there</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

interface ReturnFormProps {
  sale: TillSaleView;
  cashier: TillStaff;
  onMade(id: string): void;
  onBack(): void;
}

function ReturnForm({ sale, cashier, onMade, onBack }: ReturnFormProps) {
  const staff = useTill((s) => s.staff);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [refundTo, setRefundTo] = useState<RefundTo>('cash');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const goods = goodsValue(sale, quantities);
  const refundOptions: RefundTo[] = sale.customer ? ['cash', 'original', 'store_credit'] : ['cash', 'original'];
  const variants = useTill((s) => s.index.variants);
  const [swap, setSwap] = useState<ExchangeLine[]>([]);
  const [paidBy, setPaidBy] = useState<PaidBy>('cash');
  // The exchange's items less the goods: positive, the customer pays it; else it is given back.
  const difference = swap.length > 0 ? exchangeTotal(swap, variants) - goods : -goods;

  const record = async (approvals: SyncApproval[]) => {
    try {
      const made = await useTill.getState().giveBack({
        sale,
        quantities,
        restock,
        refundTo,
        approvals,
        ...(swap.length > 0 ? { exchange: { lines: swap, paidBy } } : {}),
      });
      onMade(made.id);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (goods === 0) return setError('Choose what comes back');
    if (cashier.role.pos.refund === 'approval') setAsking(true);
    else void record([]);
  };

  return (
    <>
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm">
          <span className="font-mono">{sale.receiptNumber}</span>
          {sale.customer ? ` · ${sale.customer.name}` : ''}
        </p>
        <ul aria-label="Lines of the sale" className="divide-y divide-neutral-100 text-sm">
          {sale.lines.map((line) => {
            const left = line.variantId ? returnable(line) : 0;
            return (
              <li key={line.lineId} className="space-y-2 py-2">
                <p>
                  {line.title} · {formatNaira(line.unitPrice)} · sold {line.quantity}
                  {line.returned > 0 ? `, ${line.returned} back already` : ''}
                </p>
                {left === 0 ? (
                  <p className="text-neutral-600">Nothing left to return</p>
                ) : (
                  <div className="flex flex-wrap items-center gap-3">
                    <label className="flex items-center gap-2">
                      Quantity
                      <input
                        aria-label={`Quantity of ${line.title}`}
                        type="number"
                        min={0}
                        max={left}
                        inputMode="numeric"
                        value={quantities[line.lineId] ?? 0}
                        onChange={(e) => {
                          const wanted = Math.max(0, Math.min(left, Math.trunc(Number(e.target.value) || 0)));
                          setQuantities((q) => ({ ...q, [line.lineId]: wanted }));
                        }}
                        className={`${inputClass} min-h-11 w-20`}
                      />
                    </label>
                    <label className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        checked={restock[line.lineId] ?? true}
                        onChange={(e) => setRestock((r) => ({ ...r, [line.lineId]: e.target.checked }))}
                      />
                      Back on sale<span className="sr-only"> ({line.title})</span>
                    </label>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <p className="flex justify-between text-sm">
          <span>Goods back</span>
          <span data-testid="return-value">{formatNaira(goods)}</span>
        </p>
        <ExchangePicker lines={swap} onChange={setSwap} />
        {/* What the customer pays the difference by, or where the money goes back to. */}
        {difference > 0 ? (
          <ChoiceTiles<PaidBy>
            legend="Paid by"
            showLegend
            options={PAID_BY}
            labels={TENDER_LABELS}
            value={paidBy}
            onChange={setPaidBy}
          />
        ) : (
          <ChoiceTiles
            legend="Refund to"
            showLegend
            options={refundOptions}
            labels={REFUND_LABELS}
            value={refundTo}
            onChange={setRefundTo}
          />
        )}
        <p className="flex justify-between text-base font-semibold">
          <span>{difference > 0 ? 'To pay' : 'Refund'}</span>
          <span data-testid="return-difference">{formatNaira(Math.abs(difference))}</span>
        </p>
        {error ? <ErrorNotice>{error}</ErrorNotice> : null}
        <div className="flex gap-2">
          <button type="button" onClick={onBack} className={`${buttonClass.secondary} min-h-11 flex-1`}>
            Back
          </button>
          <button type="submit" className={`${buttonClass.primary} min-h-11 flex-1`}>
            Record return
          </button>
        </div>
      </form>
      {asking ? (
        <PinDialog
          title="Manager approval"
          reason={`Refund of ${formatNaira(goods)} for ${sale.receiptNumber}`}
          members={approvers(staff, 'refund').filter((m) => m.id !== cashier.id)}
          onCancel={() => setAsking(false)}
          onConfirmed={(manager) => {
            setAsking(false);
            void record([
              { id: crypto.randomUUID(), action: 'refund', managerId: manager.id, amount: goods, at: new Date().toISOString() },
            ]);
          }}
        />
      ) : null}
    </>
  );
}

const MADE: Record<StoredReturn['status'], string> = {
  waiting: 'Saved on this till: it syncs when the network returns.',
  recorded: 'Return recorded.',
  refused: 'The server refused this return:',
};

/** The return just taken, as its sync stands. */
function ReturnMade({ id }: { id: string }) {
  const made = useTill((s) => s.returns.find((r) => r.id === id));
  if (!made) return null;
  const to = REFUND_LABELS[made.body.refundTo].toLowerCase();
  const paid = made.body.exchange?.sale.tenders[0];
  return (
    <section aria-label="Return" className="space-y-1 text-sm" role="status">
      <p className="font-medium">
        {paid
          ? `${formatNaira(paid.amount)} paid by ${TENDER_LABELS[paid.type].toLowerCase()} for the exchange`
          : `${formatNaira(made.amount ?? Math.max(0, made.goods - (made.exchangeTotal ?? 0)))} back to ${to}`}{' '}
        for {made.receiptNumber}
      </p>
      <p>
        {MADE[made.status]} {made.message ?? ''}
      </p>
    </section>
  );
}

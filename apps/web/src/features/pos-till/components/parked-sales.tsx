/** Sales put aside (the customer went to fetch something) and taken up again, kept on the device. */
import { formatNaira } from '@shop/shared/money';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '@/components/admin/ui.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { time } from '@/lib/dates.ts';
import { cartTotals } from '../cart.ts';
import { type ParkedSale, tillDb } from '../till-db.ts';
import { useTill } from '../till-store.ts';

export function ParkedSales() {
  const titleId = useId();
  const count = useTill((s) => s.parkedCount);
  const [open, setOpen] = useState(false);
  const [parked, setParked] = useState<ParkedSale[]>([]);
  useEffect(() => {
    if (open) void tillDb().parked.orderBy('parkedAt').toArray().then(setParked);
  }, [open]);

  return (
    <>
      <button type="button" disabled={count === 0} onClick={() => setOpen(true)} className={`${buttonClass.secondary} min-h-11`}>
        Parked ({count})
      </button>
      {open ? (
        <Dialog labelledBy={titleId} onRequestClose={() => setOpen(false)}>
          <div className="space-y-3 p-5">
            <h2 id={titleId} className="text-lg font-semibold">
              Parked sales
            </h2>
            <ul className="divide-y divide-neutral-100">
              {parked.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                  <span>
                    {time(p.parkedAt)} · {cartTotals(p.lines).items} items · {formatNaira(cartTotals(p.lines).total)}
                  </span>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false);
                      void useTill.getState().resume(p.id);
                    }}
                    className={`${buttonClass.primary} min-h-11`}
                  >
                    Resume
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" onClick={() => setOpen(false)} className={`${buttonClass.secondary} min-h-11 w-full`}>
              Close
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

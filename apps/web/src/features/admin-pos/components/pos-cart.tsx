/** The cart: lines (each a size and colour of a product) with quantity and remove, the total, payment method and Purchase. */
import { POS_PAYMENT_METHODS } from '@shop/shared/orders';
import { Trash2 } from 'lucide-react';
import { formatNairaAmount } from '@shop/shared/money';
import { buttonClass, Card } from '@/components/admin/ui.tsx';
import { cartQuantity, cartTotal, usePosCart } from '../cart-store.ts';

export type PaymentMethod = (typeof POS_PAYMENT_METHODS)[number];
export const PAYMENT_LABELS: Record<PaymentMethod, string> = { cash: 'Cash', transfer: 'Bank transfer', card: 'Card' };

interface PosCartProps {
  paymentMethod: PaymentMethod;
  onPaymentMethod(method: PaymentMethod): void;
  onPurchase(): void;
  busy: boolean;
  error: string;
}

export function PosCart({ paymentMethod, onPaymentMethod, onPurchase, busy, error }: PosCartProps) {
  const { lines, setQuantity, remove } = usePosCart();

  return (
    <Card>
      <h2 className="mb-3 flex items-center justify-between text-base font-semibold">
        Cart <span className="text-sm font-normal text-neutral-600">{cartQuantity(lines)} items</span>
      </h2>
      {lines.length === 0 ? (
        <p className="py-6 text-center text-sm text-neutral-500">The cart is empty. Click a product to add it.</p>
      ) : (
        <ul aria-label="Cart" className="divide-y divide-neutral-100">
          {lines.map(({ item, quantity }) => {
            const name = item.label ? `${item.title} (${item.label})` : item.title;
            return (
              <li key={item.variantId} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{item.title}</p>
                  <p className="text-xs text-neutral-600">
                    {item.label ? `${item.label} · ` : ''}
                    {formatNairaAmount(item.salePrice)} each
                  </p>
                </div>
                <label className="sr-only" htmlFor={`qty-${item.variantId}`}>
                  Quantity of {name}
                </label>
                <input
                  id={`qty-${item.variantId}`}
                  type="number"
                  min={1}
                  max={item.counter}
                  value={quantity}
                  onChange={(e) => setQuantity(item.variantId, e.target.valueAsNumber)}
                  className="w-16 rounded-md border border-neutral-300 px-2 py-1 text-right text-sm"
                />
                <span className="w-28 text-right text-sm font-medium">{formatNairaAmount(item.salePrice * quantity)}</span>
                <button
                  type="button"
                  className={buttonClass.icon}
                  onClick={() => remove(item.variantId)}
                  aria-label={`Remove ${name}`}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 flex items-center justify-between border-t border-neutral-200 pt-4 text-base font-semibold">
        <span>Total</span>
        <span data-testid="pos-total">{formatNairaAmount(cartTotal(lines))}</span>
      </div>
      <div className="mt-4">
        <label htmlFor="pos-payment" className="mb-1 block text-sm font-medium">
          Payment method
        </label>
        <select
          id="pos-payment"
          value={paymentMethod}
          onChange={(e) => onPaymentMethod(e.target.value as PaymentMethod)}
          className="block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm"
        >
          {POS_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className={`${buttonClass.primary} mt-4 w-full py-3`} onClick={onPurchase} disabled={busy}>
        {busy ? 'Processing...' : 'Purchase'}
      </button>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

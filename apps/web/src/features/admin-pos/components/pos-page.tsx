/**
 * Point of Sale (/pos): optionally choose or create the customer (without one, the sale is
 * to a walk-in customer), search and click products into the cart (choosing the size and
 * colour of those that have them), pick the payment method and Purchase. Messages last 5
 * seconds; a successful sale empties the cart and shows a printable receipt (only the
 * receipt prints).
 */
import type { PosReceipt } from '@shop/shared/admin';
import type { Customer } from '@shop/shared/people';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/ui.tsx';
import { notify, TOAST_MS } from '@/lib/notify.tsx';
import { posSaleMutation } from '@/lib/api/pos.ts';
import { usePosCart } from '../cart-store.ts';
import { CustomerPanel } from './customer-panel.tsx';
import { type PaymentMethod, PosCart } from './pos-cart.tsx';
import { ProductPicker } from './product-picker.tsx';
import { Receipt } from './receipt.tsx';
import { useMutation } from '@tanstack/react-query';

export const EMPTY_CART = 'Please add items to the cart before purchasing';
export const PURCHASE_FAILED = 'There was an error making the purchase. Please try again.';
export const PURCHASE_DONE = 'Purchase successful';

export function PosPage() {
  const cart = usePosCart();
  const sale = useMutation(posSaleMutation);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [error, setError] = useState('');
  const [receipt, setReceipt] = useState<PosReceipt | null>(null);

  const onPurchase = () => {
    if (cart.lines.length === 0) {
      setError(EMPTY_CART);
      return;
    }
    setError('');
    sale.mutate(
      {
        ...(customer && { customerId: customer.id }),
        lines: cart.lines.map((l) => ({ productId: l.item.productId, variantId: l.item.variantId, quantity: l.quantity })),
        paymentMethod,
      },
      {
        onSuccess: (data) => {
          cart.clear();
          setReceipt(data);
          notify.success(PURCHASE_DONE, { area: 'admin', duration: TOAST_MS.pointOfSale });
        },
        onError: (err) => setError(`${PURCHASE_FAILED} ${err.message}`),
      },
    );
  };

  return (
    <>
      <div className="print:hidden">
        <PageHeader title="Point of Sale" />
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_380px] print:block">
        <div className="space-y-6 print:hidden">
          <CustomerPanel customer={customer} onSelect={setCustomer} />
          <ProductPicker
            onAdd={(item) => {
              setError('');
              cart.add(item);
            }}
          />
        </div>
        <div className="space-y-6 xl:sticky xl:top-6 xl:self-start print:static">
          <div className="print:hidden">
            <PosCart
              paymentMethod={paymentMethod}
              onPaymentMethod={setPaymentMethod}
              onPurchase={onPurchase}
              busy={sale.isPending}
              error={error}
            />
          </div>
          {receipt ? <Receipt receipt={receipt} onClose={() => setReceipt(null)} /> : null}
        </div>
      </div>
    </>
  );
}

/**
 * Point of Sale (/pos): choose or create the customer, search and click products into the
 * cart, pick the payment method and Purchase. Messages last 5 seconds; a successful sale
 * empties the cart and shows a printable receipt (only the receipt prints).
 */
import type { PosReceipt } from '@shop/shared/admin';
import type { Customer } from '@shop/shared/people';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/ui.tsx';
import { useFlash } from '@/components/admin/use-flash.ts';
import { useCreatePosOrder } from '../api/pos-api.ts';
import { usePosCart } from '../cart-store.ts';
import { CustomerPanel } from './customer-panel.tsx';
import { type PaymentMethod, PosCart } from './pos-cart.tsx';
import { ProductPicker } from './product-picker.tsx';
import { Receipt } from './receipt.tsx';

export const EMPTY_CART = 'Please add items to the cart before purchasing';
export const PURCHASE_FAILED = 'There was an error making the purchase. Please try again.';
export const PURCHASE_DONE = 'Purchase successful';
export const CHOOSE_CUSTOMER = 'Choose a customer or create one before purchasing';

export function PosPage() {
  const cart = usePosCart();
  const sale = useCreatePosOrder();
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [error, setError] = useState('');
  const [success, flashSuccess] = useFlash();
  const [receipt, setReceipt] = useState<PosReceipt | null>(null);

  const onPurchase = () => {
    if (cart.lines.length === 0) {
      setError(EMPTY_CART);
      return;
    }
    if (!customer) {
      setError(CHOOSE_CUSTOMER);
      return;
    }
    setError('');
    sale.mutate(
      {
        customerId: customer.id,
        lines: cart.lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
        paymentMethod,
      },
      {
        onSuccess: (data) => {
          cart.clear();
          setReceipt(data);
          flashSuccess(PURCHASE_DONE);
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
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_380px] print:block">
        <div className="space-y-6 print:hidden">
          <CustomerPanel customer={customer} onSelect={setCustomer} />
          <ProductPicker
            onAdd={(product) => {
              setError('');
              cart.add(product);
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
              success={success}
            />
          </div>
          {receipt ? <Receipt receipt={receipt} onClose={() => setReceipt(null)} /> : null}
        </div>
      </div>
    </>
  );
}

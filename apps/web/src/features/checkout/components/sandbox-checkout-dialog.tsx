import { formatNaira } from '@shop/shared/money';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '@/components/dialog.tsx';
import { inputClass, labelClass, primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { paySandbox, sandboxInfoOptions } from '@/lib/api/checkout.ts';
import { CLOSE_CONFIRM, useCheckoutUi } from '../checkout-store.ts';

/**
 * The local test checkout used when no Paystack keys are configured: the amount, the two
 * test cards, and a card number field. The server records the outcome and then verifies it
 * exactly as it would a Paystack payment.
 */
export default function SandboxCheckoutDialog() {
  const session = useCheckoutUi((s) => s.sandbox);
  if (!session) return null;
  return <SandboxCheckout key={session.order.reference} />;
}

function SandboxCheckout() {
  const session = useCheckoutUi((s) => s.sandbox)!;
  const { order, settle } = session;
  const headingId = useId();
  const info = useQuery(sandboxInfoOptions(order.reference));
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async (number: string) => {
    setBusy(true);
    setError(null);
    try {
      await paySandbox(order.reference, number);
      settle('attempted');
    } catch (err) {
      setBusy(false);
      setError(err instanceof ApiError ? err.message : 'The payment could not be sent. Please try again.');
    }
  };
  const close = () => {
    if (busy) return;
    if (window.confirm(CLOSE_CONFIRM)) settle('closed');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (card.trim()) void pay(card);
  };
  const cards = info.data?.cards;

  return (
    <Dialog labelledBy={headingId} onRequestClose={close}>
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">Test checkout</p>
            <h2 id={headingId} className="mt-1 font-display text-2xl">
              Pay {formatNaira(order.amount)}
            </h2>
            <p className="mt-1 text-sm text-muted">
              Order {order.number} · {order.email}
            </p>
          </div>
          <button
            type="button"
            aria-label="Close checkout"
            onClick={close}
            className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-cream"
          >
            <X aria-hidden size={20} />
          </button>
        </div>
        <p className="mt-5 bg-cream px-4 py-3 text-sm">This shop is in test mode: no real money moves. Use a test card below.</p>
        <div className="mt-6 grid gap-3">
          <button type="button" className={primaryButton} disabled={busy || !cards} onClick={() => cards && pay(cards.success)}>
            <CreditCard aria-hidden size={18} /> {busy ? 'Processing...' : 'Pay with success card'}
          </button>
          <button type="button" className={secondaryButton} disabled={busy || !cards} onClick={() => cards && pay(cards.decline)}>
            Pay with decline card
          </button>
          {cards && (
            <p className="text-xs text-muted">
              Success card {cards.success} · Decline card {cards.decline}
            </p>
          )}
        </div>
        <form onSubmit={onSubmit} className="mt-6 border-t border-line pt-6">
          <label htmlFor="sandbox-card" className={labelClass}>
            Card number
          </label>
          <div className="flex gap-2">
            <input
              id="sandbox-card"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="4084 0840 8408 4081"
              value={card}
              onChange={(e) => setCard(e.target.value)}
              className={inputClass}
            />
            <button type="submit" className={`${secondaryButton} px-4`} disabled={busy || !card.trim()}>
              Pay
            </button>
          </div>
        </form>
        {(error || info.error) && (
          <p role="alert" className="mt-4 text-sm font-medium text-sale">
            {error ?? info.error?.message}
          </p>
        )}
      </div>
    </Dialog>
  );
}

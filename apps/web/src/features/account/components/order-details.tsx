/**
 * /orders/:id: one of the shopper's orders, and the page a bank-transfer or pay-on-delivery
 * checkout lands on. It says what happens next (for a transfer: where to send the money,
 * with the order number as reference, and by when), what was bought and what it cost,
 * links the invoice once paid, and lets the shopper cancel it while it is unpaid and unsent.
 * When the shop has a WhatsApp number, the shopper can send it the order from there too.
 */
import { formatNairaAmount } from '@shop/shared/money';
import { orderPaymentWords } from '@shop/shared/payment-words';
import type { OrderView } from '@shop/shared/orders';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingState, NotFoundState } from '@/components/page-states.tsx';
import { primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { WhatsAppLink } from '@/components/whatsapp-link.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cancelMyOrderMutation, orderOptions } from '@/lib/api/orders.ts';
import { settingsOptions } from '@/lib/api/settings.ts';
import { dateTime } from '@/lib/dates.ts';
import { CsrfField, isUnauthorized, signInHref, useOwnPage } from '@/lib/own-page.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { nextStep, OrderLines, OrderTotals, PAYMENT_LABEL, StatusBadge, TransferDetails } from './order-parts.tsx';

export const CANCEL_CONFIRM = 'Cancel this order? Its items go back on sale.';

/** What "Send my order on WhatsApp" types in: the number, each line with its size, colour and quantity, and the total. */
function orderMessage(shopName: string, order: OrderView): string {
  const lines = order.lines.map((line) => {
    const options = [line.size, line.color].filter(Boolean).join(' / ');
    return `- ${line.title}${options ? ` (${options})` : ''} × ${line.quantity}: ${formatNairaAmount(line.lineTotal)}`;
  });
  return [`Hello ${shopName}, here is my order ${order.number}:`, ...lines, `Total: ${formatNairaAmount(order.total)}`].join(
    '\n',
  );
}

export function OrderDetails({ id }: { id: string }) {
  // Rendered on the server for her (lib/own-page.tsx): the order was read as her; a 401 means signed out.
  const own = useOwnPage();
  const signedIn = useSession((s) => s.status);
  const order = useQuery({ ...orderOptions(id), enabled: own !== undefined || signedIn === 'signed-in', retryOnMount: !own });
  const session = own ? (isUnauthorized(order.error) ? 'signed-out' : 'signed-in') : signedIn;
  const cancel = useMutation(cancelMyOrderMutation(id));
  const settings = useQuery(settingsOptions).data;

  if (session === 'signed-out') {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-4xl">Sign in to see this order</h1>
        {own ? (
          <Link to={signInHref(`/orders/${id}`)} className={`${primaryButton} mt-8`}>
            Sign in
          </Link>
        ) : (
          <button type="button" className={`${primaryButton} mt-8`} onClick={() => void useSignInRequest.getState().request()}>
            Sign in
          </button>
        )}
      </div>
    );
  }
  if (session === 'restoring' || order.isPending) return <LoadingState />;
  if (order.isError || !order.data) {
    return (
      <NotFoundState
        title="Order not found"
        text="We could not find this order among yours."
        to="/orders"
        action="See my orders"
      />
    );
  }
  const o = order.data;

  return (
    <div className="mx-auto max-w-4xl px-4 pt-10 pb-12 sm:px-6 lg:pt-16">
      <title>{`Order ${o.number} — Adire`}</title>
      <p className="text-sm">
        <Link to="/orders" className="underline underline-offset-4">
          My orders
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="font-display text-4xl sm:text-5xl">Order {o.number}</h1>
        <StatusBadge status={o.status} />
      </div>
      <p className="mt-2 text-sm text-muted">
        Placed <time dateTime={o.createdAt}>{dateTime(o.createdAt)}</time>
        {o.paymentMethod ? ` · ${orderPaymentWords(o)}` : ''} · {PAYMENT_LABEL[o.paymentStatus]}
      </p>

      <div role="status" className="mt-6 flex gap-3 bg-[#eef6ef] px-5 py-4" data-testid="next-step">
        <CircleCheck aria-hidden className="mt-0.5 shrink-0 text-success" size={20} />
        <p className="text-sm">{nextStep(o)}</p>
      </div>

      {o.transfer && (
        <div className="mt-6">
          <TransferDetails transfer={o.transfer} />
        </div>
      )}

      <section aria-labelledby="lines-heading" className="mt-8 border border-line">
        <h2 id="lines-heading" className="border-b border-line bg-cream px-5 py-3 font-semibold">
          What you ordered
        </h2>
        <OrderLines order={o} />
        <OrderTotals order={o} />
      </section>

      <section aria-labelledby="deliver-heading" className="mt-8 text-sm">
        <h2 id="deliver-heading" className="font-semibold">
          {o.delivery?.kind === 'pickup' ? 'Collected by' : 'Delivered to'}
        </h2>
        <p className="mt-1">
          {o.name}
          {o.phone ? `, ${o.phone}` : ''}
        </p>
        {o.delivery?.kind !== 'pickup' && (
          <p className="text-muted">{[o.address, o.city, o.state, o.country].filter(Boolean).join(', ')}</p>
        )}
      </section>

      <div className="mt-10 flex flex-wrap gap-3">
        {o.invoiceNumber && (
          <Link to={`/orders/${o.id}/invoice`} className={primaryButton}>
            Invoice {o.invoiceNumber}
          </Link>
        )}
        {o.cancellable && own && (
          // Without JavaScript there is no confirm(): the question opens under the button, and the form asks it.
          <details className="w-full">
            <summary className={`${secondaryButton} cursor-pointer list-none`}>Cancel order</summary>
            <form method="post" action={`/orders/${o.id}/cancel`} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
              <CsrfField own={own} />
              <span>{CANCEL_CONFIRM}</span>
              <button type="submit" className={secondaryButton}>
                Yes, cancel it
              </button>
            </form>
          </details>
        )}
        {o.cancellable && !own && (
          <button
            type="button"
            className={secondaryButton}
            disabled={cancel.isPending}
            onClick={() => {
              if (window.confirm(CANCEL_CONFIRM)) cancel.mutate();
            }}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel order'}
          </button>
        )}
        <WhatsAppLink
          number={settings?.whatsappNumber}
          text={orderMessage(settings?.storeName ?? 'Adire', o)}
          className={secondaryButton}
        >
          Send my order on WhatsApp
        </WhatsAppLink>
        <Link to="/" className={secondaryButton}>
          Continue shopping
        </Link>
      </div>
      {cancel.isError && (
        <p role="alert" className="mt-3 text-sm font-medium text-sale">
          {cancel.error instanceof ApiError ? cancel.error.message : 'The order could not be cancelled. Please try again.'}
        </p>
      )}
    </div>
  );
}

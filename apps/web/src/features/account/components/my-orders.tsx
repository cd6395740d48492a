import { formatNairaAmount } from '@shop/shared/money';
import type { OrderView } from '@shop/shared/orders';
import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingState } from '@/components/page-states.tsx';
import { primaryButton } from '@/components/ui-classes.ts';
import { CsrfField, isUnauthorized, signInHref, useOwnPage } from '@/lib/own-page.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { myOrdersOptions } from '@/lib/api/orders.ts';
import { shortDate } from '@/lib/dates.ts';
import { useQuery } from '@tanstack/react-query';
import { OrderLines, OrderTotals, PAYMENT_LABEL, StatusBadge } from './order-parts.tsx';

/** What the link to an order's page offers. */
const orderAction = (order: OrderView) => (order.transfer ? 'How to pay' : order.cancellable ? 'View or cancel' : 'View order');

/**
 * /orders ("My orders"): the signed-in shopper's orders, newest first, with their status and
 * what they cost; each links its page (where an unpaid one can be cancelled) and its invoice.
 */
export function MyOrders() {
  // Rendered on the server for her (lib/own-page.tsx): her orders were read as her; a 401 means signed out.
  const own = useOwnPage();
  const session = useSession((s) => s.status);
  const orders = useQuery({ ...myOrdersOptions, enabled: own !== undefined || session === 'signed-in', retryOnMount: !own });
  const status = own ? (isUnauthorized(orders.error) ? 'signed-out' : 'signed-in') : session;

  let body: React.ReactNode;
  if (status === 'restoring' || (status === 'signed-in' && orders.isPending)) body = <LoadingState />;
  else if (status === 'signed-out') {
    body = (
      <div className="bg-cream px-6 py-12 text-center">
        <p className="font-display text-2xl">Sign in to see your orders</p>
        {own ? (
          <Link to={signInHref('/orders')} className={`${primaryButton} mt-6`}>
            Sign in
          </Link>
        ) : (
          <button type="button" className={`${primaryButton} mt-6`} onClick={() => void useSignInRequest.getState().request()}>
            Sign in
          </button>
        )}
      </div>
    );
  } else if (orders.isError) {
    body = (
      <p role="alert" className="text-sale">
        Your orders could not be loaded. Please try again.
      </p>
    );
  } else if (!orders.data || orders.data.length === 0) {
    body = (
      <div className="bg-cream px-6 py-12 text-center">
        <Package aria-hidden size={36} strokeWidth={1.25} className="mx-auto text-muted" />
        <p className="mt-4 font-display text-2xl">No orders yet</p>
        <Link to="/new" className={`${primaryButton} mt-6`}>
          Start shopping
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="space-y-6" data-testid="order-list">
        {orders.data.map((order) => (
          <li key={order.id} className="border border-line">
            <article aria-labelledby={`order-${order.id}`}>
              <header className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-line bg-cream px-5 py-4 text-sm">
                <h2 id={`order-${order.id}`} className="font-semibold">
                  Order {order.number}
                </h2>
                <p className="text-muted">
                  <time dateTime={order.createdAt}>{shortDate(order.createdAt)}</time>
                </p>
                <StatusBadge status={order.status} />
                <p className="text-muted">{PAYMENT_LABEL[order.paymentStatus]}</p>
                <p className="font-semibold tabular-nums sm:ml-auto">{formatNairaAmount(order.total)}</p>
              </header>
              <OrderLines order={order} />
              <OrderTotals order={order} />
              {order.failureReason && order.status !== 'paid' && (
                <p className="px-5 pb-4 text-sm text-muted">{order.failureReason}</p>
              )}
              <p className="flex flex-wrap gap-x-6 gap-y-2 border-t border-line px-5 py-3 text-sm">
                <Link
                  to={`/orders/${order.id}`}
                  className="font-semibold underline underline-offset-4"
                  aria-label={`${orderAction(order)} ${order.number}`}
                >
                  {orderAction(order)}
                </Link>
                {order.invoiceNumber && (
                  <Link to={`/orders/${order.id}/invoice`} className="underline underline-offset-4">
                    Invoice {order.invoiceNumber}
                  </Link>
                )}
              </p>
            </article>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 pt-10 pb-4 sm:px-6 lg:pt-16">
      <h1 className="mb-8 font-display text-4xl sm:text-5xl">My orders</h1>
      {body}
      {own && status === 'signed-in' && (
        // Signing out without JavaScript: the form session ends (the app's own Sign out is in the header).
        <form method="post" action="/signout" className="mt-8 text-sm">
          <CsrfField own={own} />
          <button type="submit" className="underline underline-offset-4 hover:text-accent">
            Sign out
          </button>
        </form>
      )}
    </div>
  );
}

import { formatNairaAmount } from '@shop/shared/money';
import type { OrderStatus } from '@shop/shared/orders';
import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { LoadingState } from '@/components/page-states.tsx';
import { primaryButton } from '@/components/ui-classes.ts';
import { ProductImage } from '@/components/product-image.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { myOrdersOptions } from '@/lib/api/orders.ts';
import { shortDate } from '@/lib/dates.ts';
import { useQuery } from '@tanstack/react-query';

const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  fulfilled: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Payment failed',
};

const STATUS_TONE: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  fulfilled: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-neutral-200 text-neutral-800',
  refunded: 'bg-neutral-200 text-neutral-800',
  failed: 'bg-red-100 text-red-900',
};

/** /orders ("My orders"): the signed-in shopper's orders, newest first, with their status. */
export function MyOrders() {
  const status = useSession((s) => s.status);
  const orders = useQuery({ ...myOrdersOptions, enabled: status === 'signed-in' });

  let body: React.ReactNode;
  if (status === 'restoring' || (status === 'signed-in' && orders.isPending)) body = <LoadingState />;
  else if (status === 'signed-out') {
    body = (
      <div className="bg-cream px-6 py-12 text-center">
        <p className="font-display text-2xl">Sign in to see your orders</p>
        <button type="button" className={`${primaryButton} mt-6`} onClick={() => void useSignInRequest.getState().request()}>
          Sign in
        </button>
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
                <p
                  className={`rounded-full px-3 py-0.5 text-xs font-semibold ${STATUS_TONE[order.status]}`}
                  data-testid="order-status"
                >
                  {STATUS_LABEL[order.status]}
                </p>
                <p className="font-semibold tabular-nums sm:ml-auto">{formatNairaAmount(order.total)}</p>
              </header>
              <ul className="divide-y divide-line px-5">
                {order.lines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move; a product may appear twice (sizes)
                  <li key={`${line.productId}-${i}`} className="flex items-center gap-4 py-4">
                    <div className="w-14 shrink-0">
                      <ProductImage url={line.imageUrl} alt="" sizes="56px" />
                    </div>
                    <div className="min-w-0 flex-1 text-sm">
                      {line.productId ? (
                        <Link to={`/productdetails/${line.productId}`} className="font-medium hover:underline">
                          {line.title}
                        </Link>
                      ) : (
                        <p className="font-medium">{line.title}</p>
                      )}
                      <p className="mt-0.5 text-xs text-muted capitalize">
                        {[line.size, line.color].filter(Boolean).join(' · ')}
                        {line.size || line.color ? ' · ' : ''}Qty {line.quantity}
                      </p>
                    </div>
                    <p className="text-sm tabular-nums">{formatNairaAmount(line.lineTotal)}</p>
                  </li>
                ))}
              </ul>
              {order.failureReason && order.status !== 'paid' && (
                <p className="px-5 pb-4 text-sm text-muted">{order.failureReason}</p>
              )}
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
    </div>
  );
}

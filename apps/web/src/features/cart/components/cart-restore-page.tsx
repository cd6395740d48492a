/**
 * /cart/restore?token=… (issue 31): the link of a cart-recovery e-mail or of the shop's WhatsApp
 * message. It puts the checkout's lines, as the catalogue sells them now, in this device's cart
 * in place of what it held (the cart lives on the device: cart-store.ts), and says so. It never
 * signs in, and works again as often as it is opened until it expires (7 days).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { restoredCartOptions } from '@/lib/api/recovery.ts';
import { lineId, useCart } from '../cart-store.ts';

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export function CartRestorePage({ token }: { token: string }) {
  const restored = useQuery({ ...restoredCartOptions(token), enabled: token !== '' });
  const data = restored.data;

  useEffect(() => {
    if (!data) return;
    useCart.setState({ lines: data.lines.map(({ quantity, ...item }) => ({ ...item, id: lineId(item), quantity })) });
  }, [data]);

  const failure = !token
    ? 'This cart link is not complete. Open it again from the e-mail.'
    : restored.error
      ? restored.error instanceof ApiError && restored.error.status < 500
        ? restored.error.message
        : 'Something went wrong. Please try again.'
      : null;
  const count = data?.lines.reduce((n, l) => n + l.quantity, 0) ?? 0;

  return (
    <div className="mx-auto max-w-xl px-4 pt-10 pb-16 text-center sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl">Your cart</h1>
      {failure ? (
        <div className="mt-6 space-y-6">
          <p role="alert" className="text-sale">
            {failure}
          </p>
          <Link to="/" className={primaryButton}>
            Continue shopping
          </Link>
        </div>
      ) : data ? (
        <div role="status" className="mt-6 space-y-4">
          <p className="font-medium">
            {data.lines.length > 0 ? `Your cart is back: ${items(count)}.` : 'None of these items is for sale any more.'}
          </p>
          {data.unavailable > 0 && data.lines.length > 0 ? (
            <p className="text-muted">{`${items(data.unavailable)} of it ${data.unavailable === 1 ? 'is' : 'are'} no longer for sale and ${data.unavailable === 1 ? 'was' : 'were'} left out.`}</p>
          ) : null}
          <Link to={data.lines.length > 0 ? '/cart' : '/'} className={`${primaryButton} mt-4`}>
            {data.lines.length > 0 ? 'Go to my cart' : 'Continue shopping'}
          </Link>
        </div>
      ) : (
        <p role="status" className="mt-6 text-muted">
          Bringing your cart back...
        </p>
      )}
    </div>
  );
}

/**
 * /cart as the server renders it for the shopper (issue 32, decision 0033): her server cart (the
 * cart cookie's, or her account's with her form session), each line with a quantity form (POST
 * /cart/update) and a remove form (POST /cart/remove) that come back here, the total, and
 * Checkout, a link to the checkout form. Works without JavaScript; with it the app shows
 * CartView, from the browser's cart, instead.
 */
import type { ServerCartLine } from '@shop/shared/server-cart';
import { formatNaira } from '@shop/shared/money';
import { productPath } from '@shop/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { serverCartOptions } from '@/lib/api/cart.ts';
import { EmptyCart } from './empty-cart.tsx';

export function ServerCartView() {
  const cart = useQuery(serverCartOptions).data;
  if (!cart || cart.lines.length === 0) return <EmptyCart />;
  const blocked = cart.lines.some((line) => !line.available);
  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 pb-4 sm:px-6 lg:pt-12">
      <h1 className="font-display text-4xl sm:text-5xl">Your bag</h1>
      <p className="mt-2 text-sm text-muted">
        {cart.count} {cart.count === 1 ? 'item' : 'items'}
      </p>
      <ul className="mt-8 divide-y divide-line border-y border-line">
        {cart.lines.map((line) => (
          <ServerCartRow key={line.variantId} line={line} />
        ))}
      </ul>
      <dl className="mt-6 flex justify-between text-base font-semibold">
        <dt>Total price</dt>
        <dd className="tabular-nums" data-testid="cart-total">
          {formatNaira(cart.subtotal)}
        </dd>
      </dl>
      <p className="mt-1 text-xs text-muted">Delivery is priced for your state at checkout. Payment is in naira.</p>
      {blocked ? (
        <p role="alert" className="mt-4 text-sm text-sale">
          Some items cannot be bought as they are: remove them or change their quantity to check out.
        </p>
      ) : (
        <Link to="/checkout" className={`${primaryButton} mt-6 w-full sm:w-auto`}>
          Checkout
        </Link>
      )}
    </div>
  );
}

function ServerCartRow({ line }: { line: ServerCartLine }) {
  const details = [line.size, line.color].filter(Boolean).join(' · ');
  const qtyId = `qty-${line.variantId}`;
  return (
    <li data-testid="cart-line" className="flex flex-wrap items-end gap-x-6 gap-y-3 py-5">
      <div className="min-w-0 flex-1 basis-56">
        <Link to={productPath(line.productId)} className="font-medium hover:underline">
          {line.title}
        </Link>
        {details && <p className="mt-1 text-xs text-muted capitalize">{details}</p>}
        <p className="mt-1 text-sm tabular-nums">{formatNaira(line.price)}</p>
        {!line.available && (
          <p className="mt-1 text-sm font-medium text-sale" data-testid="line-problem">
            {line.stock > 0 ? `Only ${line.stock} left` : 'Sold out'}
          </p>
        )}
      </div>
      <form method="post" action="/cart/update" className="flex items-end gap-2">
        <input type="hidden" name="variantId" value={line.variantId} />
        <input type="hidden" name="back" value="/cart" />
        <div>
          <label htmlFor={qtyId} className="block text-xs text-muted">
            Quantity of {line.title}
          </label>
          <input
            id={qtyId}
            name="quantity"
            type="number"
            min={1}
            max={99}
            required
            defaultValue={line.quantity}
            className="mt-1 w-20 border border-line px-2 py-1.5 tabular-nums"
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Update
        </button>
      </form>
      <p className="w-28 text-right font-medium tabular-nums">{formatNaira(line.price * line.quantity)}</p>
      <form method="post" action="/cart/remove">
        <input type="hidden" name="variantId" value={line.variantId} />
        <input type="hidden" name="back" value="/cart" />
        <button
          type="submit"
          className="text-sm underline underline-offset-4 hover:text-sale"
          aria-label={`Remove ${line.title}`}
        >
          Remove
        </button>
      </form>
    </li>
  );
}

/**
 * /checkout as the server renders it for the shopper (issue 32, decision 0033): checking out
 * without JavaScript. Her server cart, the delivery address the app's checkout asks for (started
 * from her profile) and how she pays, posted to POST /checkout with her CSRF token; the server
 * makes the order as the app's checkout does and sends her to the order's page. A card payment
 * needs the provider's script, so the page says so and offers bank transfer and pay on delivery.
 * Signed out, it sends her to /signin first. With JavaScript the app checks out from the cart
 * page, as it always has.
 */
import { formatNaira } from '@shop/shared/money';
import { MESSAGES_ORDER } from '@shop/shared/orders';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { inputClass, labelClass, primaryButton } from '@/components/ui-classes.ts';
import { accountOptions } from '@/lib/api/auth.ts';
import { serverCartOptions } from '@/lib/api/cart.ts';
import { CsrfField, isUnauthorized, type OwnPage, signInHref } from '@/lib/own-page.tsx';
import { PAYMENT_CHOICES, profileDefaults } from '../delivery-details.ts';
import { CountryNote, DeliveryStateOptions } from './delivery-state.tsx';

const FIELDS = [
  { name: 'name', label: 'Full name', autoComplete: 'name', type: 'text' },
  { name: 'phone', label: 'Phone number', autoComplete: 'tel', type: 'tel' },
  { name: 'address', label: 'Street address', autoComplete: 'street-address', type: 'text' },
  { name: 'city', label: 'Town or city', autoComplete: 'address-level2', type: 'text' },
] as const;

export function CheckoutFormPage({ own }: { own: OwnPage }) {
  // Read as her by the server; a refused read is shown as it is, not tried again here.
  const account = useQuery({ ...accountOptions, retryOnMount: false });
  const cart = useQuery(serverCartOptions).data;
  if (isUnauthorized(account.error)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-4xl">Sign in to check out</h1>
        <Link to={signInHref('/checkout')} className={`${primaryButton} mt-8`}>
          Sign in
        </Link>
      </div>
    );
  }
  if (!cart || cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-4xl">Checkout</h1>
        <p className="mt-3 text-muted">Your cart is empty.</p>
        <Link to="/" className={`${primaryButton} mt-8`}>
          Continue shopping
        </Link>
      </div>
    );
  }
  const profile = profileDefaults(account.data?.user ?? null);
  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-12 sm:px-6 lg:pt-12">
      <h1 className="font-display text-4xl sm:text-5xl">Checkout</h1>
      <section aria-labelledby="checkout-lines" className="mt-6 border border-line">
        <h2 id="checkout-lines" className="border-b border-line bg-cream px-5 py-3 font-semibold">
          Your bag
        </h2>
        <ul className="divide-y divide-line text-sm">
          {cart.lines.map((line) => (
            <li key={line.variantId} className="flex justify-between gap-4 px-5 py-3">
              <span>
                {line.title}
                {[line.size, line.color].some(Boolean) && (
                  <span className="text-muted capitalize"> · {[line.size, line.color].filter(Boolean).join(' · ')}</span>
                )}{' '}
                × {line.quantity}
              </span>
              <span className="tabular-nums">{formatNaira(line.price * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t border-line px-5 py-3 font-semibold">
          <span>Items</span>
          <span className="tabular-nums">{formatNaira(cart.subtotal)}</span>
        </p>
        <p className="px-5 pb-3 text-xs text-muted">Delivery to your state is added when you place the order.</p>
      </section>

      <form method="post" action="/checkout" className="mt-8 space-y-8">
        <CsrfField own={own} />
        <fieldset>
          <legend className="mb-4 font-display text-xl">Deliver to</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div key={field.name} className={field.name === 'city' ? '' : 'sm:col-span-2'}>
                <label htmlFor={`checkout-${field.name}`} className={labelClass}>
                  {field.label}
                </label>
                <input
                  id={`checkout-${field.name}`}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required
                  defaultValue={profile[field.name] ?? ''}
                  className={inputClass}
                />
              </div>
            ))}
            <div>
              <label htmlFor="checkout-state" className={labelClass}>
                State
              </label>
              <select
                id="checkout-state"
                name="state"
                required
                autoComplete="address-level1"
                defaultValue={profile.state ?? ''}
                className={inputClass}
              >
                <DeliveryStateOptions />
              </select>
            </div>
            <CountryNote />
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-4 font-display text-xl">How would you like to pay?</legend>
          <div className="grid gap-3">
            {(['transfer', 'pod'] as const).map((method, i) => (
              <label key={method} className="flex gap-3 border border-line p-4 text-sm">
                <input type="radio" name="paymentMethod" value={method} required defaultChecked={i === 0} className="mt-1" />
                <span>
                  <span className="block font-medium">{PAYMENT_CHOICES[method].label}</span>
                  <span className="block text-muted">{PAYMENT_CHOICES[method].hint}</span>
                </span>
              </label>
            ))}
          </div>
          <p className="mt-3 text-sm text-muted" data-testid="card-needs-javascript">
            {MESSAGES_ORDER.cardNeedsJavaScript}
          </p>
        </fieldset>
        <button type="submit" className={`${primaryButton} w-full`}>
          Place order
        </button>
      </form>
    </div>
  );
}

/**
 * The step's "Summary": goods, markdown, coupon, delivery and total as the server priced
 * them for the choices on screen, read out as they change (a live region), or why there is
 * no price.
 */
import { formatNaira, formatNairaAmount, nairaToKobo } from '@shop/shared/money';
import type { QuoteResponse } from '@shop/shared/orders';
import type { ReactNode } from 'react';
import { feeText, refusalMessage } from '../delivery-details.ts';

export function QuoteSummary({
  id,
  quote,
  state,
  updating,
  error,
}: {
  id: string;
  quote: QuoteResponse | undefined;
  state: string;
  updating: boolean;
  error: Error | null;
}) {
  const row = (label: string, value: string, testId: string, strong = false) => (
    <div
      className={`flex justify-between gap-4 py-1.5 ${strong ? 'mt-1 border-t border-line pt-3 text-base font-semibold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  let body: ReactNode;
  if (error) {
    body = (
      <p role="alert" className="text-sm font-medium text-sale">
        {refusalMessage(error, 'The order could not be priced. Please try again.')}
      </p>
    );
  } else if (!quote) {
    body = (
      <p className="text-sm text-muted">
        {state ? 'Pricing your order...' : 'Choose a state to see the delivery fee and total.'}
      </p>
    );
  } else {
    const markdown = nairaToKobo(quote.discount) - nairaToKobo(quote.couponDiscount);
    body = (
      <dl className="text-sm">
        {row('Goods', formatNairaAmount(quote.subtotal), 'summary-goods')}
        {markdown > 0 && row('Discount', `−${formatNaira(markdown)}`, 'summary-discount')}
        {quote.coupon && row(`Coupon (${quote.coupon.code})`, `−${formatNairaAmount(quote.couponDiscount)}`, 'summary-coupon')}
        {row('Delivery', quote.state ? feeText(quote.deliveryFee) : '—', 'summary-delivery')}
        {row('Total', formatNairaAmount(quote.total), 'summary-total', true)}
      </dl>
    );
  }
  return (
    <section aria-labelledby={`${id}-summary`} aria-busy={updating || undefined} className="bg-cream px-4 py-4">
      <h3 id={`${id}-summary`} className="mb-2 font-display text-xl">
        Summary
      </h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}

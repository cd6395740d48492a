/**
 * What the "Delivery and payment" step is priced at, and the choices that price it: the
 * server's quote (/api/checkout/quote) for the lines, the state typed, the delivery method
 * chosen and the coupon applied; the coupon being typed and checked; and the way to pay
 * among those the quote offers. The step's parts read it and choose through it; the address
 * form only gives it the state. Nothing is created here: Pay does that (the dialog).
 */
import type { QuoteBody, WebPaymentMethod } from '@shop/shared/orders';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { quoteOptions } from '@/lib/api/checkout.ts';
import { deliveryZonesOptions } from '@/lib/api/delivery.ts';
import type { CheckoutLineInput } from '@/lib/shop-actions.ts';
import { COUNTRY, refusalMessage } from './delivery-details.ts';

export type CheckoutQuote = ReturnType<typeof useCheckoutQuote>;
export type CouponState = CheckoutQuote['coupon'];

/** `marketingConsent`: the step's box, ticked; the quote records the consent (issue 31). */
export function useCheckoutQuote(lines: CheckoutLineInput[], state: string, marketingConsent = false) {
  const client = useQueryClient();
  const [methodId, setMethodId] = useState<string>();
  const [couponText, setCouponText] = useState('');
  const [couponCode, setCouponCode] = useState<string>();
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const quoteBody = (code = couponCode): QuoteBody => ({
    lines,
    state: state || undefined,
    country: COUNTRY,
    deliveryMethodId: methodId,
    couponCode: code,
    ...(marketingConsent && { marketingConsent }),
  });
  const zones = useQuery(deliveryZonesOptions);
  const query = useQuery({ ...quoteOptions(quoteBody()), enabled: Boolean(state), placeholderData: keepPreviousData });
  const [payWith, setPayWith] = useState<WebPaymentMethod>('paystack');

  const data = query.data;
  // A way to pay that this delivery does not allow (pay on delivery, for a courier) falls back to the first offered.
  const offered = data?.paymentMethods ?? [];
  const paymentMethod = offered.includes(payWith) ? payWith : (offered[0] ?? payWith);
  const fresh = !query.isPlaceholderData && !query.isFetching && !query.isError;
  const current = fresh ? data : undefined;
  const shopDelivers = (zones.data?.zones.length ?? 0) > 0;
  const undeliverable = current !== undefined && shopDelivers && current.state !== null && current.deliveryMethods.length === 0;

  const apply = async () => {
    // Codes are shown and kept in capitals (the server matches them in any case).
    const code = couponText.trim().toUpperCase();
    setCouponError(null);
    if (!code) return setCouponError('Enter a code');
    if (!state) return setCouponError('Choose the state to deliver to first');
    setApplying(true);
    try {
      await client.fetchQuery(quoteOptions(quoteBody(code)));
      setCouponCode(code);
    } catch (error) {
      // The summary stays as it was: its query still asks for the previous code.
      setCouponError(refusalMessage(error, 'The code could not be checked. Please try again.'));
    } finally {
      setApplying(false);
    }
  };
  const remove = () => {
    setCouponCode(undefined);
    setCouponText('');
    setCouponError(null);
  };

  return {
    query,
    data,
    /** The quote, once it is for the choices on screen (not an earlier one shown meanwhile, nor refused): what Pay orders. */
    current,
    shopDelivers,
    /** The shop delivers, but not to the state chosen. */
    undeliverable,
    /** The delivery method chosen, else the one the server picked. */
    methodId: methodId ?? data?.deliveryMethod?.id,
    /** undefined: let the server pick (a method of another state is not offered in this one). */
    chooseMethod: setMethodId,
    coupon: { text: couponText, setText: setCouponText, code: couponCode, error: couponError, applying, apply, remove },
    offered,
    paymentMethod,
    choosePayment: setPayWith,
  };
}

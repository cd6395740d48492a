/**
 * What a payment costs the shop (issue 30's profit), in kobo. Pure: the ledger stores the
 * result on the payment (order_payments.fee) as it records it.
 *
 * Rounding: half up to the kobo, computed in integers (a percentage has at most 2 decimals, so
 * it is basis points), never in floating point: ₦2,499.99 at 1.5 % is 3,749.985 kobo → 3,750.
 * See docs/decisions/0024-costs-recorded-when-they-happen.md.
 */
import { type FeeMethod, nairaToKobo, type PaymentFee, type StoreSettings } from '@shop/shared';

/** `kobo` × `basisPoints` / 10,000, rounded half up (both 0 or more). */
export function percentOf(kobo: number, basisPoints: number): number {
  return Math.floor((kobo * basisPoints + 5_000) / 10_000);
}

/** Paystack's published local card rate: 1.5 %, plus ₦100 from ₦2,500, capped at ₦2,000. */
export const PAYSTACK_LOCAL = { basisPoints: 150, flat: 10_000, flatFrom: 250_000, cap: 200_000 } as const;

/** What Paystack charges for a local payment of `amount` kobo (the sandbox charges it too, so the demo shows fees). */
export function paystackLocalFee(amount: number): number {
  const { basisPoints, flat, flatFrom, cap } = PAYSTACK_LOCAL;
  return Math.min(percentOf(amount, basisPoints) + (amount >= flatFrom ? flat : 0), cap);
}

/** A method's fee on `amount` kobo, at the owner's rate: the percentage rounded half up, plus the fixed amount. */
export function methodFee(amount: number, rate: PaymentFee): number {
  return percentOf(amount, Math.round(rate.percent * 100)) + nairaToKobo(rate.fixed);
}

/**
 * The owner's rate a recorded payment is charged at: a card taken by the till (provider `pos`)
 * went through its external terminal; store credit and unknown methods cost nothing.
 */
export function recordedFee(
  settings: Pick<StoreSettings, 'paymentFees'>,
  payment: { method: string; amount: number; provider?: string | null },
): number {
  const key = (payment.method === 'card' && payment.provider === 'pos' ? 'terminal' : payment.method) as FeeMethod;
  const rate = settings.paymentFees[key];
  return rate ? methodFee(payment.amount, rate) : 0;
}

/**
 * What an order costs besides its goods' prices: delivery to the address's state and the
 * coupon typed. The quote and checkout call the same function, so the summary a shopper
 * reads is what the order charges. All money is kobo;
 * total = subtotal − (markdowns + coupon) + delivery.
 */
import { CHOOSE_STATE, type DeliveryState, deliveryStateOf, isNigeria, OUTSIDE_NIGERIA } from '@shop/shared';
import type { CouponRow } from '../db/schema/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { applyCoupon, type CouponCustomer, type CouponOutcome, checkCouponLimits, findCoupon } from '../coupons/index.ts';
import { deliveryConfigured, methodsForState, type PricedMethod } from '../delivery/index.ts';
import { badRequest } from '../lib/http-error.ts';

export interface PricingLine {
  productId: string;
  categoryId: string | null;
  unitPrice: number;
  unitDiscount: number;
  quantity: number;
}

export interface PricingInput {
  /** Whose use of a coupon this is (uses per customer count per account). */
  customer: CouponCustomer;
  state?: string;
  country?: string;
  deliveryMethodId?: string;
  couponCode?: string;
  /** Checkout: the state must be one we deliver to (once the shop has delivery zones). A quote may leave it out. */
  requireDelivery: boolean;
}

export interface Pricing {
  subtotal: number;
  /** Markdowns plus the coupon's part. */
  discount: number;
  couponDiscount: number;
  deliveryFee: number;
  total: number;
  state: DeliveryState | null;
  method: PricedMethod | null;
  methods: PricedMethod[];
  coupon: CouponOutcome | null;
}

/** The method asked for, or the cheapest one that is delivered (pickup only when nothing else is offered). */
function chooseMethod(methods: PricedMethod[], id: string | undefined, state: string): PricedMethod | null {
  if (id) {
    const chosen = methods.find((m) => m.id === id);
    if (!chosen) throw badRequest(`That delivery method is not available for ${state}`);
    return chosen;
  }
  const delivered = methods.filter((m) => m.kind !== 'pickup');
  const pool = delivered.length > 0 ? delivered : methods;
  return pool.reduce<PricedMethod | null>((best, m) => (best === null || m.fee < best.fee ? m : best), null);
}

export async function priceOrder(db: Db | Tx, lines: PricingLine[], input: PricingInput): Promise<Pricing> {
  if (!isNigeria(input.country)) throw badRequest(OUTSIDE_NIGERIA);
  const written = input.state?.trim() ?? '';
  const state = deliveryStateOf(written) ?? null;
  if (written && !state) throw badRequest(`${written} is not a Nigerian state we know; choose one from the list`);
  // A shop that has not set up delivery yet sells as before: no delivery charge, no state needed.
  const delivers = input.requireDelivery && (await deliveryConfigured(db));
  if (!state && delivers) throw badRequest(CHOOSE_STATE);

  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const markdown = lines.reduce((sum, l) => sum + l.unitDiscount * l.quantity, 0);

  let coupon: CouponOutcome | null = null;
  if (input.couponCode?.trim()) {
    const row: CouponRow = await findCoupon(db, input.couponCode);
    coupon = applyCoupon(
      row,
      lines.map((l) => ({ productId: l.productId, categoryId: l.categoryId, net: (l.unitPrice - l.unitDiscount) * l.quantity })),
    );
    // Checked here for a clear answer before anything is written; checkout checks again under the coupon's lock.
    await checkCouponLimits(db, row, input.customer);
  }
  const couponDiscount = coupon?.goodsReduction ?? 0;
  const goods = subtotal - markdown - couponDiscount;

  const methods = state ? await methodsForState(db, state, goods) : [];
  if (state && methods.length === 0 && delivers) throw badRequest(`We do not deliver to ${state} yet`);
  const method = state ? chooseMethod(methods, input.deliveryMethodId, state) : null;
  const deliveryFee = method && !coupon?.freeDelivery ? method.fee : 0;

  return {
    subtotal,
    discount: markdown + couponDiscount,
    couponDiscount,
    deliveryFee,
    total: goods + deliveryFee,
    state,
    method,
    methods,
    coupon,
  };
}

import { z } from 'zod';

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'delivered', 'cancelled', 'refunded', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const POS_PAYMENT_METHODS = ['cash', 'transfer', 'card'] as const;

/** Statuses of an order whose money the shop has: it counts as sold (revenue, best sellers, reviews). */
export const PAID_STATUSES = ['paid', 'fulfilled', 'delivered'] as const satisfies readonly OrderStatus[];
export type PaidStatus = (typeof PAID_STATUSES)[number];

export function isPaidStatus(status: OrderStatus): status is PaidStatus {
  return (PAID_STATUSES as readonly OrderStatus[]).includes(status);
}

/** The name on a point-of-sale order sold without a customer. */
export const WALK_IN_CUSTOMER = 'Walk-in customer';

const text = (max = 200) => z.string().trim().max(max).optional();

/** A cart line as the browser sends it. Prices are never sent: the server prices orders. */
export const checkoutLine = z.object({
  productId: z.string(),
  /** The size and colour bought; optional when the product has one variant, or `size` and `color` name one. */
  variantId: z.string().max(100).optional(),
  quantity: z.number(),
  size: text(40),
  color: text(60),
});

export const shippingFields = z.object({
  email: z.email().optional(),
  name: text(),
  phone: text(40),
  address: text(),
  city: text(),
  state: text(),
  country: text(),
});

/** How a web shopper pays: `paystack` is the configured card provider (Paystack, or the sandbox). */
export const WEB_PAYMENT_METHODS = ['paystack'] as const;
export type WebPaymentMethod = (typeof WEB_PAYMENT_METHODS)[number];

export const checkoutBody = shippingFields.extend({
  lines: z.array(checkoutLine),
  /** Without it, the cheapest delivery (not pickup) to the state. */
  deliveryMethodId: z.string().max(100).optional(),
  couponCode: z.string().trim().max(40).optional(),
  paymentMethod: z.enum(WEB_PAYMENT_METHODS, { error: 'Choose how to pay' }).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** What the server prices before the order: the same body as checkout. */
export const quoteBody = checkoutBody;
export type QuoteBody = CheckoutBody;

export const quoteDeliveryMethod = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['flat', 'free_over', 'pickup']),
  /** Naira, for this order (0 when free over the threshold). */
  fee: z.number(),
  /** Naira; for `free_over`, the goods total from which it is free. */
  freeOver: z.number().nullable(),
  etaDays: z.number().int(),
  pickupAddress: z.string(),
  pickupHours: z.string(),
  payOnDelivery: z.boolean(),
});
export type QuoteDeliveryMethod = z.infer<typeof quoteDeliveryMethod>;

export const quoteResponse = z.object({
  /** Naira: goods at list prices, markdowns plus the coupon's part, delivery, and what is charged. */
  subtotal: z.number(),
  discount: z.number(),
  couponDiscount: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
  currency: z.string(),
  /** The delivery state the address was priced for ("Lagos" is Lagos Mainland); null when none was given. */
  state: z.string().nullable(),
  deliveryMethod: quoteDeliveryMethod.nullable(),
  deliveryMethods: z.array(quoteDeliveryMethod),
  coupon: z.object({ code: z.string(), type: z.enum(['percent', 'fixed', 'free_delivery']), value: z.number() }).nullable(),
  lines: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      title: z.string(),
      size: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      unitDiscount: z.number(),
      lineTotal: z.number(),
    }),
  ),
});
export type QuoteResponse = z.infer<typeof quoteResponse>;

export const checkoutResponse = z.object({
  orderId: z.string(),
  number: z.string(),
  reference: z.string(),
  /** Integer kobo, as Paystack expects. */
  amount: z.number().int(),
  currency: z.string(),
  email: z.string(),
  provider: z.enum(['paystack', 'sandbox']),
  publicKey: z.string(),
  accessCode: z.string().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const verifyResponse = z.object({
  status: z.enum(ORDER_STATUSES),
  paid: z.boolean(),
  orderId: z.string(),
  number: z.string(),
  msg: z.string(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const orderLineView = z.object({
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  sku: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  color: z.string(),
  size: z.string(),
  /** Naira. */
  unitPrice: z.number(),
  unitDiscount: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
});

export const orderView = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  /** Naira. */
  subtotal: z.number(),
  /** Markdowns plus the coupon's part (`couponDiscount`). */
  discount: z.number(),
  couponDiscount: z.number(),
  couponCode: z.string().nullable(),
  deliveryFee: z.number(),
  /** What delivery was chosen, as it was when ordering; null for the point of sale and old orders. */
  delivery: z
    .object({
      method: z.string(),
      kind: z.string(),
      etaDays: z.number().int().nullable(),
      pickupAddress: z.string(),
    })
    .nullable(),
  total: z.number(),
  currency: z.string(),
  paymentProvider: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(orderLineView),
  allowedTransitions: z.array(z.enum(ORDER_STATUSES)),
});
export type OrderView = z.infer<typeof orderView>;

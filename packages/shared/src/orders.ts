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

export const checkoutBody = shippingFields.extend({ lines: z.array(checkoutLine) });
export type CheckoutBody = z.infer<typeof checkoutBody>;

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
  discount: z.number(),
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

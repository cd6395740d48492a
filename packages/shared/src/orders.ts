import { z } from 'zod';
import { nairaField } from './naira-field.ts';

/**
 * Where an order is in its life: `pending` waits for a card or transfer payment (stock held
 * until it expires), `confirmed` is a pay-on-delivery order (stock held, no expiry, sent
 * unpaid), `paid` waits to be sent, then `fulfilled` and `delivered`; `cancelled`, `failed`
 * and `refunded` (every naira returned) end it. What was paid is the order's payment status.
 */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'paid',
  'fulfilled',
  'delivered',
  'cancelled',
  'refunded',
  'failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const POS_PAYMENT_METHODS = ['cash', 'transfer', 'card'] as const;

/** The money side of an order, apart from where its goods are. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment states of an order whose money the shop has: it counts as sold (revenue, best sellers, reviews). */
export const PAID_STATUSES = ['paid', 'partially_refunded'] as const satisfies readonly PaymentStatus[];
export type PaidStatus = (typeof PAID_STATUSES)[number];

export function isPaidStatus(status: PaymentStatus): status is PaidStatus {
  return (PAID_STATUSES as readonly PaymentStatus[]).includes(status);
}

/** Orders a shopper may cancel themselves: nothing paid, nothing sent. */
export const SHOPPER_CANCELLABLE = ['pending', 'confirmed'] as const satisfies readonly OrderStatus[];

/** Unpaid orders a shopper may hold at once (card, transfer and pay on delivery together). */
export const MAX_UNPAID_ORDERS = 3;
export const MESSAGES_ORDER = {
  tooManyUnpaid: `You already have ${MAX_UNPAID_ORDERS} unpaid orders. Pay for one or cancel it in My orders before ordering again.`,
  notCancellable: 'Only an order that is not paid and not yet sent can be cancelled',
  transferUnavailable: 'Bank transfer is not available in this shop yet',
  refundStatus: 'Only a paid order can be refunded: record the refund from the order page',
  /** Pay on delivery: the shop calls the shopper before sending it. */
  podWillCall: "We'll call you to confirm",
  podPhoneRequired: "Enter your phone number: we'll call you to confirm a pay-on-delivery order",
  /** Why the sweeper cancelled a pay-on-delivery order the shop did not confirm. */
  notConfirmedInTime: 'Not confirmed in time',
  refusedAtDelivery: 'Refused at delivery',
  /** The checkout form without JavaScript (issue 32): a card payment needs the provider's script. */
  cardNeedsJavaScript:
    'Card payment needs JavaScript. Choose bank transfer or pay on delivery, or turn JavaScript on to pay by card.',
  /** The checkout form without JavaScript, sent with no way to pay chosen (as checkoutBody's paymentMethod says). */
  choosePayment: 'Choose how to pay',
} as const;

/** "You can have at most 20 items waiting for payment on delivery". */
export const podUnitCapMessage = (cap: number) => `You can have at most ${cap} items waiting for payment on delivery`;

/** "You can buy at most 20 of Ankara Dress in one order". */
export const unitCapMessage = (cap: number, title: string) => `You can buy at most ${cap} of ${title} in one order`;

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

/**
 * How a web shopper pays: `paystack` is the configured card provider (Paystack, or the
 * sandbox), `transfer` a bank transfer to the shop's account (the admin records it), `pod`
 * cash or transfer to the rider on delivery, where the delivery method allows it.
 */
export const WEB_PAYMENT_METHODS = ['paystack', 'transfer', 'pod'] as const;
export type WebPaymentMethod = (typeof WEB_PAYMENT_METHODS)[number];

/** How money reached the shop, as an admin records it (a card payment online is recorded by the server). */
export const RECORDED_PAYMENT_METHODS = ['transfer', 'cash', 'pod', 'card'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

export const checkoutBody = shippingFields.extend({
  lines: z.array(checkoutLine),
  /** Without it, the cheapest delivery (not pickup) to the state. */
  deliveryMethodId: z.string().max(100).optional(),
  couponCode: z.string().trim().max(40).optional(),
  paymentMethod: z.enum(WEB_PAYMENT_METHODS, { error: MESSAGES_ORDER.choosePayment }).optional(),
  /**
   * The unticked box "E-mail me about my cart and items I'm waiting for" (issue 31): true records
   * the account's consent (source checkout); false or absent changes nothing (an untick is not a
   * withdrawal; /account withdraws).
   */
  marketingConsent: z.boolean().optional(),
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
  /** The ways to pay this order, with this delivery method (pay on delivery only where the method allows it). */
  paymentMethods: z.array(z.enum(WEB_PAYMENT_METHODS)),
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

/**
 * A card payment's reference, as the server generates it and as Paystack accepts it. The
 * server puts it in the path of its calls to Paystack (with the secret key), so nothing
 * else may pass: `..` would turn "verify this transaction" into "list all transactions".
 */
export const PAYMENT_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{6,100}$/;
export const INVALID_PAYMENT_REFERENCE = 'Invalid payment reference: 6 to 100 letters, digits, - or _';
export const paymentReference = z.string().regex(PAYMENT_REFERENCE_PATTERN, INVALID_PAYMENT_REFERENCE);

/** Where to send a bank transfer, and by when: the order number is the reference to write. */
export const transferInstructions = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  /** Naira. */
  amount: z.number(),
  reference: z.string(),
  /** ISO time after which the order is cancelled and its goods go back on sale. */
  payBy: z.string().nullable(),
});
export type TransferInstructions = z.infer<typeof transferInstructions>;

export const checkoutResponse = z.object({
  orderId: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(WEB_PAYMENT_METHODS),
  reference: z.string(),
  /** Integer kobo, as Paystack expects. */
  amount: z.number().int(),
  currency: z.string(),
  email: z.string(),
  /** The card provider to open; null for a transfer or pay on delivery, where nothing opens. */
  provider: z.enum(['paystack', 'sandbox']).nullable(),
  publicKey: z.string(),
  accessCode: z.string().optional(),
  /** For a bank transfer: where to pay. */
  transfer: transferInstructions.optional(),
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
  id: z.string(),
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
  /** Units a refund put back on sale. */
  restockedQuantity: z.number().int(),
});

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const orderPaymentView = z.object({
  id: z.string(),
  method: z.string(),
  /** Naira. */
  amount: z.number(),
  reference: z.string(),
  createdAt: z.string(),
});
export type OrderPaymentView = z.infer<typeof orderPaymentView>;

export const orderRefundView = z.object({
  id: z.string(),
  /** Naira. */
  amount: z.number(),
  reason: z.string(),
  /** `pending` while the card provider works on it; `failed` gave nothing back. */
  status: z.enum(REFUND_STATUSES),
  /** How it goes back: `paystack` (to the card), or recorded by the shop (`manual`). */
  method: z.string(),
  restocked: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
  failureReason: z.string().nullable(),
  /** What is known of a pending refund, e.g. "Paystack did not answer" (checked before the next refund). */
  note: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type OrderRefundView = z.infer<typeof orderRefundView>;

export const orderView = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  channel: z.string(),
  /** The account's address for a shopper's order (its messages go there). */
  email: z.string(),
  /** The address typed at checkout when it is not the account's: for the shop to see, never an identity. */
  contactEmail: z.string().nullable(),
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
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Naira: received, given back (processed refunds), and still owed (total − received, never below 0). */
  amountPaid: z.number(),
  amountRefunded: z.number(),
  balanceDue: z.number(),
  /** Gap-free, given when the order is paid in full: INV-000123. */
  invoiceNumber: z.string().nullable(),
  payments: z.array(orderPaymentView),
  refunds: z.array(orderRefundView),
  /** Set for an unpaid bank-transfer order: where to pay. */
  transfer: transferInstructions.nullable(),
  /** Whether its shopper may still cancel it. */
  cancellable: z.boolean(),
  paymentProvider: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** A pending order, or a pay-on-delivery order not confirmed yet, is let go at this time unless paid or confirmed. */
  expiresAt: z.string().nullable(),
  /** Pay on delivery: when the shop confirmed it with the shopper. */
  shopConfirmedAt: z.string().nullable(),
  /** A pay-on-delivery order the shop still has to confirm (by phone) before `expiresAt`. */
  awaitingConfirmation: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(orderLineView),
  allowedTransitions: z.array(z.enum(ORDER_STATUSES)),
});
export type OrderView = z.infer<typeof orderView>;

/** POST /api/orders/{id}/payments (admin): money received outside the card checkout. */
export const recordPaymentBody = z.object({
  method: z.enum(RECORDED_PAYMENT_METHODS, { error: 'Choose how it was paid' }),
  /** Naira. */
  amount: nairaField('The amount', { positive: true }),
  /** The bank's or terminal's reference, so the same payment is not recorded twice. */
  reference: z.string().trim().max(100, 'The reference is too long').default(''),
  /** Record it although the same reference is already recorded on another order (409 otherwise). */
  confirmDuplicate: z.boolean().optional(),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBody>;

/** POST /api/orders/{id}/refunds (admin). */
export const refundBody = z.object({
  /** Naira; without it, the chosen lines' value, or everything still refundable. */
  amount: nairaField('The amount', { positive: true }).optional(),
  reason: z
    .string({ error: 'Say why it is refunded' })
    .trim()
    .min(1, 'Say why it is refunded')
    .max(500, 'The reason is too long'),
  /** Put the units back on sale: the chosen lines', or every unit when no line is named. */
  restock: z.boolean().default(false),
  lines: z
    .array(z.object({ lineId: z.string().max(100), quantity: z.number().int().min(1, 'Quantities start at 1').max(1000) }))
    .max(100)
    .optional(),
  /**
   * A cashier without orders.refund refunding a till sale whose role's till refund policy asks
   * for a manager's approval: the approval (POST /api/pos/approvals) for this order and amount.
   */
  approvalId: z.uuid('Unknown approval').optional(),
});
export type RefundBody = z.input<typeof refundBody>;

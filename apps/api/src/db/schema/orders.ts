import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, products, productVariants } from './catalog.ts';
import { posDrawers, tills } from './pos-tills.ts';
import { users } from './users.ts';

import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES, REFUND_STATUSES } from '@shop/shared';

export { ORDER_STATUSES, type OrderStatus };

/** A till sale's tender as the till sent it (kobo); `tendered`: the cash handed over. */
export interface PosTenderRecord {
  type: 'cash' | 'card' | 'transfer' | 'store_credit';
  amount: number;
  tendered?: number;
  reference?: string;
}
/** An approval given on the till by a manager's PIN, checked there offline. */
export interface PosApprovalRecord {
  managerId: string;
  action: 'discount' | 'price_override' | 'refund' | 'negative_stock' | 'offline_limit';
  amount?: number;
  at: string;
}
export const ORDER_CHANNELS = ['web', 'pos', 'legacy'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-readable, e.g. NG-001042. */
    number: text('number').notNull().default(sql`'NG-' || lpad(nextval('order_number_seq')::text, 6, '0')`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The account's address for a shopper's order (its messages go there); the typed one for a sale at the counter. */
    email: text('email').notNull(),
    /** The address the shopper typed at checkout when it is not the account's: shown to the shop, never an identity. */
    contactEmail: text('contact_email'),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    channel: text('channel', { enum: ORDER_CHANNELS }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** Integer kobo: sum of list prices, sum of discounts, and what is charged. */
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Kobo: the coupon's part of `discount`, and what delivery costs (total = subtotal − discount + deliveryFee). */
    couponDiscount: bigint('coupon_discount', { mode: 'number' }).notNull().default(0),
    couponCode: text('coupon_code'),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    /** Kobo: what the shop pays for the delivery (the method's `cost` when the order was made), apart from what it charged. */
    deliveryCost: bigint('delivery_cost', { mode: 'number' }).notNull().default(0),
    /** Snapshot of the delivery chosen; the method may change or go later. */
    deliveryMethodId: uuid('delivery_method_id'),
    deliveryMethod: text('delivery_method'),
    deliveryKind: text('delivery_kind'),
    deliveryEtaDays: integer('delivery_eta_days'),
    pickupAddress: text('pickup_address'),
    currency: text('currency').notNull().default('NGN'),
    /** Kept apart from `status` (where the goods are): what the shop has received and given back. */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    /** Kobo received (order_payments) and given back (processed refunds). */
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    /** Gap-free (shop_counters 'invoice'), given in the transaction that completes the payment. */
    invoiceNumber: text('invoice_number'),
    /** paystack | sandbox | pos | transfer | pod */
    paymentProvider: text('payment_provider'),
    /** Web: paystack | transfer | pod; POS: cash | transfer | card */
    paymentMethod: text('payment_method'),
    paymentReference: text('payment_reference'),
    failureReason: text('failure_reason'),
    /**
     * A pending order holds its stock until this moment; so does a pay-on-delivery order the
     * shop has not confirmed yet (setting podConfirmHours). Null: held until paid or let go.
     */
    expiresAt: ts('expires_at'),
    /** Pay on delivery: when the shop confirmed the order with the shopper (null until then). */
    shopConfirmedAt: ts('shop_confirmed_at'),
    paidAt: ts('paid_at'),
    archivedAt: ts('archived_at'),
    /**
     * The till's sale (issue 29): the till that made it, the cashier it names, the drawer its
     * cash went into, whether it was made offline, the tenders and approvals as the till sent
     * them (a transfer tender stays pending until a member with orders.record_payment
     * confirms it), and, under posOfflineStock hold_for_review, `review`: held (no stock taken
     * yet), accepted (taken) or voided (money back by the sale's tender).
     */
    tillId: uuid('till_id').references(() => tills.id, { onDelete: 'restrict' }),
    cashierId: uuid('cashier_id').references(() => users.id, { onDelete: 'no action' }),
    drawerId: uuid('drawer_id').references(() => posDrawers.id, { onDelete: 'restrict' }),
    offline: boolean('offline').notNull().default(false),
    posTenders: jsonb('pos_tenders').$type<PosTenderRecord[]>(),
    posApprovals: jsonb('pos_approvals').$type<PosApprovalRecord[]>(),
    review: text('review', { enum: ['held', 'accepted', 'voided'] }),
    /** Kobo: the till's discounts and price overrides, the till's part of `discount` (as coupon_discount is the coupon's). */
    tillDiscount: bigint('till_discount', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_payment_reference_key').on(t.paymentReference),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id),
    index('orders_status_idx').on(t.status, t.createdAt.desc()),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    index('orders_unconfirmed_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'confirmed' and ${t.expiresAt} is not null`),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    index('orders_till_idx').on(t.tillId, t.createdAt.desc()).where(sql`${t.tillId} is not null`),
    index('orders_drawer_idx').on(t.drawerId).where(sql`${t.drawerId} is not null`),
    index('orders_review_idx').on(t.review).where(sql`${t.review} is not null`),
    index('orders_unpaid_user_idx').on(t.userId).where(sql`${t.status} in ('pending', 'confirmed')`),
    // The stock report's units held: unpaid orders not let go (a let-go order gave its stock back).
    index('orders_holding_idx').on(t.id).where(sql`${t.paymentStatus} = 'unpaid' and ${t.status} not in ('cancelled', 'failed')`),
    check(
      'orders_amounts_nonnegative',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.total} >= 0 and ${t.deliveryFee} >= 0 and ${t.couponDiscount} >= 0`,
    ),
    check('orders_till_discount_nonnegative', sql`${t.tillDiscount} >= 0`),
    check('orders_delivery_cost_nonnegative', sql`${t.deliveryCost} >= 0`),
    check('orders_review', sql`${t.review} is null or ${t.review} in ('held', 'accepted', 'voided')`),
    check(
      'orders_money_received',
      sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.total} and ${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amountPaid}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** What was sold and whose stock the line holds. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** Snapshots: what the shopper saw when ordering. */
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    sku: text('sku').notNull().default(''),
    categoryId: uuid('category_id'),
    /** Integer kobo per unit: list price and discount; the charge per unit is their difference. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    unitDiscount: bigint('unit_discount', { mode: 'number' }).notNull().default(0),
    quantity: integer('quantity').notNull(),
    /**
     * Kobo per unit taken off at the till (a discount, or a price override below the sale
     * price), apart from the markdown (`unit_discount`) and the coupon; the charge per unit is
     * unit_price − unit_discount − till_discount. `price_override`: the cashier typed the price.
     */
    tillDiscount: bigint('till_discount', { mode: 'number' }).notNull().default(0),
    priceOverride: boolean('price_override').notNull().default(false),
    /**
     * Kobo per unit: the variant's cost price when the line was made, never rewritten by a
     * later change of it; null: the cost was unknown (reports count it apart, never as zero).
     */
    unitCost: bigint('unit_cost', { mode: 'number' }),
    /**
     * Units back on sale: put back by a refund, or released when the order was let go
     * (orders/held.ts). The line holds `quantity − restocked_quantity` units.
     */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_variant_idx').on(t.variantId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_till_discount_nonnegative', sql`${t.tillDiscount} >= 0`),
    check('order_lines_unit_cost_nonnegative', sql`${t.unitCost} >= 0`),
    check('order_lines_restocked_range', sql`${t.restockedQuantity} >= 0 and ${t.restockedQuantity} <= ${t.quantity}`),
  ],
);

/** Money received for an order: the card checkout's verified payment, or one an admin records. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** card | transfer | cash | pod */
    method: text('method').notNull(),
    /** Kobo. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The provider's, bank's or terminal's reference; '' when there is none. */
    reference: text('reference').notNull().default(''),
    /** paystack | sandbox for card checkouts; null when recorded by hand. */
    provider: text('provider'),
    /**
     * Kobo the payment cost the shop: Paystack's `fees`, the sandbox's rate, or the owner's rate
     * for the method (private settings) when recorded.
     */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_payments_order_idx').on(t.orderId, t.createdAt),
    // The same bank reference twice on one order is the same payment recorded twice.
    uniqueIndex('order_payments_reference_key').on(t.orderId, t.reference).where(sql`${t.reference} <> ''`),
    // A bank reference already recorded on another order (POST /api/orders/{id}/payments asks).
    index('order_payments_reference_idx').on(t.reference).where(sql`${t.reference} <> ''`),
    check('order_payments_amount_positive', sql`${t.amount} > 0`),
    check('order_payments_fee_nonnegative', sql`${t.fee} >= 0`),
  ],
);

/**
 * Money given back. `pending` holds its amount against the order (a card refund waits for
 * Paystack's refund.processed webhook); `processed` counts in `orders.amount_refunded`;
 * `failed` gave nothing back and frees its amount.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Kobo. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** paystack | sandbox (back to the card), or manual (the shop pays it back itself). */
    method: text('method').notNull(),
    /** The provider's id for the refund, to match its webhooks. */
    providerRefundId: text('provider_refund_id'),
    /** The lines whose units went back on sale: [{ lineId, quantity }]. */
    restocked: jsonb('restocked').$type<{ lineId: string; quantity: number }[]>().notNull().default([]),
    failureReason: text('failure_reason'),
    /** What is known of a refund still pending, e.g. "Paystack did not answer" (then checked before the next refund). */
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    index('order_refunds_provider_idx').on(t.providerRefundId),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Gap-free numbers (invoices): incremented inside the transaction that uses the number, so a rollback gives it back. */
export const shopCounters = pgTable('shop_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_latest_idx').on(t.productId, t.createdAt.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Payment notifications and verifications as received, for the record. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('payment_events_reference_idx').on(t.reference)],
);

/** The offline sandbox provider's own ledger (stands in for Paystack's side). */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  email: text('email').notNull(),
  status: text('status', { enum: ['pending', 'success', 'failed'] })
    .notNull()
    .default('pending'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Every staff write, sign-in event and approval: who (copied in, so a later rename or role
 * change does not rewrite the past), what, before and after, from where. Append-only: the
 * database refuses UPDATE, DELETE and TRUNCATE on it (migration 0019), and an account named
 * in it cannot be deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'no action' }),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** The actor's role's name when it happened. */
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt.desc()),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/**
 * What checkout prices besides the goods: delivery zones and their methods, and coupons
 * with the orders that reserved or used them. Money is integer kobo.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COUPON_TYPES, DELIVERY_KINDS } from '@shop/shared';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const deliveryZones = pgTable('delivery_zones', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A state belongs to one zone at most: the primary key says so, whatever two admins do at once. */
export const deliveryZoneStates = pgTable('delivery_zone_states', {
  state: text('state').primaryKey(),
  zoneId: uuid('zone_id')
    .notNull()
    .references(() => deliveryZones.id, { onDelete: 'cascade' }),
});

export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: DELIVERY_KINDS }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    /** Kobo: what the shop pays the rider or courier per order (the shopper pays `fee`); never shown to shoppers. */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    freeOver: bigint('free_over', { mode: 'number' }),
    pickupAddress: text('pickup_address').notNull().default(''),
    pickupHours: text('pickup_hours').notNull().default(''),
    etaDays: integer('eta_days').notNull().default(1),
    payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('delivery_methods_zone_idx').on(t.zoneId, t.position),
    check('delivery_methods_fee_nonnegative', sql`${t.fee} >= 0 and (${t.freeOver} is null or ${t.freeOver} >= 0)`),
    check('delivery_methods_cost_nonnegative', sql`${t.cost} >= 0`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept upper-case; matched without regard to case. */
    code: text('code').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    /** percent: 1–100; fixed: kobo; free_delivery: 0. */
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    minSubtotal: bigint('min_subtotal', { mode: 'number' }).notNull().default(0),
    startsAt: ts('starts_at'),
    /** Exclusive: the first moment it no longer applies. */
    endsAt: ts('ends_at'),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`upper(${t.code})`),
    check('coupons_value_nonnegative', sql`${t.value} >= 0 and ${t.minSubtotal} >= 0`),
  ],
);

export const REDEMPTION_STATUSES = ['reserved', 'used', 'released'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/**
 * One order's use of a coupon: reserved while the order waits for payment, used once paid,
 * released when it is cancelled, fails or expires. A coupon's uses are counted here.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** orders.id; no foreign key, so the orders schema and this one stay independent. */
    orderId: uuid('order_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('reserved'),
    /** Kobo the code took off the order (or the delivery fee it waived). */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.orderId] }),
    index('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_customer_idx').on(t.couponId, t.email),
    // Uses per customer count per account (the e-mail typed at checkout is not an identity).
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
  ],
);

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
export type DeliveryMethodRow = typeof deliveryMethods.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * The sales reports' facts (issue 30, docs/decisions/0025): each sale and each processed
 * refund of an order, split into its parts, with the order's figures shared out over them to
 * the kobo. Two splits of every event: `line` (a part per order line: product, variant,
 * category and brand, and every grouping by the order) and `payment` (a part per payment, for
 * the grouping by payment method). Kept by the database in the transaction that changes an
 * order, its lines, payments or refunds (refresh_sales_facts, migration 0030), so a report
 * sums rows of one table instead of rebuilding every order; `npm run reports:verify`
 * recomputes them from the orders and compares.
 */
export const salesFacts = pgTable(
  'sales_facts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null: the sale itself; else the processed refund this event is. */
    refundId: uuid('refund_id'),
    kind: text('kind', { enum: ['line', 'payment'] }).notNull(),
    /** The Lagos day of the event: the order's creation for a sale, the refund's processing for a refund. */
    day: date('day', { mode: 'string' }).notNull(),
    sale: boolean('sale').notNull(),
    /**
     * The first part of a sale (per kind): counting these counts orders where the grouping is
     * the order's; and the first of its lines with that product, variant, category, brand, or
     * of its payments with that method: counting those counts the orders in such a row.
     */
    first: boolean('first').notNull(),
    firstProduct: boolean('first_product').notNull(),
    firstVariant: boolean('first_variant').notNull(),
    firstCategory: boolean('first_category').notNull(),
    firstBrand: boolean('first_brand').notNull(),
    firstMethod: boolean('first_method').notNull(),
    channel: text('channel').notNull(),
    /** The till's cashier, or who recorded the first payment. */
    staffId: uuid('staff_id'),
    /** The delivery state; '' for a sale at the counter. */
    state: text('state').notNull(),
    /** Upper-cased; '' when none. */
    coupon: text('coupon').notNull(),
    userId: uuid('user_id'),
    customerId: uuid('customer_id'),
    /** A payment part's method (the order's own when it has no payment recorded). */
    method: text('method'),
    /** A line part's: what it sold (null when the product or variant is gone; `lineKey`/`variantKey` stand in). */
    lineId: uuid('line_id'),
    productId: uuid('product_id'),
    variantId: uuid('variant_id'),
    categoryId: uuid('category_id'),
    brandId: uuid('brand_id'),
    lineKey: text('line_key'),
    variantKey: text('variant_key'),
    units: integer('units').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    markdowns: bigint('markdowns', { mode: 'number' }).notNull(),
    till: bigint('till', { mode: 'number' }).notNull(),
    coupons: bigint('coupons', { mode: 'number' }).notNull(),
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
    delivery: bigint('delivery', { mode: 'number' }).notNull(),
    deliveryCost: bigint('delivery_cost', { mode: 'number' }).notNull(),
    cogs: bigint('cogs', { mode: 'number' }).notNull(),
    unknown: integer('unknown').notNull(),
    fees: bigint('fees', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('sales_facts_order_idx').on(t.orderId),
    // A period's parts of one split, by day alone: the planner reads the days' order in the
    // table (facts are written as sales happen), where (kind, day) made it see kind's and scan all.
    index('sales_facts_line_day_idx').on(t.day).where(sql`${t.kind} = 'line'`),
    index('sales_facts_payment_day_idx').on(t.day).where(sql`${t.kind} = 'payment'`),
    index('sales_facts_coupon_idx').on(t.day).where(sql`${t.coupon} <> ''`),
    // The customers report: each customer's sales ever (a sale's first line part), read from the index alone.
    index('sales_facts_account_sales_idx').on(t.userId, t.day).where(sql`${t.kind} = 'line' and ${t.first}`),
    index('sales_facts_till_customer_sales_idx')
      .on(t.customerId, t.day)
      .where(sql`${t.kind} = 'line' and ${t.first} and ${t.userId} is null`),
    // The stock report: each variant's last sale, and its units sold in 30 days.
    index('sales_facts_variant_sold_idx').on(t.variantId, t.day).where(sql`${t.kind} = 'line' and ${t.sale}`),
    // The stock report's units sold in 30 days per variant, read from the index alone (a heap read of a
    // month's facts took 70-150 ms of the report; decision 0034).
    index('sales_facts_sold_by_day_idx').on(t.day, t.variantId, t.units).where(sql`${t.kind} = 'line' and ${t.sale}`),
    // The sales report by variant: the first line, in the period, that names a gone variant's group
    // (only those lines are in it; without it the planner guessed a scan per group and compiled the statement).
    index('sales_facts_gone_variant_idx').on(t.variantKey, t.day).where(sql`${t.kind} = 'line' and ${t.variantId} is null`),
  ],
);

/**
 * The sales facts summed per grouping and Lagos calendar month (issue 30, docs/decisions/0034):
 * a report over a period reads the whole months inside it here and only the days at its ends
 * from sales_facts. Kept by refresh_sales_facts in the same transaction as the facts (migration
 * 0038): the facts it removes are taken off, those it writes added. `grp` is the grouping (the
 * report's groupBy, or `total`, `coupon`, `customer`); `k` and `k2` its key as the report groups
 * the facts (sales_rollup_keys); `n` the facts summed (a row at 0 is an emptied group, read as
 * none); `allOrders` the sales' first parts (the period's orders once each), `orders` the
 * grouping's own count (its first part with that product, variant, category, brand or method).
 */
export const salesRollup = pgTable(
  'sales_rollup',
  {
    grp: text('grp').notNull(),
    /** The first day of the Lagos calendar month of the facts' days. */
    month: date('month', { mode: 'string' }).notNull(),
    k: text('k'),
    k2: text('k2'),
    n: bigint('n', { mode: 'number' }).notNull(),
    allOrders: bigint('all_orders', { mode: 'number' }).notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    markdowns: bigint('markdowns', { mode: 'number' }).notNull(),
    till: bigint('till', { mode: 'number' }).notNull(),
    coupons: bigint('coupons', { mode: 'number' }).notNull(),
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
    delivery: bigint('delivery', { mode: 'number' }).notNull(),
    deliveryCost: bigint('delivery_cost', { mode: 'number' }).notNull(),
    cogs: bigint('cogs', { mode: 'number' }).notNull(),
    unknown: bigint('unknown', { mode: 'number' }).notNull(),
    fees: bigint('fees', { mode: 'number' }).notNull(),
  },
  // One row per grouping, month and key; a null key part (a gone product) is a key like any other.
  (t) => [unique('sales_rollup_key').on(t.grp, t.month, t.k, t.k2).nullsNotDistinct()],
);

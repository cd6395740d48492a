/**
 * The till (issue 29): registered devices that sell offline and sync each sale exactly once,
 * the cash drawers they open, returns and exchanges at the counter, store credit, and the
 * log of catalogue rows removed (what a till's catalogue update must take away); the devices
 * and their drawers are in pos-tills.ts.
 *
 * A till's sale is an `orders` row (channel `pos`) whose id the till made and whose number is
 * its receipt number (`T2-000184`): the primary key is what makes a sale recorded once.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './catalog.ts';
import { orderLines, orderRefunds, orders } from './orders.ts';
import { posDrawers, tills } from './pos-tills.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Goods brought back to the counter: some or all of a sale's lines, paid back in cash, to the
 * sale's tender, or as store credit; an exchange names the sale it was exchanged for. The money
 * side is an `order_refunds` row (refund_id). Its id is the till's (an offline return syncs
 * like a sale).
 */
export const posReturns = pgTable(
  'pos_returns',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    tillId: uuid('till_id').references(() => tills.id, { onDelete: 'restrict' }),
    drawerId: uuid('drawer_id').references(() => posDrawers.id, { onDelete: 'restrict' }),
    refundTo: text('refund_to', { enum: ['cash', 'original', 'store_credit'] }).notNull(),
    /** Kobo paid back (or credited) for the goods. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** An exchange: the sale the customer took instead (the difference paid or refunded). */
    exchangeOrderId: uuid('exchange_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** The money given back, as the order's refund (processed at once: cash, store credit, or the sale's tender). */
    refundId: uuid('refund_id').references(() => orderRefunds.id, { onDelete: 'restrict' }),
    approvalId: uuid('approval_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'no action' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('pos_returns_order_idx').on(t.orderId),
    index('pos_returns_drawer_idx').on(t.drawerId),
    check('pos_returns_amount_nonnegative', sql`${t.amount} >= 0`),
    check('pos_returns_refund_to', sql`${t.refundTo} in ('cash', 'original', 'store_credit')`),
  ],
);

export const posReturnLines = pgTable(
  'pos_return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => posReturns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    variantId: uuid('variant_id'),
    quantity: integer('quantity').notNull(),
    /** Whether the units went back on sale (the cashier chooses: a damaged item does not). */
    restock: boolean('restock').notNull(),
    /** Kobo given back for these units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('pos_return_lines_return_idx').on(t.returnId),
    index('pos_return_lines_line_idx').on(t.orderLineId),
    check('pos_return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('pos_return_lines_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/** Every change of a till customer's store credit (customers.store_credit is their sum). */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** Kobo: positive when issued (a return), negative when spent (a tender). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    returnId: uuid('return_id').references(() => posReturns.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'no action' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('store_credit_entries_customer_idx').on(t.customerId, t.createdAt),
    check('store_credit_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Catalogue rows deleted (products, variants) and till customers deleted, under the
 * transaction id that deleted them: what a till's update (`GET /api/pos/catalogue?since=`)
 * must take away. Written by trigger (migration 0021); rows older than 90 days are pruned
 * (pos/catalogue.ts), leaving one `horizon` row whose xact is the newest pruned: a till whose
 * version is not past it gets the whole catalogue again.
 */
export const catalogueRemovals = pgTable(
  'catalogue_removals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    xact: bigint('xact', { mode: 'number' }).notNull().default(sql`pg_current_xact_id()::text::bigint`),
    kind: text('kind', { enum: ['product', 'variant', 'customer', 'horizon'] }).notNull(),
    rowId: uuid('row_id').notNull(),
    removedAt: ts('removed_at').notNull().defaultNow(),
  },
  (t) => [index('catalogue_removals_xact_idx').on(t.xact)],
);

export type PosReturnRow = typeof posReturns.$inferSelect;

/**
 * Abandoned checkout recovery (issue 31): a snapshot of a cart a consenting shopper priced at
 * checkout (or whose card order expired unpaid), the reminders sent about it, and whether she
 * paid (recovered when within 7 days of the last reminder). Owned by recovery/.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A line of the snapshot: what the restore link puts back in the cart. */
export interface RecoveryLine {
  productId: string;
  variantId: string | null;
  title: string;
  size: string;
  color: string;
  quantity: number;
  /** Kobo, per unit after its markdown, when the snapshot was taken (the reminder quotes it). */
  unitPrice: number;
}

export const abandonedCheckouts = pgTable(
  'abandoned_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    /** `quote`: priced at checkout with consent; `expired`: an unpaid card order ran out. */
    source: text('source', { enum: ['quote', 'expired'] }).notNull(),
    /** The expired order it came from (once per order). */
    expiredOrderId: uuid('expired_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The lines, sorted, as one string: the same cart of the same account is recorded once while open. */
    cartKey: text('cart_key').notNull(),
    lines: jsonb('lines').$type<RecoveryLine[]>().notNull(),
    /** Kobo: what the quote (or the order) came to. */
    value: bigint('value', { mode: 'number' }).notNull(),
    /** The restore link's token: random, opens only this cart, never signs in. */
    token: text('token').notNull(),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderAt: ts('last_reminder_at'),
    /** She paid an order after it was recorded: no more reminders. */
    endedAt: ts('ended_at'),
    paidOrderId: uuid('paid_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Set when that payment came within 7 days of the last reminder: the shop's recovered revenue (kobo). */
    recoveredRevenue: bigint('recovered_revenue', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('abandoned_checkouts_token_key').on(t.token),
    uniqueIndex('abandoned_checkouts_open_cart_key').on(t.userId, t.cartKey).where(sql`${t.endedAt} is null`),
    uniqueIndex('abandoned_checkouts_expired_order_key').on(t.expiredOrderId),
    index('abandoned_checkouts_open_idx').on(t.createdAt).where(sql`${t.endedAt} is null`),
    index('abandoned_checkouts_created_idx').on(t.createdAt.desc()),
  ],
);

export type AbandonedCheckoutRow = typeof abandonedCheckouts.$inferSelect;

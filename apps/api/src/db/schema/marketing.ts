/**
 * Marketing e-mail (issue 31): who agreed to it (consent, with when and where), who asked it to
 * stop (the suppression list every marketing send checks inside the outbox), and the
 * back-in-stock alerts shoppers ask for per variant, sent by trigger (migration 0028) when the
 * variant's stock comes back.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MARKETING_CONSENT_SOURCES } from '@shop/shared';
import { productVariants } from './catalog.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One row per consent given: where (the box at checkout, at registration, on the account page
 * or on a back-in-stock alert's form) and when; withdrawn (the account page's box unticked, or an
 * unsubscribe) keeps the row with the time. An address has at most one consent open.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: MARKETING_CONSENT_SOURCES }).notNull(),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    withdrawnAt: ts('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('marketing_consents_open_key').on(t.email).where(sql`${t.withdrawnAt} is null`),
    index('marketing_consents_user_idx').on(t.userId),
  ],
);

/**
 * Addresses that unsubscribed, and when. A marketing message is dropped unless its consent (or,
 * for an alert, the request) came after this time.
 */
export const marketingSuppressions = pgTable('marketing_suppressions', {
  /** Lower-cased. */
  email: text('email').primaryKey(),
  suppressedAt: ts('suppressed_at').notNull().defaultNow(),
});

/**
 * "Tell me when size 12 is back": open until the variant's stock goes from ≤ 0 to > 0, when the
 * trigger queues its one message and sets `notified_at`; or until the shopper unsubscribes
 * (`cancelled_at`). One open alert per variant and address.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    notifiedAt: ts('notified_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('stock_alerts_open_key')
      .on(t.variantId, t.email)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    index('stock_alerts_email_open_idx').on(t.email).where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
  ],
);

export type StockAlertRow = typeof stockAlerts.$inferSelect;

/**
 * The till's devices and cash drawers (issue 29): what an order of the till names. Apart from
 * pos.ts (returns, store credit), which names orders, so the schema has no import cycle.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** T1, T2, …: a till's receipt numbers start with its prefix, so two tills never make the same one. */
export const tillNumberSeq = pgSequence('till_number_seq', { startWith: 1 });

export const tills = pgTable(
  'tills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().default(sql`'T' || nextval('till_number_seq')::text`),
    /** SHA-256 of the device token (it never expires: a till offline for days still syncs); revoked_at ends it. */
    deviceTokenHash: text('device_token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSyncAt: ts('last_sync_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('tills_prefix_key').on(t.prefix), uniqueIndex('tills_device_token_key').on(t.deviceTokenHash)],
);

/** A till's cash drawer from opening (with a float) to closing (counted, with its over or short). Its id is the till's. */
export const posDrawers = pgTable(
  'pos_drawers',
  {
    id: uuid('id').primaryKey(),
    tillId: uuid('till_id')
      .notNull()
      .references(() => tills.id, { onDelete: 'restrict' }),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'no action' }),
    openedAt: ts('opened_at').notNull(),
    /** Kobo. */
    float: bigint('float', { mode: 'number' }).notNull(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'no action' }),
    closedAt: ts('closed_at'),
    /** Kobo, at closing: the cash counted, what the drawer should hold, and counted − expected. */
    counted: bigint('counted', { mode: 'number' }),
    expected: bigint('expected', { mode: 'number' }),
    overShort: bigint('over_short', { mode: 'number' }),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('pos_drawers_till_idx').on(t.tillId, t.openedAt.desc()),
    // One open drawer per till.
    uniqueIndex('pos_drawers_open_key').on(t.tillId).where(sql`${t.closedAt} is null`),
    check('pos_drawers_float_nonnegative', sql`${t.float} >= 0 and (${t.counted} is null or ${t.counted} >= 0)`),
  ],
);

/** Cash put into or taken out of a drawer, with a reason. Its id is the till's. */
export const posDrawerMovements = pgTable(
  'pos_drawer_movements',
  {
    id: uuid('id').primaryKey(),
    drawerId: uuid('drawer_id')
      .notNull()
      .references(() => posDrawers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['pay_in', 'pay_out'] }).notNull(),
    /** Kobo. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'no action' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('pos_drawer_movements_drawer_idx').on(t.drawerId, t.createdAt),
    check('pos_drawer_movements_amount_positive', sql`${t.amount} > 0`),
    check('pos_drawer_movements_kind', sql`${t.kind} in ('pay_in', 'pay_out')`),
  ],
);

export type TillRow = typeof tills.$inferSelect;
export type PosDrawerRow = typeof posDrawers.$inferSelect;

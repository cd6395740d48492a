/**
 * The outbox: messages queued in the transaction of the event that causes them, sent by a
 * worker in any API process (claimed with FOR UPDATE SKIP LOCKED), retried with backoff. And
 * password-reset requests, kept as a hash of their token.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_STATUSES, MESSAGE_TEMPLATES } from '@shop/shared';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template', { enum: MESSAGE_TEMPLATES }).notNull(),
    /** One address, or several separated by ", " (the shop's admins). */
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** What the template needs, as it was when the event happened. */
    props: jsonb('props').notNull(),
    /** One message per event: a second enqueue with the same key is ignored. */
    dedupeKey: text('dedupe_key'),
    /** The order it is about, for the back office's list. */
    orderId: uuid('order_id'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: a retry waits. */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A worker that claimed it and died lets it go after this. */
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_dedupe_key').on(t.dedupeKey),
    index('messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('messages_created_idx').on(t.createdAt.desc(), t.id),
    index('messages_order_idx').on(t.orderId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export type MessageRow = typeof messages.$inferSelect;

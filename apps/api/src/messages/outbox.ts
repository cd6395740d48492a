/**
 * The outbox: the one writer of `messages`. `enqueue` runs inside the transaction of the
 * event that causes the message, so a message exists exactly when its event committed. The
 * worker (worker.ts) claims due messages with FOR UPDATE SKIP LOCKED, so with any number of
 * API processes each message is claimed by one; it records the result, and a failure is
 * tried again after 1 min, 5 min, 30 min and 2 h, then marked failed for the admin to see.
 * A worker that dies holding a message lets it go when its claim runs out: that message may be
 * sent twice, with the same Message-ID, which mail clients fold into one.
 */
import { and, count, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { MESSAGE_RETRY_DELAYS_MS, type MessageListQuery, type MessageTemplate } from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { type MessageRow, messages, orders } from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/http-error.ts';
import { containsPattern } from '../lib/like.ts';
import { SUBJECTS, type ShopInfo, type StoredProps } from './catalog.ts';

/** How long a claim lasts: a send that takes longer is assumed dead and tried again. */
export const CLAIM_MS = 2 * 60_000;

export interface NewMessage<T extends MessageTemplate> {
  template: T;
  to: string;
  props: StoredProps[T];
  /** One message per event: "payment-received:<orderId>". A second enqueue with it is ignored. */
  dedupeKey?: string;
  orderId?: string;
}

/** Queues a message inside the caller's transaction; nothing is sent unless it commits. */
export async function enqueue<T extends MessageTemplate>(
  tx: Db | Tx,
  message: NewMessage<T>,
  shop: Pick<ShopInfo, 'name'>,
): Promise<void> {
  if (!message.to.trim()) return;
  await tx
    .insert(messages)
    .values({
      template: message.template,
      to: message.to,
      subject: SUBJECTS[message.template](message.props, shop),
      props: message.props,
      dedupeKey: message.dedupeKey ?? null,
      orderId: message.orderId ?? null,
    })
    .onConflictDoNothing();
}

/** Claims up to `limit` due messages for this worker: queued ones whose time has come, or ones whose claim ran out. */
export async function claimDue(db: Db, now: Date, limit = 10): Promise<MessageRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        or(
          // A new message's time is the database's clock (the column's default, to the
          // microsecond); `now` is this process's, to the millisecond: claimed in the same
          // millisecond it was queued in, it looked not yet due. The later of the two.
          and(eq(messages.status, 'queued'), lte(messages.nextAttemptAt, sql`greatest(${now}::timestamptz, now())`)),
          and(eq(messages.status, 'sending'), lte(messages.lockedUntil, now)),
        ),
      )
      .orderBy(messages.nextAttemptAt, messages.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(messages)
      .set({ status: 'sending', attempts: sql`${messages.attempts} + 1`, lockedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(sql`${messages.id} in ${due.map((d) => d.id)}`)
      .returning();
    // RETURNING keeps no order: sent in the order they were queued ("shipped" before "delivered").
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  });
}

export async function markSent(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(messages)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(messages.id, id), eq(messages.status, 'sending')));
}

/** A marketing message that may not go (unsubscribed, no consent): kept, marked dropped with why, never sent. */
export async function markDropped(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(messages)
    .set({ status: 'dropped', lockedUntil: null, lastError: reason })
    .where(and(eq(messages.id, id), eq(messages.status, 'sending')));
}

/** A failed try: again after the next delay, or failed for good after the last one. */
export async function markFailed(db: Db, message: MessageRow, error: string, now: Date): Promise<void> {
  const delay = MESSAGE_RETRY_DELAYS_MS[message.attempts - 1];
  await db
    .update(messages)
    .set(
      delay === undefined
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : { status: 'queued', lockedUntil: null, lastError: error, nextAttemptAt: new Date(now.getTime() + delay) },
    )
    .where(and(eq(messages.id, message.id), eq(messages.status, 'sending')));
}

/** An admin sends a failed message again: queued now, its tries counted from zero. */
export async function resend(db: Db, id: string): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
    .where(and(eq(messages.id, id), eq(messages.status, 'failed')))
    .returning();
  if (row) return row;
  const [existing] = await db.select({ status: messages.status }).from(messages).where(eq(messages.id, id));
  if (!existing) throw notFound('Message not found');
  throw conflict(`Only a failed message can be sent again; this one is ${existing.status}`);
}

export async function findMessage(db: Db, id: string): Promise<ListedMessage | undefined> {
  const [row] = await db
    .select({ message: messages, orderNumber: orders.number })
    .from(messages)
    .leftJoin(orders, eq(orders.id, messages.orderId))
    .where(eq(messages.id, id));
  return row && { ...row.message, orderNumber: row.orderNumber };
}

export type ListedMessage = MessageRow & { orderNumber: string | null };

/** One page of messages, newest first (with the number of the order each is about), and how many match. */
export async function listMessages(db: Db, query: MessageListQuery): Promise<{ items: ListedMessage[]; total: number }> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(messages.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(or(ilike(messages.to, pattern), ilike(messages.subject, pattern))!);
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ message: messages, orderNumber: orders.number })
      .from(messages)
      .leftJoin(orders, eq(orders.id, messages.orderId))
      .where(condition)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(messages).where(condition),
  ]);
  return { items: items.map((r) => ({ ...r.message, orderNumber: r.orderNumber })), total: total?.n ?? 0 };
}

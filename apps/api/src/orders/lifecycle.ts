/**
 * Where an order is: the one module that writes `orders.status`. Every change is one
 * conditional UPDATE whose WHERE names the statuses the change may come from (its guard), so
 * two requests, a webhook replay, the sweeper and several API processes can never apply the
 * same change twice or from the wrong place; the loser finds no row and answers 409 (or, for
 * the sweeper, leaves that order alone). Changes that let an order go (cancelled, failed,
 * expired, refused at the door) give its stock and coupon use back in the same transaction.
 * The ledger calls `paidInFull`, `refundedInFull` and `revive` for the status side of money.
 */
import { isUuid, MESSAGES_ORDER, SHOPPER_CANCELLABLE } from '@shop/shared';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { transactionsAgainAfterDeadlock } from '../db/request-transaction.ts';
import { type OrderRow, type OrderStatus, orders } from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/http-error.ts';
import { releaseCoupons } from '../coupons/index.ts';
import type { OrderEvents } from './events.ts';
import { holdAgain, releaseStock } from './held.ts';
import { fresh, loadDetails, lockOrder, type OrderWithLines, withLines } from './queries.ts';

/**
 * The status changes an admin makes by name. Anything else is refused with 409: an order
 * becomes paid when its payments reach its total (payments), refunded through a refund.
 */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled', 'failed'],
  confirmed: ['fulfilled', 'cancelled'],
  paid: ['fulfilled'],
  fulfilled: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
  failed: [],
};
/** Statuses in which the order holds stock that a move away would release. */
export const HOLDS_STOCK_UNTIL_PAID: readonly OrderStatus[] = ['pending', 'confirmed'];
/** Statuses that become `paid` when the money is complete (a pay-on-delivery order already sent stays where it is). */
const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending', 'confirmed'];
/** Statuses that become `refunded` when every naira went back. */
const REFUNDABLE_TO_END: readonly OrderStatus[] = ['paid', 'fulfilled', 'delivered'];
const BY_NAME_REFUSED: Partial<Record<OrderStatus, string>> = {
  paid: 'Record the payment instead: an order is paid when its payments reach its total',
  refunded: MESSAGES_ORDER.refundStatus,
};
export const PAYMENT_NOT_IN_TIME = 'Payment was not completed in time';
const letGo = (to: OrderStatus) => to === 'cancelled' || to === 'failed';

/** Moves an order from one status to another if it is still in `from`; releases stock when due. */
export async function move(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRow | undefined> {
  const [moved] = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...extra })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (moved && HOLDS_STOCK_UNTIL_PAID.includes(order.status) && letGo(to)) {
    await releaseStock(tx, [order.id]);
    await releaseCoupons(tx, [order.id]);
  }
  return moved;
}

/** The order's payments reached its total: a pending or confirmed order becomes paid (one sent unpaid stays where it is). */
export async function paidInFull(tx: Tx, order: OrderRow): Promise<OrderRow> {
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), inArray(orders.status, [...AWAITING_PAYMENT])))
    .returning();
  return paid ?? order;
}

/** Every naira paid went back: a paid, sent or delivered order becomes refunded. */
export async function refundedInFull(tx: Tx, order: OrderRow): Promise<OrderRow> {
  const [refunded] = await tx
    .update(orders)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), inArray(orders.status, [...REFUNDABLE_TO_END])))
    .returning();
  return refunded ?? order;
}

/** Money came for an order that was let go and its goods are still there: it takes them again and waits for the rest, pending. */
export async function revive(tx: Tx, order: OrderRow): Promise<OrderRow> {
  await holdAgain(tx, order.id);
  const [revived] = await tx
    .update(orders)
    .set({ status: 'pending', failureReason: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), inArray(orders.status, ['cancelled', 'failed'])))
    .returning();
  return revived ?? order;
}

export function createLifecycle(db: Db, events: OrderEvents) {
  // A transaction PostgreSQL rolls back to break a deadlock runs again (decision 0035).
  const transaction = transactionsAgainAfterDeadlock(db);
  return {
    /** An admin's (or the system's) status change; 409 when the lifecycle forbids it. */
    async transition(
      id: string,
      to: OrderStatus,
      reason?: string,
      note?: string,
    ): Promise<{ before: OrderRow; after: OrderWithLines }> {
      return transaction(async (tx) => {
        const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)) : [];
        if (!order) throw notFound('Order not found');
        if (!TRANSITIONS[order.status].includes(to)) {
          throw conflict(BY_NAME_REFUSED[to] ?? `An order that is ${order.status} cannot become ${to}`);
        }
        if (letGo(to) && order.amountPaid > 0) {
          throw conflict('Money was received for this order: refund it instead of cancelling it');
        }
        const extra =
          letGo(to) && reason
            ? { failureReason: reason }
            : // Sending a pay-on-delivery order confirms it: it no longer expires.
              order.status === 'confirmed' && to === 'fulfilled'
              ? { shopConfirmedAt: order.shopConfirmedAt ?? new Date(), expiresAt: null }
              : {};
        const moved = await move(tx, order, to, extra);
        if (!moved) throw conflict('The order changed meanwhile; reload it and try again');
        const after = await withLines(tx, moved);
        if (to === 'fulfilled') await events.shipped(tx, after, note?.trim() || null);
        else if (to === 'delivered') await events.delivered(tx, after);
        else if (to === 'cancelled') await events.cancelled(tx, after);
        return { before: order, after };
      });
    },

    /**
     * The shop called the shopper and confirmed a pay-on-delivery order: it no longer expires.
     * 409 unless it is a pay-on-delivery order still waiting for that call (a race with the
     * sweeper is decided by the row: one conditional UPDATE each).
     */
    async confirm(id: string): Promise<{ before: OrderRow; after: OrderWithLines }> {
      return transaction(async (tx) => {
        const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)) : [];
        if (!order) throw notFound('Order not found');
        const [confirmed] = await tx
          .update(orders)
          .set({ shopConfirmedAt: sql`now()`, expiresAt: null, updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.id, id),
              eq(orders.status, 'confirmed'),
              eq(orders.paymentMethod, 'pod'),
              isNull(orders.shopConfirmedAt),
            ),
          )
          .returning();
        if (!confirmed) {
          const [now] = await tx.select().from(orders).where(eq(orders.id, id));
          throw conflict(
            now?.shopConfirmedAt
              ? 'This order was confirmed already'
              : 'Only a pay-on-delivery order waiting to be confirmed can be confirmed',
          );
        }
        return { before: order, after: await withLines(tx, confirmed) };
      });
    },

    /**
     * The shopper refused a pay-on-delivery order at the door: nothing was paid, the goods
     * come back. The order is cancelled ("Refused at delivery"), its units go back on sale and
     * its coupon use is freed. 409 unless it was sent, is paid on delivery and took no money.
     */
    async refusedAtDelivery(id: string): Promise<{ before: OrderRow; after: OrderWithLines }> {
      if (!isUuid(id)) throw notFound('Order not found');
      return transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (order.status !== 'fulfilled' || order.paymentMethod !== 'pod' || order.amountPaid > 0) {
          throw conflict('Only a pay-on-delivery order that was sent and not paid can be refused at delivery');
        }
        const [moved] = await tx
          .update(orders)
          .set({ status: 'cancelled', failureReason: MESSAGES_ORDER.refusedAtDelivery, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), eq(orders.status, 'fulfilled')))
          .returning();
        await releaseStock(tx, [id]);
        await releaseCoupons(tx, [id]);
        const after = await withLines(tx, moved!);
        await events.cancelled(tx, after);
        return { before: order, after };
      });
    },

    /** A shopper lets go of their own unpaid order, not yet sent: its goods go back on sale at once. */
    async cancelByShopper(id: string, userId: string): Promise<OrderWithLines> {
      return transaction(async (tx) => {
        const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)).for('update') : [];
        if (!order || order.userId !== userId) throw notFound('Order not found');
        const allowed = (SHOPPER_CANCELLABLE as readonly OrderStatus[]).includes(order.status) && order.amountPaid === 0;
        if (!allowed) throw conflict(MESSAGES_ORDER.notCancellable);
        const moved = await move(tx, order, 'cancelled', { failureReason: 'Cancelled by the customer' });
        const after = await fresh(tx, order, moved);
        if (moved) await events.cancelled(tx, after);
        return after;
      });
    },

    /**
     * Cancels the orders whose hold has run out with nothing paid, gives their stock and
     * coupon uses back and tells their shoppers: pending orders not paid in time, and
     * pay-on-delivery orders the shop did not confirm in time. One conditional UPDATE, so
     * several processes sweeping at once cancel each order once.
     */
    async expirePending(now: Date = new Date()): Promise<number> {
      return transaction(async (tx) => {
        const expired = await tx
          .update(orders)
          .set({
            status: 'cancelled',
            failureReason: sql`case when ${orders.status} = 'pending' then ${PAYMENT_NOT_IN_TIME} else ${MESSAGES_ORDER.notConfirmedInTime} end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              lt(orders.expiresAt, now),
              eq(orders.amountPaid, 0),
              or(eq(orders.status, 'pending'), and(eq(orders.status, 'confirmed'), isNull(orders.shopConfirmedAt))),
            ),
          )
          .returning();
        const ids = expired.map((o) => o.id);
        await releaseStock(tx, ids);
        await releaseCoupons(tx, ids);
        for (const order of await loadDetails(tx, expired)) await events.cancelled(tx, order);
        return expired.length;
      });
    },

    /** Hides an order from the back office's list; nothing is deleted. Archiving twice keeps the first date. */
    async archive(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const [row] = await db
        .update(orders)
        .set({ archivedAt: sql`coalesce(${orders.archivedAt}, now())` })
        .where(eq(orders.id, id))
        .returning({ id: orders.id });
      return row !== undefined;
    },

    async restore(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const [row] = await db.update(orders).set({ archivedAt: null }).where(eq(orders.id, id)).returning({ id: orders.id });
      return row !== undefined;
    },
  };
}

/**
 * An order's money as it comes and goes, next to the ledger that records it: what a payment
 * provider said about a card payment (`settle`), money an admin records (`recordPayment`),
 * and refunds, to the card through the provider or recorded by the shop. Each runs in one
 * transaction that locks the order's row first, so concurrent verifications, webhooks and
 * admins, in any number of API processes, take turns and nothing is applied twice.
 *
 * The card provider is reached through `CardRefunds`, a port this module defines and the
 * payments feature implements (payments/card-refunds.ts): orders never import payments.
 */
import { formatNaira, isUuid } from '@shop/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { transactionsAgainAfterDeadlock } from '../db/request-transaction.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type OrderRefundRow, type OrderRow, orderPayments, orderRefunds, orders } from '../db/schema/index.ts';
import { conflict, HttpError, notFound } from '../lib/http-error.ts';
import { takeStock } from '../catalog/index.ts';
import type { OrderEvents } from './events.ts';
import {
  applyPayment,
  attachProviderRefundId,
  completeRefund,
  failRefund,
  noteRefund,
  type PaymentInput,
  type RefundInput,
  startRefund,
} from './ledger.ts';
import { move, revive } from './lifecycle.ts';
import { cardPayment, fresh, lockOrder, type OrderWithLines, withLines } from './queries.ts';

export const REFERENCE_USED = 'This payment reference has already been used for another purchase';
export const REFUND_REFUSED = 'The card refund could not be started';
export const REFUND_UNCHECKED =
  'An earlier card refund of this order got no answer from Paystack, and Paystack cannot be asked about it now. Try again in a few minutes.';

/** What a payment provider says about a card payment (its verify call or webhook). */
export interface PaymentOutcome {
  status: 'success' | 'failed' | 'pending';
  /** Integer kobo, as the provider reports it. */
  amount: number;
  currency: string;
  reason?: string;
  /** Kobo the provider charged the shop for a successful payment (Paystack's `fees`); absent: 0. */
  fee?: number;
  /** The provider's answer as received (recorded by the payments feature). */
  raw?: unknown;
}

/** What the provider answered when asked to refund: accepted (at once or pending its webhook), refused, or nothing. */
export type CardRefundAnswer =
  | { kind: 'accepted'; id: string; status: 'pending' | 'processed' }
  | { kind: 'refused'; reason: string }
  | { kind: 'no-answer' };

/** How card payments go back: the payment provider as the orders see it (payments/card-refunds.ts). */
export interface CardRefunds {
  /** The provider a card payment must have been taken through to go back this way. */
  readonly provider: 'paystack' | 'sandbox';
  /** Its name in notes to the shop: "Paystack did not answer". */
  readonly label: string;
  refund(input: { reference: string; amount: number; reason: string }): Promise<CardRefundAnswer>;
  /** The refunds the provider holds for the payment made with `reference`; throws when it cannot be asked. */
  listRefunds(reference: string): Promise<{ id: string; amount: number; status: 'pending' | 'processed' | 'failed' }[]>;
}

/** A refund's note when the provider did not answer its request: it may or may not have been made. */
export const noAnswerNote = (label: string) => `${label} did not answer`;

/**
 * A check a refund's caller runs inside the refund's transaction once its amount is known (a
 * cashier's refund uses up a manager's approval of exactly that amount, staff/approvals.ts);
 * throwing undoes the refund.
 */
export interface RefundCheck {
  check?: (tx: Tx, refund: OrderRefundRow) => Promise<void>;
}

/** Whether a payment with this reference is recorded on the order already. */
async function hasPayment(tx: Tx, orderId: string, reference: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.reference, reference)))
    .limit(1);
  return row !== undefined;
}

/**
 * 409 when the reference is recorded on another order. Two admins recording one reference on
 * two orders at once take turns on a transaction-scoped lock on the reference (in any process),
 * so the second sees the first's payment.
 */
async function assertReferenceUnused(tx: Tx, orderId: string, reference: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-reference:${reference}`}, 0))`);
  const [other] = await tx
    .select({ id: orders.id, number: orders.number })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.reference, reference), ne(orderPayments.orderId, orderId)))
    .limit(1);
  if (other) {
    throw new HttpError(409, `Reference ${reference} is already recorded on order ${other.number}`, undefined, undefined, {
      duplicateOf: other.id,
    });
  }
}

/** A note to the shop on the order (a part-payment, money to give back). */
async function noteOrder(tx: Tx, order: OrderRow, note: string): Promise<OrderRow> {
  const [noted] = await tx
    .update(orders)
    .set({ failureReason: note, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  return noted ?? order;
}

export function createSettlement(db: Db, events: OrderEvents, cardRefunds: CardRefunds | undefined) {
  // A transaction PostgreSQL rolls back to break a deadlock runs again (decision 0035).
  const transaction = transactionsAgainAfterDeadlock(db);
  /**
   * Money for a (locked) order. An order that was let go meanwhile (its hold ran out, or it
   * was cancelled) takes its stock again if it is still there and goes on as paid; when the
   * goods are gone the money is recorded all the same and the order says to refund it.
   */
  async function pay(tx: Tx, order: OrderRow, payment: PaymentInput): Promise<{ order: OrderRow; reason?: string }> {
    const result = await payOnce(tx, order, payment);
    if (order.paymentStatus === 'unpaid' && result.order.paymentStatus === 'paid') {
      await events.paid(tx, await withLines(tx, result.order));
    }
    return result;
  }

  async function payOnce(tx: Tx, order: OrderRow, payment: PaymentInput): Promise<{ order: OrderRow; reason?: string }> {
    if (order.status !== 'cancelled' && order.status !== 'failed') return { order: await applyPayment(tx, order, payment) };
    const { lines } = await withLines(tx, order);
    try {
      await tx.transaction(async (inner) => {
        await takeStock(
          inner,
          lines
            .filter((l) => l.productId && l.variantId)
            .map((l) => ({
              productId: l.productId!,
              variantId: l.variantId!,
              quantity: l.quantity,
              title: l.title,
              label: [l.size, l.color].filter(Boolean).join(' / '),
            })),
        );
      });
    } catch (error) {
      // Only "not enough stock" (409) means the goods are gone; anything else is a failure.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      // Its lines hold nothing (orders/held.ts): a refund of it puts no units back on sale.
      const reason = 'Paid after the order expired and the stock is gone: refund the customer';
      return { order: await noteOrder(tx, await applyPayment(tx, order, payment), reason), reason };
    }
    return { order: await applyPayment(tx, await revive(tx, order), payment) };
  }

  const settlement = {
    /**
     * Starts a refund (full or part, with units back on sale or not) in one transaction.
     * `method` says how the money goes back; one waiting for the card provider stays pending
     * until it says, one recorded by the shop (or the sandbox) is processed at once.
     */
    async refund(id: string, input: RefundInput & RefundCheck): Promise<{ order: OrderWithLines; refund: OrderRefundRow }> {
      if (!isUuid(id)) throw notFound('Order not found');
      return transaction(async (tx) => {
        const locked = await lockOrder(tx, id);
        const refund = await startRefund(tx, locked, input);
        await input.check?.(tx, refund);
        const [now] = await tx.select().from(orders).where(eq(orders.id, id));
        const order = await withLines(tx, now!);
        if (refund.status === 'processed') await events.refunded(tx, order, refund);
        return { order, refund };
      });
    },

    /**
     * Applies what the payment provider said about a reference. Paid only on success with
     * the exact amount and currency (or, from an old client, the goods alone: a part-payment);
     * recorded once per reference, whatever the number of concurrent calls.
     */
    async settle(
      reference: string,
      result: PaymentOutcome,
      provider?: string,
    ): Promise<{ order: OrderWithLines; changed: boolean; reason?: string }> {
      return transaction(async (tx) => {
        const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, reference));
        if (!found) throw notFound('Order not found');
        // Concurrent verifications and webhooks of one order take turns here.
        const order = await lockOrder(tx, found.id);
        const unchanged = async (reason?: string) => ({ order: await withLines(tx, order), changed: false, reason });
        if (result.status === 'pending') return unchanged(result.reason);

        // An old client prices and pays for the goods only; the delivery the server priced is then still owed.
        const goodsOnly =
          order.channel === 'legacy' && order.deliveryFee > 0 && result.amount === order.total - order.deliveryFee;
        const matches = (result.amount === order.total || goodsOnly) && result.currency.toUpperCase() === order.currency;
        if (result.status === 'failed' || !matches) {
          const reason =
            result.status === 'failed'
              ? (result.reason ?? 'The payment was declined')
              : `A payment of ${result.currency === 'NGN' ? formatNaira(result.amount) : `${result.amount} ${result.currency} (kobo)`} does not match the order total of ${formatNaira(order.total)}`;
          if (order.status !== 'pending' || order.amountPaid > 0) return unchanged(reason);
          // Money that does not match the order is for someone to look at; a declined card is not.
          if (result.status !== 'failed') await events.paymentProblem(tx, order, 'verification', reason);
          const moved = await move(tx, order, 'failed', { failureReason: reason });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined, reason };
        }

        if (await hasPayment(tx, order.id, reference)) return unchanged();
        const card = { method: 'card' as const, reference, provider: provider ?? order.paymentProvider, fee: result.fee ?? 0 };
        const due = order.total - order.amountPaid;
        if (result.amount > due) {
          // Part of it was paid otherwise meanwhile (an admin recorded a transfer): the card pays
          // what is still owed, and the rest is for the shop to give back, never recorded as paid.
          const note = `Paid ${formatNaira(result.amount - Math.max(due, 0))} more than owed: refund it`;
          if (due <= 0 && order.failureReason === note) return unchanged();
          const paid = due > 0 ? (await pay(tx, order, { ...card, amount: due })).order : order;
          const noted = await noteOrder(tx, paid, note);
          await events.paymentProblem(tx, noted, 'verification', note);
          return { order: await withLines(tx, noted), changed: true, reason: note };
        }
        const paid = await pay(tx, order, { ...card, amount: result.amount });
        if (!goodsOnly || paid.reason) return { order: await withLines(tx, paid.order), changed: true, reason: paid.reason };
        const owed = `Paid for the goods only: the delivery fee of ${formatNaira(order.deliveryFee)} is still owed`;
        return { order: await withLines(tx, await noteOrder(tx, paid.order, owed)), changed: true, reason: owed };
      });
    },

    /**
     * An admin records money received (a transfer, cash, the rider's takings); the order is
     * paid once they reach its total. A bank reference already recorded on another order is
     * refused (409 naming that order, `duplicateOf`) unless `confirmDuplicate` says the same
     * reference really paid both: one transfer is easily recorded twice on two orders.
     */
    async recordPayment(
      id: string,
      payment: PaymentInput,
      { confirmDuplicate = false } = {},
    ): Promise<{ before: OrderRow; after: OrderWithLines; reason?: string }> {
      if (!isUuid(id)) throw notFound('Order not found');
      return transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        const reference = payment.reference?.trim() ?? '';
        if (reference && !confirmDuplicate) await assertReferenceUnused(tx, id, reference);
        const { order, reason } = await pay(tx, before, payment);
        return { before, after: await withLines(tx, order), reason };
      });
    },

    /**
     * Names the provider's reference a pending order is paid with (an old client pays first
     * and tells us the reference after). 409 when another order already has it.
     */
    async attachReference(id: string, reference: string): Promise<void> {
      try {
        await db
          .update(orders)
          .set({ paymentReference: reference, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
      } catch (error) {
        if (isUniqueViolation(error, 'orders_payment_reference_key')) throw conflict(REFERENCE_USED);
        throw error;
      }
    },

    /**
     * Gives money back for an order. Paid by card through the provider in use, it goes back to
     * the card: Paystack queues it (pending until its refund.processed webhook), the sandbox
     * pays it at once. Otherwise the shop pays it back itself and it is recorded as done. When
     * the provider refuses, the refund is marked failed and the admin gets a 502; units put
     * back on sale stay there. When it does not answer (`answered: false`), the refund stays
     * pending with a note and is looked up before the order's next refund.
     */
    async refundPayment(
      order: OrderWithLines,
      input: Omit<RefundInput, 'method'> & RefundCheck,
    ): Promise<{ order: OrderWithLines; answered: boolean }> {
      const card = cardPayment(order);
      const toCard = card && cardRefunds && card.provider === cardRefunds.provider ? cardRefunds : undefined;
      const method = toCard ? toCard.provider : 'manual';
      if (method === 'paystack' && toCard && card) await lookUpUnanswered(toCard, order, card.reference);
      const started = await settlement.refund(order.id, { ...input, method });
      if (method !== 'paystack' || !toCard || !card) return { order: started.order, answered: true };
      const { refund } = started;
      const now = async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
        return row ? withLines(db, row) : started.order;
      };
      const answer = await toCard.refund({ reference: card.reference, amount: refund.amount, reason: input.reason });
      if (answer.kind === 'no-answer') {
        // It may have been queued: marking it failed would let the same money be refunded twice.
        await settlement.refundUnanswered(refund.id, noAnswerNote(toCard.label));
        return { order: await now(), answered: false };
      }
      if (answer.kind === 'refused') {
        await settlement.settleRefund({ refundId: refund.id }, 'failed', answer.reason);
        throw new HttpError(502, `${REFUND_REFUSED}: ${answer.reason}`);
      }
      await settlement.refundAccepted(refund.id, answer.id);
      if (answer.status === 'processed') await settlement.settleRefund({ refundId: refund.id }, 'processed');
      return { order: await now(), answered: true };
    },

    /** The card provider accepted a refund: its id, so its webhook finds it. */
    async refundAccepted(refundId: string, providerRefundId: string): Promise<void> {
      await transaction((tx) => attachProviderRefundId(tx, refundId, providerRefundId));
    },

    /** The card provider did not answer a refund: it stays pending, its amount held, until it is looked up. */
    async refundUnanswered(refundId: string, note: string): Promise<void> {
      await transaction((tx) => noteRefund(tx, refundId, note));
    },

    /**
     * What the card provider said about a refund: paid out, or failed (its amount can be
     * refunded again). Idempotent: a replayed event changes nothing.
     */
    async settleRefund(
      match: { refundId: string },
      outcome: 'processed' | 'failed',
      reason = 'The refund failed',
    ): Promise<boolean> {
      return transaction(async (tx) => {
        const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, match.refundId));
        if (!refund) return false;
        const order = await lockOrder(tx, refund.orderId);
        if (outcome === 'failed') {
          const failed = await failRefund(tx, refund.id, reason);
          if (failed) await events.paymentProblem(tx, order, 'refund', reason);
          return failed !== undefined;
        }
        const done = await completeRefund(tx, order, refund);
        if (done) {
          const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
          await events.refunded(tx, await withLines(tx, now!), done);
        }
        return done !== undefined;
      });
    },

    /** The pending refund a provider's event is about: by its id, or the oldest of that amount on the order paid with `reference`. */
    async findPendingRefund(
      providerRefundId: string | undefined,
      reference: string | undefined,
      amount: number,
    ): Promise<string | undefined> {
      if (providerRefundId) {
        const [byId] = await db
          .select({ id: orderRefunds.id })
          .from(orderRefunds)
          .where(eq(orderRefunds.providerRefundId, providerRefundId));
        if (byId) return byId.id;
      }
      if (!reference) return undefined;
      const [byOrder] = await db
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .innerJoin(orderPayments, eq(orderPayments.orderId, orderRefunds.orderId))
        .where(and(eq(orderPayments.reference, reference), eq(orderRefunds.status, 'pending'), eq(orderRefunds.amount, amount)))
        .orderBy(asc(orderRefunds.createdAt))
        .limit(1);
      return byOrder?.id;
    },
  };

  /**
   * Card refunds of the order that the provider did not answer are looked up before another
   * one starts, so the same money is never sent back twice: found there, the refund takes the
   * provider's id and state (processed or failed at once; still pending, its webhook settles
   * it and its amount stays held); not found, it never happened and is marked failed. 502 when
   * the provider cannot be asked: nothing new starts while an earlier refund's fate is unknown.
   */
  async function lookUpUnanswered(toCard: CardRefunds, order: OrderWithLines, reference: string): Promise<void> {
    const unanswered = order.refunds.filter((r) => r.status === 'pending' && r.method === toCard.provider && !r.providerRefundId);
    if (unanswered.length === 0) return;
    let known: Awaited<ReturnType<CardRefunds['listRefunds']>>;
    try {
      known = await toCard.listRefunds(reference);
    } catch {
      throw new HttpError(502, REFUND_UNCHECKED);
    }
    const claimed = new Set(order.refunds.flatMap((r) => (r.providerRefundId ? [r.providerRefundId] : [])));
    for (const refund of unanswered) {
      const found = known.find((r) => r.amount === refund.amount && !claimed.has(r.id));
      if (!found) {
        await settlement.settleRefund({ refundId: refund.id }, 'failed', `${toCard.label} has no record of this refund`);
        continue;
      }
      claimed.add(found.id);
      await settlement.refundAccepted(refund.id, found.id);
      if (found.status !== 'pending') {
        await settlement.settleRefund({ refundId: refund.id }, found.status, `${toCard.label} could not pay the refund`);
      }
    }
  }

  return settlement;
}

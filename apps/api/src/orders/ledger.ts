/**
 * An order's money: payments received, refunds given, and the gap-free invoice number the
 * order gets when it is paid in full. The one writer of `order_payments`, `order_refunds`
 * and `shop_counters`, and of the money columns of `orders` (the status that money moves, paid
 * or refunded in full, is written by the lifecycle, lifecycle.ts). Every function runs inside
 * the caller's transaction, with the order's row already locked (`lockOrder`), so two
 * admins (or an admin and a webhook, in any number of API processes) take turns on it: a
 * payment never takes an order past its total, and refunds never return more than was paid.
 * Each payment keeps what it cost the shop (`fee`): the card provider's, or the owner's rate
 * for the method as the payment is recorded (fees.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatNaira, isPaidStatus, MESSAGES_ORDER, type RecordedPaymentMethod } from '@shop/shared';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  type OrderLineRow,
  type OrderRefundRow,
  type OrderRow,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  shopCounters,
} from '../db/schema/index.ts';
import { badRequest, conflict } from '../lib/http-error.ts';
import { markCouponsUsed } from '../coupons/index.ts';
import { returnStock } from '../catalog/index.ts';
import { getSettings } from '../content/index.ts';
import { recordedFee } from './fees.ts';
import { paidInFull, refundedInFull } from './lifecycle.ts';

/** The next invoice number, taken in the caller's transaction (a rollback gives it back): INV-000124. */
export async function nextInvoiceNumber(tx: Tx): Promise<string> {
  const [row] = await tx
    .insert(shopCounters)
    .values({ name: 'invoice', value: 1 })
    .onConflictDoUpdate({ target: shopCounters.name, set: { value: sql`${shopCounters.value} + 1` } })
    .returning({ value: shopCounters.value });
  return `INV-${String(row!.value).padStart(6, '0')}`;
}

export interface PaymentInput {
  method: RecordedPaymentMethod;
  /** Kobo. */
  amount: number;
  reference?: string;
  provider?: string | null;
  recordedBy?: string | null;
  /** Kobo the payment cost the shop, as the card provider said; absent: the owner's rate for the method (fees.ts). */
  fee?: number;
}

/**
 * Records money received for the (locked) order. When the payments reach its total the
 * order is paid: its invoice number is given, its coupon use counts, and a pending or
 * confirmed order becomes `paid`. 409 when the amount is more than is still owed, or the
 * reference was recorded on this order before.
 */
export async function applyPayment(tx: Tx, order: OrderRow, payment: PaymentInput): Promise<OrderRow> {
  const due = order.total - order.amountPaid;
  if (due <= 0) throw conflict('This order is already paid in full');
  if (payment.amount > due) throw conflict(`Only ${formatNaira(due)} is owed on this order`);
  const fee = payment.fee ?? recordedFee(await getSettings(tx), payment);
  try {
    await tx.insert(orderPayments).values({
      orderId: order.id,
      method: payment.method,
      amount: payment.amount,
      fee,
      reference: payment.reference?.trim() ?? '',
      provider: payment.provider ?? null,
      recordedBy: payment.recordedBy ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'order_payments_reference_key')) {
      throw conflict(`The payment with reference ${payment.reference} is already recorded on this order`);
    }
    throw error;
  }
  const paid = order.amountPaid + payment.amount;
  const complete = paid === order.total;
  const [updated] = await tx
    .update(orders)
    .set({
      amountPaid: paid,
      ...(complete && {
        paymentStatus: 'paid' as const,
        paidAt: order.paidAt ?? new Date(),
        invoiceNumber: order.invoiceNumber ?? (await nextInvoiceNumber(tx)),
        expiresAt: null,
      }),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!complete) return updated!;
  await markCouponsUsed(tx, [order.id]);
  return paidInFull(tx, updated!);
}

/** An order that costs nothing (a coupon covered it all) is paid as it is made. */
export async function settleFreeOrder(tx: Tx, order: OrderRow): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      paidAt: new Date(),
      invoiceNumber: await nextInvoiceNumber(tx),
      expiresAt: null,
    })
    .where(eq(orders.id, order.id))
    .returning();
  await markCouponsUsed(tx, [order.id]);
  return paidInFull(tx, updated!);
}

export interface RefundLine {
  lineId: string;
  quantity: number;
}

export interface RefundInput {
  /** Kobo; without it, the lines' value, or everything still refundable. */
  amount?: number;
  reason: string;
  restock: boolean;
  lines?: RefundLine[];
  /** How the money goes back: to the card (`paystack` waits for its webhook; `sandbox` at once), or by the shop (`manual`). */
  method: 'paystack' | 'sandbox' | 'manual';
  createdBy?: string | null;
}

/** Kobo refunds still being processed hold against what can be refunded. */
async function pendingRefunds(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pending')));
  return Number(row?.sum ?? 0);
}

/** Kobo one unit of the line cost the shopper: its markdown and till discount off, and its share of the coupon. */
function paidPerUnit(order: OrderRow, line: OrderLineRow): number {
  const net = line.unitPrice - line.unitDiscount - line.tillDiscount;
  const goods = order.subtotal - (order.discount - order.couponDiscount);
  if (order.couponDiscount <= 0 || goods <= 0) return net;
  return Math.floor((net * (goods - order.couponDiscount)) / goods);
}

/**
 * Starts a refund of the (locked) order: checks it against what was paid and what other
 * refunds hold, puts the chosen units back on sale when asked, and writes the refund,
 * processed at once unless it waits for the card provider. 409 when the order is not paid
 * or the amount is more than can still be refunded; 400 for a line that is not the order's.
 */
export async function startRefund(tx: Tx, order: OrderRow, input: RefundInput): Promise<OrderRefundRow> {
  if (!isPaidStatus(order.paymentStatus)) throw conflict(MESSAGES_ORDER.refundStatus);
  const refundable = order.amountPaid - order.amountRefunded - (await pendingRefunds(tx, order.id));
  if (refundable <= 0) throw conflict('Everything paid for this order has been refunded or is being refunded');

  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const chosen = new Map<string, number>();
  for (const { lineId, quantity } of input.lines ?? []) {
    const line = byId.get(lineId);
    if (!line) throw badRequest('That line is not part of this order');
    const total = (chosen.get(lineId) ?? 0) + quantity;
    if (total > line.quantity) throw conflict(`Only ${line.quantity} of ${line.title} were sold in this order`);
    chosen.set(lineId, total);
  }

  const linesValue = [...chosen].reduce((sum, [id, q]) => sum + paidPerUnit(order, byId.get(id)!) * q, 0);
  const amount = input.amount ?? (chosen.size > 0 ? Math.min(linesValue, refundable) : refundable);
  if (amount <= 0) throw conflict('There is nothing to refund');
  if (amount > refundable) throw conflict(`Only ${formatNaira(refundable)} can still be refunded on this order`);

  const restocked: RefundLine[] = [];
  if (input.restock) {
    // The chosen lines' units, or every unit not put back yet.
    const wanted = chosen.size > 0 ? [...chosen] : lines.map((l) => [l.id, l.quantity - l.restockedQuantity] as const);
    for (const [lineId, quantity] of wanted) {
      if (quantity <= 0) continue;
      const [line] = await tx
        .update(orderLines)
        .set({ restockedQuantity: sql`${orderLines.restockedQuantity} + ${quantity}` })
        .where(and(eq(orderLines.id, lineId), sql`${orderLines.restockedQuantity} + ${quantity} <= ${orderLines.quantity}`))
        .returning();
      if (!line) {
        const { title, quantity: sold, restockedQuantity } = byId.get(lineId)!;
        throw conflict(`Only ${sold - restockedQuantity} of ${title} can still go back on sale`);
      }
      restocked.push({ lineId, quantity });
    }
    await returnStock(
      tx,
      restocked.flatMap(({ lineId, quantity }) => {
        const line = byId.get(lineId)!;
        return line.variantId ? [{ variantId: line.variantId, productId: line.productId, quantity }] : [];
      }),
    );
  }

  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amount,
      reason: input.reason,
      method: input.method,
      restocked,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (input.method === 'paystack') return refund!;
  return (await completeRefund(tx, order, refund!)) ?? refund!;
}

/**
 * The refund was paid out: it counts in the order's `amount_refunded`, and an order whose
 * every naira went back becomes `refunded`. Nothing happens twice (a replayed webhook finds
 * the refund processed already).
 */
export async function completeRefund(tx: Tx, order: OrderRow, refund: OrderRefundRow): Promise<OrderRefundRow | undefined> {
  const [done] = await tx
    .update(orderRefunds)
    .set({ status: 'processed', processedAt: new Date() })
    .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, 'pending')))
    .returning();
  if (!done) return undefined;
  const refunded = order.amountRefunded + done.amount;
  const all = refunded >= order.amountPaid;
  const [updated] = await tx
    .update(orders)
    .set({ amountRefunded: refunded, paymentStatus: all ? 'refunded' : 'partially_refunded', updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  if (all) await refundedInFull(tx, updated!);
  return done;
}

/** The provider could not pay the refund out: it gives nothing back, and its amount is free to refund again. */
export async function failRefund(tx: Tx, refundId: string, reason: string): Promise<OrderRefundRow | undefined> {
  const [failed] = await tx
    .update(orderRefunds)
    .set({ status: 'failed', failureReason: reason, processedAt: new Date() })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
    .returning();
  return failed;
}

/** Names the provider's id for a refund it accepted (or that a lookup found), so its webhooks find it. */
export async function attachProviderRefundId(tx: Tx, refundId: string, providerRefundId: string): Promise<void> {
  await tx.update(orderRefunds).set({ providerRefundId, note: null }).where(eq(orderRefunds.id, refundId));
}

/** What is known of a refund still pending, e.g. that the provider did not answer (it is then looked up before the next one). */
export async function noteRefund(tx: Tx, refundId: string, note: string): Promise<void> {
  await tx
    .update(orderRefunds)
    .set({ note })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')));
}

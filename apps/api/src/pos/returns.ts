/**
 * Goods brought back to the till (issue 29): some or all of a till sale's lines, paid back in
 * cash, to the sale's own tender, or as store credit, the units back on sale or not, and, in
 * the same step, an exchange: a new sale whose price the returned goods pay first, the rest
 * paid by its tenders, or the goods' surplus given back.
 *
 * The goods' money is the sale's refund (orders' settlement, processed at once: the shop pays
 * it itself), so the order's refunded amount and status stay the orders' own. Everything else
 * runs in the refund's transaction, after it has locked the sale's row: what was returned
 * before is counted there, so two returns of one line at once, in any number of API
 * processes, never bring back more than was sold. A return's id is made on the till: sent
 * again, it answers what was recorded.
 */
import { randomUUID } from 'node:crypto';
import { formatNaira, koboToNaira, type PosReturnAnswer, type PosReturnBody } from '@shop/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { adjustStoreCredit } from '../customers/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  orders,
  type PosTenderRecord,
  posReturnLines,
  posReturns,
  productVariants,
  storeCreditEntries,
} from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error.ts';
import type { Notifier } from '../messages/index.ts';
import type { OrderService, OrderWithLines } from '../orders/index.ts';
import { tillRefundCheck, type StaffRole } from '../staff/index.ts';
import { openDrawerOf } from './drawers.ts';
import { OTHER_TILLS_SALE, type TillReturnStaff, tillRefundApproval } from './returns-policy.ts';
import { refundTender } from './z-report.ts';

export const SALE_NOT_FOUND = 'Sale not found';

/**
 * Who brings the goods back: the member (with their role and session, for the refund policy)
 * and the till; or the till itself by its device token (`device`: the cashier it names, and
 * the approvals given by PIN on it), which takes back only its own sales.
 */
export interface Returner {
  userId: string | null;
  staff: { role: StaffRole; sessionId: string } | null;
  tillId: string | null;
  device?: TillReturnStaff;
}

type Line = OrderWithLines['lines'][number];
/** Kobo one unit of the line cost: its price less the markdown and the till's discount (a till sale has no coupon). */
export const chargedPerUnit = (line: Pick<Line, 'unitPrice' | 'unitDiscount' | 'tillDiscount'>) =>
  Math.max(0, line.unitPrice - line.unitDiscount - line.tillDiscount);

/** The answer for a return recorded before (its id sent again). */
async function recordedAnswer(db: Db | Tx, id: string): Promise<PosReturnAnswer> {
  const [row] = await db.select().from(posReturns).where(eq(posReturns.id, id));
  const [goods] = await db
    .select({ sum: sql<string>`coalesce(sum(${posReturnLines.amount}), 0)` })
    .from(posReturnLines)
    .where(eq(posReturnLines.returnId, id));
  const value = Number(goods?.sum ?? 0);
  let difference = -value;
  if (row!.exchangeOrderId) {
    const [exchange] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, row!.exchangeOrderId));
    difference = (exchange?.total ?? 0) - value;
  }
  return {
    returnId: id,
    saleId: row!.orderId,
    amount: row!.amount,
    goods: value,
    refundId: row!.refundId,
    exchangeOrderId: row!.exchangeOrderId,
    difference,
  };
}

/** The returned lines matched to the sale's: 400 for an item the sale did not sell, or named twice. */
function matchLines(sale: OrderWithLines, lines: PosReturnBody['lines']) {
  const seen = new Set<string>();
  return lines.map((wanted) => {
    if (seen.has(wanted.variantId)) throw badRequest('Name each item once');
    seen.add(wanted.variantId);
    const line = sale.lines.find((l) => l.variantId === wanted.variantId);
    if (!line) throw badRequest('That item was not sold in this sale', [{ path: 'lines', message: 'Not in this sale' }]);
    return { line, quantity: wanted.quantity, restock: wanted.restock, amount: chargedPerUnit(line) * wanted.quantity };
  });
}

/** 409 when a line would come back more times than it was sold (earlier returns counted; the sale's row is locked). */
async function assertReturnable(tx: Db | Tx, matched: ReturnType<typeof matchLines>): Promise<void> {
  const ids = matched.map((m) => m.line.id);
  const before = await tx
    .select({ lineId: posReturnLines.orderLineId, quantity: sql<number>`sum(${posReturnLines.quantity})::int` })
    .from(posReturnLines)
    .where(inArray(posReturnLines.orderLineId, ids))
    .groupBy(posReturnLines.orderLineId);
  for (const { line, quantity } of matched) {
    const returned = before.find((b) => b.lineId === line.id)?.quantity ?? 0;
    if (returned + quantity > line.quantity) {
      const left = line.quantity - returned;
      throw conflict(
        left === 0 ? `${line.title} has been returned already` : `Only ${left} of ${line.title} can still be returned`,
      );
    }
  }
}

/** A change of the customer's store credit and its entry; 409 when spending more than they hold. */
async function storeCredit(
  tx: Tx,
  change: { customerId: string; amount: number; orderId: string; returnId: string; createdBy: string | null },
): Promise<void> {
  const balance = await adjustStoreCredit(tx, change.customerId, change.amount);
  if (balance === undefined) throw conflict('The customer does not have enough store credit');
  await tx.insert(storeCreditEntries).values(change);
}

export function createReturns(db: Db, orderService: OrderService, notifier: Pick<Notifier, 'tillReceipt'>) {
  /**
   * The exchange's sale, at the catalogue's prices, in the return's transaction: the goods
   * pay `credit` of it (recorded as one payment by exchange), its tenders the rest.
   */
  async function recordExchange(
    tx: Tx,
    sale: OrderWithLines,
    input: NonNullable<PosReturnBody['exchange']>['sale'],
    goods: number,
    context: { tillId: string | null; drawerId: string | null; cashierId: string | null },
  ) {
    const variants = await tx
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .where(
        inArray(
          productVariants.id,
          input.lines.map((l) => l.variantId),
        ),
      );
    const productOf = new Map(variants.map((v) => [v.id, v.productId]));
    const made = await orderService.create(
      {
        id: input.id,
        channel: 'pos',
        status: 'paid',
        customerId: sale.customerId,
        contact: { email: sale.email, name: sale.name, phone: sale.phone },
        lines: input.lines.map((l) => ({
          productId: productOf.get(l.variantId) ?? l.variantId,
          variantId: l.variantId,
          quantity: l.quantity,
        })),
        paymentProvider: 'pos',
        paymentMethod: 'exchange',
      },
      tx,
    );
    const due = Math.max(0, made.total - goods);
    const paid = input.tenders.reduce((sum, t) => sum + t.amount, 0);
    if (paid !== due) {
      throw badRequest(
        due === 0
          ? `The returned goods pay for the exchange: take no tenders (${formatNaira(made.total - goods)} comes back)`
          : `The exchange costs ${formatNaira(due)} more than the returned goods: the tenders must pay exactly that`,
      );
    }
    const tenders: PosTenderRecord[] = input.tenders.map((t) => ({ ...t, reference: t.reference || undefined }));
    await tx
      .update(orders)
      .set({ ...context, posTenders: tenders, ...(input.receiptNumber && { number: input.receiptNumber }) })
      .where(eq(orders.id, made.id));
    // Its receipt shows what the returned goods paid beside the tenders (the paid event leaves an exchange to us).
    const credit = made.total - paid;
    await notifier.tillReceipt(tx, { ...made, posTenders: tenders }, [
      ...(credit > 0 ? [{ type: 'exchange' as const, amount: koboToNaira(credit), change: 0 }] : []),
      ...tenders.map((t) => ({
        type: t.type,
        amount: koboToNaira(t.amount),
        change: koboToNaira(Math.max(0, (t.tendered ?? t.amount) - t.amount)),
      })),
    ]);
    return { id: made.id, total: made.total, tenders };
  }

  return {
    /**
     * Records the return (201, `created`), or answers the one recorded under its id (200).
     * 404 for an unknown sale or one not made at the till; 400 for a line the sale did not
     * sell or store credit without a customer; 409 for more units than are left to return;
     * 403 by the role's refund policy (orders.refund, or pos.sell with allow, or approval
     * with an approval of this sale and exactly the goods' value).
     */
    async record(input: PosReturnBody, who: Returner): Promise<{ answer: PosReturnAnswer; created: boolean }> {
      const id = input.id ?? randomUUID();
      const [known] = await db.select({ orderId: posReturns.orderId }).from(posReturns).where(eq(posReturns.id, id));
      if (known) {
        if (known.orderId !== input.saleId) throw conflict('That return id belongs to another sale');
        return { answer: await recordedAnswer(db, id), created: false };
      }
      const sale = await orderService.get(input.saleId);
      if (sale?.channel !== 'pos') throw notFound(SALE_NOT_FOUND);
      const matched = matchLines(sale, input.lines);
      const goods = matched.reduce((sum, m) => sum + m.amount, 0);
      if (goods <= 0) throw conflict('These items cost nothing: there is nothing to give back');
      const tender = refundTender(input.refundTo, sale);
      const usesCredit = tender === 'store_credit' || input.exchange?.sale.tenders.some((t) => t.type === 'store_credit');
      if (usesCredit && !sale.customerId) {
        throw badRequest('Store credit needs a customer: this sale was to a walk-in customer', [
          { path: 'refundTo', message: 'Needs a customer' },
        ]);
      }
      if (who.device && sale.tillId !== who.tillId) throw forbidden(OTHER_TILLS_SALE);
      const policy = who.staff ? tillRefundCheck(who.staff, sale, input.approvalId) : undefined;
      const pinApproval = who.device ? tillRefundApproval(who.device) : undefined;
      const tillId = who.tillId ?? sale.tillId;
      const drawer = tillId ? await openDrawerOf(db, tillId) : undefined;
      const restocked = matched.filter((m) => m.restock);
      // Said in the till's words before the refund's own checks; counted again once the sale is locked.
      await assertReturnable(db, matched);

      try {
        await orderService.refund(sale.id, {
          amount: goods,
          reason: input.exchange ? 'Exchanged at the till' : 'Returned at the till',
          restock: restocked.length > 0,
          lines: restocked.map((m) => ({ lineId: m.line.id, quantity: m.quantity })),
          method: 'manual',
          createdBy: who.userId,
          check: async (tx, refund) => {
            await policy?.(tx, refund);
            await assertReturnable(tx, matched);
            // A manager's PIN on the till: kept with the sale's approvals, as a synced sale keeps its own.
            if (pinApproval) {
              const record = { managerId: pinApproval.managerId, action: 'refund', amount: goods, at: pinApproval.at };
              await tx
                .update(orders)
                .set({ posApprovals: sql`coalesce(${orders.posApprovals}, '[]'::jsonb) || ${JSON.stringify([record])}::jsonb` })
                .where(eq(orders.id, sale.id));
            }
            const context = { tillId, drawerId: drawer?.id ?? null, cashierId: who.userId };
            const exchange = input.exchange ? await recordExchange(tx, sale, input.exchange.sale, goods, context) : null;
            const back = goods - Math.min(goods, exchange?.total ?? 0);
            await tx.insert(posReturns).values({
              id,
              orderId: sale.id,
              tillId,
              drawerId: drawer?.id ?? null,
              refundTo: input.refundTo,
              amount: back,
              exchangeOrderId: exchange?.id ?? null,
              refundId: refund.id,
              approvalId: pinApproval?.id ?? input.approvalId ?? null,
              createdBy: who.userId,
              createdAt: new Date(),
            });
            await tx.insert(posReturnLines).values(
              matched.map((m) => ({
                returnId: id,
                orderLineId: m.line.id,
                variantId: m.line.variantId,
                quantity: m.quantity,
                restock: m.restock,
                amount: m.amount,
              })),
            );
            const customerId = sale.customerId!;
            for (const t of exchange?.tenders.filter((t) => t.type === 'store_credit') ?? []) {
              await storeCredit(tx, {
                customerId,
                amount: -t.amount,
                orderId: exchange!.id,
                returnId: id,
                createdBy: who.userId,
              });
            }
            if (tender === 'store_credit' && back > 0) {
              await storeCredit(tx, { customerId, amount: back, orderId: sale.id, returnId: id, createdBy: who.userId });
            }
          },
        });
      } catch (error) {
        // The same return sent twice at once: the first recorded it.
        if (!isUniqueViolation(error, 'pos_returns_pkey')) throw error;
        return { answer: await recordedAnswer(db, id), created: false };
      }
      return { answer: await recordedAnswer(db, id), created: true };
    },
  };
}

/** The units already brought back of each of these sales' lines, by line id (for the sale search and receipts). */
export async function returnedByLine(db: Db | Tx, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: posReturnLines.orderLineId, quantity: sql<number>`sum(${posReturnLines.quantity})::int` })
    .from(posReturnLines)
    .innerJoin(posReturns, eq(posReturns.id, posReturnLines.returnId))
    .where(inArray(posReturns.orderId, orderIds))
    .groupBy(posReturnLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, r.quantity]));
}

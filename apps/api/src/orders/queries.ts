/**
 * Reading orders: one order with its lines, payments and refunds, a page of the back
 * office's list, a shopper's own orders. Also the row lock every change of an order starts
 * with (`lockOrder`), so the modules that change orders (lifecycle, ledger, settlement) all
 * take turns on the same row.
 */
import { isUuid } from '@shop/shared';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import {
  type OrderLineRow,
  type OrderPaymentRow,
  type OrderRefundRow,
  type OrderRow,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
} from '../db/schema/index.ts';
import { notFound } from '../lib/http-error.ts';
import { ORDER_SORTS, type OrderFilters, orderConditions } from './filters.ts';

export interface OrderWithLines extends OrderRow {
  lines: OrderLineRow[];
  payments: OrderPaymentRow[];
  refunds: OrderRefundRow[];
}

/** The order's row, locked until the transaction ends; 404 when there is none. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw notFound('Order not found');
  return order;
}

/** The payments and refunds of some orders, oldest first. */
export async function loadMoney(tx: Db | Tx, orderIds: string[]) {
  if (orderIds.length === 0) return { payments: [], refunds: [] };
  // One after the other: `tx` may be a transaction's client, which runs one query at a time.
  const payments = await tx
    .select()
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, orderIds))
    .orderBy(asc(orderPayments.createdAt));
  const refunds = await tx
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, orderIds))
    .orderBy(asc(orderRefunds.createdAt));
  return { payments, refunds };
}

/** The orders with their lines, payments and refunds. */
export async function loadDetails(tx: Db | Tx, rows: OrderRow[]): Promise<OrderWithLines[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One query after another: inside a transaction the client runs one at a time anyway, and
  // pg deprecates queueing a second query on a busy client.
  const lineRows = await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.title), asc(orderLines.id));
  const money = await loadMoney(tx, ids);
  const group = <T extends { orderId: string }>(items: T[]) => {
    const byOrder = new Map<string, T[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    return byOrder;
  };
  const [lines, payments, refunds] = [group(lineRows), group(money.payments), group(money.refunds)];
  return rows.map((r) => ({
    ...r,
    lines: lines.get(r.id) ?? [],
    payments: payments.get(r.id) ?? [],
    refunds: refunds.get(r.id) ?? [],
  }));
}

export async function withLines(tx: Db | Tx, order: OrderRow): Promise<OrderWithLines> {
  return (await loadDetails(tx, [order]))[0]!;
}

/** The order as it is now (after a conditional update found it already changed). */
export async function fresh(tx: Db | Tx, order: OrderRow, moved: OrderRow | undefined): Promise<OrderWithLines> {
  if (moved) return withLines(tx, moved);
  const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
  return withLines(tx, now ?? order);
}

/** Who asks to see an order: a shopper sees her own, staff who may read orders see any. */
export interface Viewer {
  id: string;
  readsAll: boolean;
}

/** The signed-in caller as a viewer of orders (staff read others' orders with `orders.read`). */
export const viewerOf = (request: FastifyRequest): Viewer => ({ id: request.user!.id, readsAll: request.can('orders.read') });

/** Whether the viewer may see the order (others get 404, so ids do not leak). */
export function isVisibleTo(order: OrderRow | undefined, viewer: Viewer): order is OrderWithLines {
  return order !== undefined && (viewer.readsAll || order.userId === viewer.id);
}

/** Each card payment's provider reference: what a card refund is made against. */
export function cardPayment(order: OrderWithLines): OrderPaymentRow | undefined {
  return order.payments.find((p) => p.method === 'card' && (p.provider === 'paystack' || p.provider === 'sandbox'));
}

export function createOrderQueries(db: Db) {
  const getByReference = async (reference: string): Promise<OrderWithLines | undefined> => {
    const [order] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
    return order && withLines(db, order);
  };
  return {
    async get(id: string): Promise<OrderWithLines | undefined> {
      if (!isUuid(id)) return undefined;
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      return order && withLines(db, order);
    },

    getByReference,

    /** The order paid with `reference`, to its shopper or an admin; 404 otherwise, so ids do not leak. */
    async visibleByReference(reference: string, viewer: Viewer): Promise<OrderWithLines> {
      const order = await getByReference(reference);
      if (!isVisibleTo(order, viewer)) throw notFound('Order not found');
      return order;
    },

    /** One page of the orders matching the back office's filters, and how many match in all. */
    async search(filters: OrderFilters, limit: number, offset: number): Promise<{ items: OrderWithLines[]; total: number }> {
      const where = orderConditions(filters);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...ORDER_SORTS[filters.sort])
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { items: await loadDetails(db, rows), total: totalRow?.n ?? 0 };
    },

    /** A shopper's own orders, newest first (archived ones left out). */
    async listMine(userId: string, limit = 200): Promise<OrderWithLines[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), isNull(orders.archivedAt)))
        .orderBy(desc(orders.createdAt))
        .limit(limit);
      return loadDetails(db, rows);
    },

    withLines: (rows: OrderRow[]) => loadDetails(db, rows),
  };
}

/**
 * Sync conflicts (issue 29): what a manager looks at after tills synced. Variants sold below
 * zero with the offline sales of each, sales held for review (posOfflineStock
 * hold_for_review, or a cashier's sale below zero without approval), and sales approved
 * offline by a manager's PIN. A held sale is accepted (its stock taken now, below zero if
 * need be) or voided (the money back by its tenders, recorded as a refund of the order through
 * the orders' settlement; store credit spent is credited back; no stock was taken).
 */
import type { ConflictSale, ConflictsView } from '@shop/shared';
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { takeStock } from '../catalog/index.ts';
import { adjustStoreCredit } from '../customers/index.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  type OrderRow,
  orderLines,
  orders,
  productVariants,
  products,
  storeCreditEntries,
  tills,
  users,
} from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/http-error.ts';
import type { OrderService } from '../orders/index.ts';

const LIST_LIMIT = 50;
const cashiers = alias(users, 'cashiers');

/** Till orders as the Sync conflicts page shows them, in the order of `ids`. */
async function salesOf(db: Db, ids: string[]): Promise<ConflictSale[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ order: orders, tillName: tills.name, cashierFirst: cashiers.firstName, cashierLast: cashiers.lastName })
    .from(orders)
    .leftJoin(tills, eq(tills.id, orders.tillId))
    .leftJoin(cashiers, eq(cashiers.id, orders.cashierId))
    .where(inArray(orders.id, ids));
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
  const managerIds = [...new Set(rows.flatMap((r) => (r.order.posApprovals ?? []).map((a) => a.managerId)))];
  const managers = managerIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, managerIds))
    : [];
  const nameOf = new Map(managers.map((m) => [m.id, `${m.firstName} ${m.lastName}`.trim()]));
  const byId = new Map(rows.map((r) => [r.order.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { order } = row;
    return [
      {
        id: order.id,
        number: order.number,
        createdAt: order.createdAt.toISOString(),
        tillName: row.tillName,
        cashierName: row.cashierFirst === null ? null : `${row.cashierFirst} ${row.cashierLast ?? ''}`.trim(),
        total: order.total,
        offline: order.offline,
        review: order.review,
        approvals: (order.posApprovals ?? []).map((a) => ({
          ...a,
          managerName: nameOf.get(a.managerId) ?? 'Former staff member',
        })),
        lines: lines
          .filter((l) => l.orderId === id)
          .map((l) => ({ variantId: l.variantId, title: l.title, sku: l.sku, quantity: l.quantity })),
      },
    ];
  });
}

export async function listConflicts(db: Db): Promise<ConflictsView> {
  const oversold = await db
    .select({ variant: productVariants, title: products.title })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(lt(productVariants.counter, 0), isNotNull(productVariants.oversoldAt)))
    .orderBy(desc(productVariants.oversoldAt))
    .limit(LIST_LIMIT);
  const variantIds = oversold.map((o) => o.variant.id);
  const sold = variantIds.length
    ? await db
        .selectDistinct({ orderId: orders.id, variantId: orderLines.variantId, createdAt: orders.createdAt })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            inArray(orderLines.variantId, variantIds),
            isNotNull(orders.tillId),
            eq(orders.offline, true),
            // Held and voided sales took no stock: they are listed as held, or not at all.
            sql`coalesce(${orders.review}, 'accepted') = 'accepted'`,
          ),
        )
        .orderBy(desc(orders.createdAt))
    : [];
  const held = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.review, 'held'))
    .orderBy(desc(orders.createdAt))
    .limit(LIST_LIMIT);
  const approved = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNotNull(orders.tillId), sql`jsonb_array_length(coalesce(${orders.posApprovals}, '[]'::jsonb)) > 0`))
    .orderBy(desc(orders.createdAt))
    .limit(LIST_LIMIT);
  const sales = new Map(
    (
      await salesOf(db, [...new Set([...sold.map((s) => s.orderId), ...held.map((h) => h.id), ...approved.map((a) => a.id)])])
    ).map((s) => [s.id, s]),
  );
  return {
    oversold: oversold.map(({ variant, title }) => ({
      variantId: variant.id,
      productId: variant.productId,
      title,
      sku: variant.sku,
      size: variant.size,
      colour: variant.color,
      stock: variant.counter,
      oversoldAt: variant.oversoldAt!.toISOString(),
      sales: sold.filter((s) => s.variantId === variant.id).flatMap((s) => sales.get(s.orderId) ?? []),
    })),
    held: held.flatMap((h) => sales.get(h.id) ?? []),
    approved: approved.flatMap((a) => sales.get(a.id) ?? []),
  };
}

/** The held sale, locked; 404 unknown or not a till's, 409 not held. */
async function lockHeld(tx: Tx, id: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order?.tillId) throw notFound('Sale not found');
  if (order.review !== 'held') throw conflict(`Sale ${order.number} is not waiting for review`);
  return order;
}

/** Accepts a held sale: its stock taken now (below zero if need be). */
export async function acceptHeld(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockHeld(tx, id);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
    await takeStock(
      tx,
      lines
        .filter((l) => l.productId && l.variantId)
        .map((l) => ({ productId: l.productId!, variantId: l.variantId!, quantity: l.quantity, title: l.title, label: '' })),
      { allowNegative: true },
    );
    await tx.update(orders).set({ review: 'accepted', updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  });
}

/** Voids a held sale: everything paid goes back, as a refund of the order; store credit spent is credited back. */
export async function voidHeld(orderService: OrderService, db: Db, id: string, by: string | null): Promise<void> {
  const [found] = await db.select().from(orders).where(eq(orders.id, id));
  if (!found?.tillId) throw notFound('Sale not found');
  if (found.review !== 'held') throw conflict(`Sale ${found.number} is not waiting for review`);
  await orderService.refund(id, {
    reason: `Till sale ${found.number} voided after review`,
    restock: false,
    method: 'manual',
    createdBy: by,
    check: async (tx) => {
      const order = await lockHeld(tx, id);
      for (const tender of (order.posTenders ?? []).filter((t) => t.type === 'store_credit')) {
        if (!order.customerId) continue;
        await adjustStoreCredit(tx, order.customerId, tender.amount);
        await tx
          .insert(storeCreditEntries)
          .values({ customerId: order.customerId, amount: tender.amount, orderId: order.id, createdBy: by });
      }
      await tx.update(orders).set({ review: 'voided', updatedAt: sql`now()` }).where(eq(orders.id, id));
    },
  });
}

/**
 * A till sale's public receipt (issue 29): GET /api/pos/receipts/{saleId}, read by the page
 * /r/{saleId} that the till prints as a QR code, shares as a link or sends on WhatsApp. No
 * account is needed: the sale's uuid is the secret (never the guessable receipt number), so
 * it names people by first name only, is 404 for anything but a sale at the counter, and is
 * neither indexed nor kept by any cache.
 */
import { errorResponse, isUuid, type TillReceipt, tillReceipt } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSettings } from '../content/index.ts';
import type { Db } from '../db/client.ts';
import { customers, orderLines, orderPayments, orders, type PosTenderRecord, users } from '../db/schema/index.ts';
import { notFound } from '../lib/http-error.ts';
import { chargedPerUnit, returnedByLine } from './returns.ts';

export const RECEIPT_NOT_FOUND = 'Receipt not found';

const firstWord = (name: string | null | undefined) => name?.trim().split(/\s+/)[0] || null;

/** The receipt of a sale at the counter; undefined for an unknown id or any other order. */
export async function findReceipt(db: Db, saleId: string): Promise<TillReceipt | undefined> {
  if (!isUuid(saleId)) return undefined;
  const [row] = await db
    .select({ order: orders, customerFirstName: customers.firstName, cashierFirstName: users.firstName })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(users, eq(users.id, orders.cashierId))
    .where(eq(orders.id, saleId));
  if (row?.order.channel !== 'pos') return undefined;
  const { order } = row;
  const [lines, payments, returned, settings] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id)).orderBy(orderPayments.createdAt),
    returnedByLine(db, [order.id]),
    getSettings(db),
  ]);
  // As the till sent them; a sale from the online till before tenders were kept, its payments.
  const tenders: PosTenderRecord[] = order.posTenders?.length
    ? order.posTenders
    : payments.map((p) => ({ type: p.method === 'card' || p.method === 'transfer' ? p.method : 'cash', amount: p.amount }));
  const shown = tenders.map((t) => ({
    type: t.type,
    amount: t.amount,
    tendered: t.tendered ?? null,
    change: Math.max(0, (t.tendered ?? t.amount) - t.amount),
    reference: t.reference || null,
  }));
  return {
    storeName: settings.storeName,
    storeAddress: settings.address,
    storePhone: settings.phone,
    saleId: order.id,
    receiptNumber: order.number,
    createdAt: order.createdAt.toISOString(),
    customerFirstName: firstWord(row.customerFirstName),
    cashierFirstName: firstWord(row.cashierFirstName),
    lines: lines.map((l) => ({
      title: l.title,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      listPrice: l.unitPrice,
      unitPrice: chargedPerUnit(l),
      lineTotal: chargedPerUnit(l) * l.quantity,
      returned: returned.get(l.id) ?? 0,
    })),
    subtotal: order.subtotal,
    // Markdowns and coupon; the till's discount (part of the order's discount) on its own line.
    discount: order.discount - order.tillDiscount,
    tillDiscount: order.tillDiscount,
    total: order.total,
    tenders: shown,
    change: shown.reduce((sum, t) => sum + t.change, 0),
    refunded: order.amountRefunded,
  };
}

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/pos/receipts/:saleId', {
    config: { access: 'public' },
    schema: {
      tags: ['point of sale'],
      summary:
        "A till sale's receipt for its public page /r/{saleId} (kobo): the shop, receipt number, date, lines, totals, each tender with the change, the customer's and cashier's first names only. 404 for an unknown id or an order not made at the counter; noindex, never cached",
      params: z.object({ saleId: z.string() }),
      response: { 200: tillReceipt, 404: errorResponse },
    },
    handler: async (request, reply) => {
      const receipt = await findReceipt(app.db, request.params.saleId);
      reply.header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store');
      if (!receipt) throw notFound(RECEIPT_NOT_FOUND);
      return receipt;
    },
  });
};

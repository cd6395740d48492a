/**
 * Finding a till sale to take goods back (issue 29): by its receipt number (typed, or scanned
 * from the printed receipt's barcode), its id (the public receipt's link), or the customer's
 * name or phone, newest first, each with its lines and how many of each came back already.
 */
import { isUuid, type SaleSearchQuery, type TillSaleView } from '@shop/shared';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders } from '../db/schema/index.ts';
import { containsPattern } from '../lib/like.ts';
import { chargedPerUnit, returnedByLine } from './returns.ts';

/** A phone typed at the till, compared by its last 10 digits: +234 803 000 1111 and 0803 000 1111 are one number. */
const phoneDigits = (text: string) => text.replace(/\D/g, '').slice(-10);

export async function searchTillSales(db: Db, query: SaleSearchQuery): Promise<TillSaleView[]> {
  const q = query.q;
  const matches: SQL[] = [sql`upper(${orders.number}) = upper(${q})`, ilike(orders.name, containsPattern(q))];
  if (isUuid(q)) matches.push(eq(orders.id, q));
  const digits = phoneDigits(q);
  if (digits.length >= 6) matches.push(sql`regexp_replace(${orders.phone}, '[^0-9]', '', 'g') like ${`%${digits}`}`);
  const found = await db
    .select()
    .from(orders)
    .where(and(eq(orders.channel, 'pos'), or(...matches)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit);
  if (found.length === 0) return [];
  const ids = found.map((o) => o.id);
  const [lines, returned] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.id),
    returnedByLine(db, ids),
  ]);
  return found.map((order) => ({
    id: order.id,
    receiptNumber: order.number,
    createdAt: order.createdAt.toISOString(),
    tillId: order.tillId,
    customer: order.customerId ? { id: order.customerId, name: order.name, phone: order.phone } : null,
    total: order.total,
    tenders: (order.posTenders ?? []).map((t) => ({ type: t.type, amount: t.amount })),
    lines: lines
      .filter((l) => l.orderId === order.id)
      .map((l) => ({
        lineId: l.id,
        variantId: l.variantId,
        title: l.title,
        size: l.size,
        color: l.color,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: chargedPerUnit(l),
        returned: returned.get(l.id) ?? 0,
      })),
  }));
}

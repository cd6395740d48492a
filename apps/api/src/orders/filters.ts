/**
 * The back office's order filters as SQL: text search over number, email, name and line
 * titles; status; pay-on-delivery orders awaiting the shop's confirmation; a range of whole days in the shop's time zone; archived or not; and the
 * sort orders (each ending with the id, so pages are stable).
 */
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type PurchaseFilters, type PurchaseSort, SHOP_TIME_ZONE } from '@shop/shared';
import { orderLines, orders } from '../db/schema/index.ts';
import { containsPattern } from '../lib/like.ts';

export type OrderFilters = PurchaseFilters;

export function orderConditions(f: OrderFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [f.archived ? isNotNull(orders.archivedAt) : isNull(orders.archivedAt)];
  if (f.status) where.push(eq(orders.status, f.status));
  if (f.awaiting === 'confirmation') {
    where.push(eq(orders.status, 'confirmed'), eq(orders.paymentMethod, 'pod'), isNull(orders.shopConfirmedAt));
  }
  if (f.from) where.push(sql`${orders.createdAt} >= (${f.from}::date::timestamp at time zone ${SHOP_TIME_ZONE})`);
  if (f.to) where.push(sql`${orders.createdAt} < ((${f.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`);
  if (f.search) {
    const pattern = containsPattern(f.search);
    where.push(
      or(
        ilike(orders.number, pattern),
        ilike(orders.email, pattern),
        ilike(orders.name, pattern),
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.title} ilike ${pattern})`,
      ),
    );
  }
  return and(...where);
}

export const ORDER_SORTS: Record<PurchaseSort, SQL[]> = {
  latest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.total), desc(orders.createdAt), desc(orders.id)],
  total_asc: [asc(orders.total), desc(orders.createdAt), desc(orders.id)],
};

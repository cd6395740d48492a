/**
 * Till sales for the drawer, return and receipt tests (issue 29): a till straight in the
 * database, and a sale made through POST /api/pos/orders and then given what the till's sync
 * records with it (its till, drawer, cashier, tenders and receipt number), as
 * POST /api/pos/sales/sync stores them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { orders, type PosTenderRecord, tills } from '../src/db/schema/index.ts';
import { insertProduct, readVariants } from './fixtures.ts';

/** A till registered through the API by a member with pos.sell: its id, receipt prefix and device token. */
export async function registerTill(app: FastifyInstance, token: string, name = 'Counter') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/pos/tills',
    headers: { authorization: `Bearer ${token}` },
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { tillId: string; prefix: string; deviceToken: string };
}

/** A registered till: its id and receipt prefix. */
export async function insertTill(db: Db, name = `Front counter ${randomBytes(2).toString('hex')}`) {
  const [till] = await db
    .insert(tills)
    .values({ name, deviceTokenHash: createHash('sha256').update(randomBytes(16)).digest('hex') })
    .returning();
  return till!;
}

/** A product on sale with `counter` units of its one variant, at `price` kobo. */
export async function productOnSale(
  db: Db,
  price: number,
  counter = 20,
  title = `Ankara Tote ${randomBytes(2).toString('hex')}`,
) {
  const product = await insertProduct(db, { title, price, counter });
  const [variant] = await readVariants(db, product.id);
  return { productId: product.id, variantId: variant!.id, title };
}

let receipts = 0;

export interface TillSaleInput {
  headers: InjectOptions['headers'];
  lines: { productId: string; quantity: number }[];
  tenders: PosTenderRecord[];
  tillId?: string;
  drawerId?: string | null;
  cashierId?: string | null;
  customerId?: string;
  /** e.g. 'T1-000042'; a fresh one by default. */
  receiptNumber?: string;
  tillDiscount?: number;
}

/** A paid till sale: its order id and total (kobo), recorded as the sync records it. */
export async function tillSale(
  app: { inject: (o: InjectOptions) => Promise<{ statusCode: number; body: string; json(): unknown }> },
  db: Db,
  sale: TillSaleInput,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/pos/orders',
    headers: sale.headers,
    payload: {
      lines: sale.lines,
      paymentMethod: sale.tenders[0]?.type === 'card' ? 'card' : 'cash',
      customerId: sale.customerId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { order } = res.json() as { order: { id: string } };
  receipts += 1;
  const [row] = await db
    .update(orders)
    .set({
      number: sale.receiptNumber ?? `T9${randomBytes(2).readUInt16BE() % 1000}-${String(receipts).padStart(6, '0')}`,
      tillId: sale.tillId ?? null,
      drawerId: sale.drawerId ?? null,
      cashierId: sale.cashierId ?? null,
      posTenders: sale.tenders,
      // A till discount as the sync records one: part of `discount`, the list price kept (total unchanged here).
      tillDiscount: sale.tillDiscount ?? 0,
      discount: sql`${orders.discount} + ${sale.tillDiscount ?? 0}`,
      subtotal: sql`${orders.subtotal} + ${sale.tillDiscount ?? 0}`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return { id: row!.id, total: row!.total, number: row!.number };
}

export const newId = () => randomUUID();

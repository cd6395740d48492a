/** Rows inserted straight into the database, for tests of features that build on the catalogue. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { type ProductRow, products } from '../src/db/schema/index.ts';

export async function insertProduct(
  db: Db,
  values: Partial<Omit<ProductRow, 'salePrice' | 'searchText'>> & { price?: number } = {},
): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({
      title: `Adire Silk Wrap Dress ${randomBytes(2).toString('hex')}`,
      heading: 'Hand-dyed in Abeokuta',
      description: 'A flowing wrap dress.',
      price: 2_500_000,
      discount: 0,
      counter: 10,
      sizes: ['small', 'medium'],
      color: 'indigo',
      ...values,
    })
    .returning();
  if (!row) throw new Error('product insert returned no row');
  return row;
}

export async function readProduct(db: Db, id: string): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

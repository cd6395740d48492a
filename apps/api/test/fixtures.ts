/** Rows inserted straight into the database, for tests of features that build on the catalogue. */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { type ProductRow, productVariants, products, type VariantRow } from '../src/db/schema/index.ts';

export interface FixtureVariant {
  size?: string;
  color?: string;
  counter: number;
  sku?: string;
  /** Kobo. */
  price?: number | null;
  discount?: number | null;
}

/**
 * A product straight in the database, with its variants: one without options holding the
 * whole `counter` (the default), or the given ones. `availability: 'Out of Stock'` pauses it.
 */
export async function insertProduct(
  db: Db,
  values: Partial<Omit<ProductRow, 'salePrice' | 'searchText' | 'availability'>> & {
    price?: number;
    availability?: 'In Stock' | 'Out of Stock';
    variants?: FixtureVariant[];
  } = {},
): Promise<ProductRow> {
  const { counter = 10, availability, variants, sizes: _sizes, ...rest } = values;
  const [row] = await db
    .insert(products)
    .values({
      title: `Adire Silk Wrap Dress ${randomBytes(2).toString('hex')}`,
      heading: 'Hand-dyed in Abeokuta',
      description: 'A flowing wrap dress.',
      price: 2_500_000,
      discount: 0,
      color: 'indigo',
      ...rest,
      paused: availability === 'Out of Stock',
    })
    .returning();
  if (!row) throw new Error('product insert returned no row');
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const list = variants ?? [{ color: row.color, counter }];
  await db.insert(productVariants).values(
    list.map((v, position) => ({
      productId: row.id,
      sku: v.sku ?? `T-${tag}-${position + 1}`,
      size: v.size ?? '',
      color: v.color ?? '',
      counter: v.counter,
      price: v.price ?? null,
      discount: v.discount ?? null,
      position,
    })),
  );
  return readProduct(db, row.id);
}

/** A product's variants that are on sale, in order. */
export async function readVariants(db: Db, productId: string): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position));
}

export async function readProduct(db: Db, id: string): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error(`no product ${id}`);
  return row;
}

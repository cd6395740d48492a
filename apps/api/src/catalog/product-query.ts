/**
 * Reading products: one SELECT (products joined to their category, sub and subsub names)
 * for a page, one COUNT for the total. Every filter is on a products column, so each
 * filter and sort of the listing has an index to use (see schema/catalog.ts):
 * - title search: `search_text LIKE '%…%'` on the pg_trgm GIN index;
 * - category/sub/subsub/brand given by name: `column = (select id … where lower(name) = …)`,
 *   an init-plan that turns into an index lookup, so no join is needed to filter;
 * - on sale: `discount > 0` written literally so the partial index matches;
 * - sorts end with the id, so pages are stable.
 */
import { and, asc, desc, eq, gte, like, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { koboToNaira, nairaToKobo, PRODUCT_PAGE_SIZE, type Product, type ProductSort, type productListQuery } from '@shop/shared';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { brands, categories, products, subs, subsubs } from '../db/schema/index.ts';
import { isUuid } from './ids.ts';
import { escapeLike } from '../lib/like.ts';

export type ProductFilters = z.output<typeof productListQuery>;

const columns = {
  id: products.id,
  title: products.title,
  heading: products.heading,
  description: products.description,
  price: products.price,
  discount: products.discount,
  salePrice: products.salePrice,
  color: products.color,
  sizes: products.sizes,
  counter: products.counter,
  availability: products.availability,
  brandId: products.brandId,
  brandName: products.brandName,
  categoryId: products.categoryId,
  categoryName: categories.name,
  subId: products.subId,
  subName: subs.name,
  subsubId: products.subsubId,
  subsubName: subsubs.name,
  images: products.images,
  ratingCount: products.ratingCount,
  ratingSum: products.ratingSum,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export function selectProducts(db: Pick<Db, 'select'>) {
  return db
    .select(columns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subs, eq(subs.id, products.subId))
    .leftJoin(subsubs, eq(subsubs.id, products.subsubId))
    .$dynamic();
}

export type ProductRecord = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/** The product as the API shows it: naira, image URLs, names of what it belongs to. */
export function toProduct(row: ProductRecord, imageUrl: (id: string) => string): Product {
  const imageUrls = row.images.map(imageUrl);
  const named = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);
  return {
    id: row.id,
    title: row.title,
    heading: row.heading,
    description: row.description,
    price: koboToNaira(row.price),
    discount: koboToNaira(row.discount),
    salePrice: koboToNaira(row.salePrice),
    color: row.color,
    size: row.sizes,
    counter: row.counter,
    availability: row.availability,
    brand: row.brandName,
    brandId: row.brandId,
    Category: named(row.categoryId, row.categoryName),
    Sub: named(row.subId, row.subName),
    Subsub: named(row.subsubId, row.subsubName),
    categoryId: row.categoryId,
    subId: row.subId,
    subsubId: row.subsubId,
    sub: row.subName ?? '',
    subsub: row.subsubName ?? '',
    imageUrls,
    imageUrl: imageUrls[0] ?? null,
    ratingAverage: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : 0,
    ratingCount: row.ratingCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `column = id` for an id, `column = (the id of that name)` for a name (none: no rows). */
function references(
  column: PgColumn,
  table: typeof categories | typeof subs | typeof subsubs | typeof brands,
  value: string,
): SQL {
  if (isUuid(value)) return eq(column, value);
  // Aliased as "lookup" so it never clashes with the joined tables of the same name.
  return sql`${column} = (select lookup.id from ${table} lookup where lower(lookup.name) = lower(${value}))`;
}

function conditions(f: ProductFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.title) where.push(like(products.searchText, `%${escapeLike(f.title.toLowerCase())}%`));
  if (f.category) where.push(references(products.categoryId, categories, f.category));
  if (f.sub) where.push(references(products.subId, subs, f.sub));
  if (f.subsub) where.push(references(products.subsubId, subsubs, f.subsub));
  if (f.brand) where.push(references(products.brandId, brands, f.brand));
  if (f.minPrice !== undefined) where.push(gte(products.salePrice, nairaToKobo(f.minPrice)));
  if (f.maxPrice !== undefined) where.push(lte(products.salePrice, nairaToKobo(f.maxPrice)));
  if (f.onSale === 'true') where.push(sql`${products.discount} > 0`);
  if (f.onSale === 'false') where.push(sql`${products.discount} = 0`);
  if (f.availability) where.push(eq(products.availability, f.availability));
  return where.length > 0 ? and(...where) : undefined;
}

/**
 * `latest` spells out NULLS LAST to match products_latest_idx (created_at DESC NULLS LAST,
 * id DESC NULLS LAST): a plain DESC means NULLS FIRST, which that index cannot serve, and
 * PostgreSQL would sort the whole table instead. The other sorts match their indexes as is.
 */
const ORDER: Record<ProductSort, SQL[]> = {
  latest: [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`],
  price_asc: [asc(products.salePrice), asc(products.id)],
  price_desc: [desc(products.salePrice), desc(products.id)],
  title: [asc(products.title), asc(products.id)],
};

export async function findProducts(db: Db, f: ProductFilters): Promise<{ rows: ProductRecord[]; total: number }> {
  const where = conditions(f);
  const [rows, [counted]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...ORDER[f.sort ?? 'latest'])
      .limit(f.limit ?? PRODUCT_PAGE_SIZE)
      .offset(f.offset ?? 0),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findProduct(db: Pick<Db, 'select'>, id: string): Promise<ProductRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectProducts(db).where(eq(products.id, id));
  return row;
}

/**
 * Reading products: one SELECT (products with their category, sub and subsub names) for a
 * page, one COUNT for the total. Every filter is on a products column, so each
 * filter and sort of the listing has an index to use (see schema/catalog.ts):
 * - title search: `search_text LIKE '%…%'` on the pg_trgm GIN index;
 * - category/sub/subsub/brand given by name: `column = (select id … where lower(name) = …)`,
 *   an init-plan that turns into an index lookup, so no join is needed to filter;
 * - on sale: `discount > 0` written literally so the partial index matches;
 * - size and colour: one variant in stock with both (EXISTS on product_variants_in_stock_idx);
 * - low stock (admins): not paused and `lowest_stock <= threshold` (the fewest units of a
 *   variant that has any, kept by trigger; the same number the answer's `lowestStock` shows);
 * - sorts end with the id, so pages are stable;
 * - the unfiltered total is the products' row count kept by trigger (migration 0014), not a
 *   count(*), which reads every product: 10 ms at 100,000 on the cold path (issue 15).
 */
import { and, asc, Column, desc, eq, getTableName, gt, gte, inArray, is, like, lte, or, type SQL, sql } from 'drizzle-orm';
import { PgArray, type PgColumn } from 'drizzle-orm/pg-core';
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  isUuid,
  koboToNaira,
  nairaToKobo,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductSort,
  type productFilterQuery,
  type productListQuery,
  type SizeScale,
} from '@shop/shared';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { z } from 'zod';
import { type Db, rowsOf, statementText } from '../../db/client.ts';
import { brands, categories, products, productVariants, rowCounts, searchChanges, subs, subsubs } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/like.ts';
import {
  type Changes,
  inOrderOf,
  MAX_CHANGES,
  MAX_MATCHES,
  type Match,
  type MatchSource,
  pageOf,
  type SearchMatches,
} from '../search/search-matches.ts';

/** The list's filters (what the facets take); the list's query adds a sort and a page. */
export type FilterQuery = z.output<typeof productFilterQuery>;
export type ProductFilters = z.output<typeof productListQuery>;

/**
 * A column as `"table"."column"`, always. Drizzle writes the select list of a query on one
 * table with bare column names, even inside a subquery there, where a bare "id" would be the
 * subquery's own table's: the subqueries below name every column with its table.
 */
function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

const columns = {
  id: products.id,
  title: products.title,
  heading: products.heading,
  description: products.description,
  price: products.price,
  discount: products.discount,
  salePrice: products.salePrice,
  color: products.color,
  colors: products.colors,
  sizes: products.sizes,
  sizeScale: products.sizeScale,
  counter: products.counter,
  availability: products.availability,
  paused: products.paused,
  minSalePrice: products.minSalePrice,
  maxSalePrice: products.maxSalePrice,
  lowestStock: products.lowestStock,
  /** The only variant, when there is one (a card can add it straight to the cart). */
  defaultVariantId: products.onlyVariantId,
  brandId: products.brandId,
  brandName: products.brandName,
  categoryId: products.categoryId,
  categoryName: products.categoryName,
  subId: products.subId,
  subName: products.subName,
  subsubId: products.subsubId,
  subsubName: products.subsubName,
  images: products.images,
  ratingCount: products.ratingCount,
  ratingSum: products.ratingSum,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/**
 * The list's page, read without the query builder: its select list is written once (each
 * field named after its key), and each row read back with the columns' own decoders, so a
 * page costs neither building the statement nor Drizzle's per-field checks on each of its 48
 * rows. The unfiltered list, a kept search's page and a product's own page (ids written as
 * literals) are then statements without parameters, which node-postgres sends in one message
 * (the simple query protocol). At 100,000 products on this machine: 1.1 ms a page against
 * 2.0 ms through the builder (issue 15's cold path).
 */
const listFields = Object.entries(columns).map(([key, field]) => ({
  key,
  // Arrays as JSON: pg reads those natively, where its text[] parser is JavaScript.
  select: is(field, PgArray) ? sql`to_json(${qualified(field)})` : is(field, Column) ? qualified(field) : field,
  // The select list's subqueries answer text, read as is.
  decode: is(field, Column) ? (value: unknown) => field.mapFromDriverValue(value) : (value: unknown) => value,
}));
const SELECT_PAGE = statementText(
  sql`select ${sql.join(
    listFields.map((f) => sql`${f.select} as ${sql.identifier(f.key)}`),
    sql`, `,
  )} from ${products}`,
);

function decodeRow(row: Record<string, unknown>): ProductRecord {
  const record: Record<string, unknown> = {};
  for (const field of listFields) {
    const value = row[field.key];
    record[field.key] = value === null || value === undefined ? null : field.decode(value);
  }
  return record as ProductRecord;
}

/** A whole number for the statement's text (the query's schema has checked it already). */
function literalCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

async function readPage(
  db: Db,
  where: SQL | undefined,
  sort: ProductSort,
  limit: number,
  offset: number,
): Promise<ProductRecord[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`${sql.raw(SELECT_PAGE)}${where ? sql` where ${where}` : sql``} order by ${sql.raw(ORDER_TEXT[sort])} limit ${literalCount(limit)} offset ${literalCount(offset)}`,
  );
  return rows.map(decodeRow);
}

/** Products by id, in that order (ids from our own queries, checked, written as literals). */
async function readByIds(db: Db, ids: string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  if (!ids.every(isUuid)) throw new Error('not product ids');
  const list = sql.raw(ids.map((id) => `'${id}'`).join(', '));
  const rows = await rowsOf<Record<string, unknown>>(db, sql`${sql.raw(SELECT_PAGE)} where ${products.id} in (${list})`);
  return inOrderOf(ids, rows.map(decodeRow));
}

/** A product as read (columns' keys, decoded: bigints as numbers, times as Dates). */
export type ProductRecord = SelectResultFields<typeof columns>;

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
    colors: row.colors,
    size: row.sizes,
    sizeScale: row.sizeScale as SizeScale,
    counter: row.counter,
    availability: row.availability,
    priceFrom: koboToNaira(row.minSalePrice),
    priceTo: koboToNaira(row.maxSalePrice),
    lowestStock: row.lowestStock,
    defaultVariantId: row.defaultVariantId,
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

/** A comma-separated query value as a list: "medium, Large" → ['medium', 'large']. */
export const listOf = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

/** Some variant on sale, with stock, matching `match`. */
const variantInStock = (match: SQL) =>
  sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.archivedAt} is null and ${productVariants.counter} > 0 and ${match})`;

/** Size and colour together: one variant in stock has both (a medium red, not a medium blue and a small red). */
export function optionsInStock(sizes: string[], colors: string[]): SQL | undefined {
  const option = [
    ...(sizes.length > 0 ? [inArray(productVariants.size, sizes)] : []),
    ...(colors.length > 0 ? [inArray(sql`lower(${productVariants.color})`, colors)] : []),
  ];
  return option.length > 0 ? variantInStock(and(...option)!) : undefined;
}

export interface ListOptions {
  /** The shop's low-stock threshold, for `stock=low`. */
  lowStockThreshold?: number;
  /** Where a search's matches are kept, and the catalogue's `search` version they are for. */
  searchMatches?: { kept: SearchMatches; version: number };
}

/**
 * The list's filters, grouped by what the facets count (search/facets.ts applies every group but
 * the one it counts): `common` holds those no facet counts (search, taxonomy, availability, stock).
 */
export interface FilterParts {
  common: SQL[];
  brand?: SQL;
  price: SQL[];
  onSale?: SQL;
  /** The size and colour filters, lower-cased (none: empty). */
  sizes: string[];
  colors: string[];
}

export function filterParts(f: FilterQuery, options: ListOptions = {}): FilterParts {
  const common: SQL[] = [];
  if (f.title) common.push(like(products.searchText, `%${escapeLike(f.title.toLowerCase())}%`));
  if (f.category) common.push(references(products.categoryId, categories, f.category));
  if (f.sub) common.push(references(products.subId, subs, f.sub));
  if (f.subsub) common.push(references(products.subsubId, subsubs, f.subsub));
  if (f.availability) common.push(eq(products.availability, f.availability));
  // Out: nothing left at all. Low: on sale (not paused) with a variant running short, 1 to the
  // threshold left; a sold-out size beside others in stock is "out" for that size, not low.
  // lowest_stock is null when nothing is in stock, so `<=` leaves those out.
  if (f.stock === 'out') common.push(sql`${products.counter} = 0`);
  if (f.stock === 'low') {
    const threshold = options.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
    common.push(sql`not ${products.paused}`, lte(products.lowestStock, threshold));
  }
  const price: SQL[] = [];
  if (f.minPrice !== undefined) price.push(gte(products.salePrice, nairaToKobo(f.minPrice)));
  if (f.maxPrice !== undefined) price.push(lte(products.salePrice, nairaToKobo(f.maxPrice)));
  return {
    common,
    ...(f.brand && { brand: references(products.brandId, brands, f.brand) }),
    price,
    // Written literally so the partial index (discount > 0) matches.
    ...(f.onSale && { onSale: f.onSale === 'true' ? sql`${products.discount} > 0` : sql`${products.discount} = 0` }),
    sizes: f.size ? listOf(f.size) : [],
    colors: f.color ? listOf(f.color) : [],
  };
}

function conditions(f: ProductFilters, options: ListOptions = {}): SQL | undefined {
  const parts = filterParts(f, options);
  const where = [...parts.common, ...(parts.brand ? [parts.brand] : []), ...parts.price, ...(parts.onSale ? [parts.onSale] : [])];
  const variant = optionsInStock(parts.sizes, parts.colors);
  if (variant) where.push(variant);
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

/** A title search and nothing else but its sort and page: one whose matches can be kept (search/search-matches.ts). */
function isTitleOnly(f: ProductFilters): f is ProductFilters & { title: string } {
  if (!f.title) return false;
  const others = Object.entries(f).filter(([name, value]) => value !== undefined && !PAGE_AND_SORT.has(name));
  return others.every(([name]) => name === 'title');
}
const PAGE_AND_SORT = new Set(['sort', 'limit', 'offset']);

/** Each sort's ORDER BY as text, for readPage. */
const ORDER_TEXT = Object.fromEntries(
  Object.entries(ORDER).map(([sort, order]) => [sort, statementText(sql.join(order, sql`, `))]),
) as Record<ProductSort, string>;

/**
 * Each sort's key, as a number this process can order by as the database does: creation time
 * in microseconds (a Date keeps only milliseconds), the sale price in kobo. The title sort
 * has none: its order is the database's collation, so its matches are found again instead.
 */
const MATCH_KEY: Partial<Record<ProductSort, SQL<number | null>>> = {
  latest: sql<number | null>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint`.mapWith(Number),
  price_asc: sql<number>`${products.salePrice}`.mapWith(Number),
  price_desc: sql<number>`${products.salePrice}`.mapWith(Number),
};

const byId = (a: Match, b: Match) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The order of ORDER above, for matches (uuids compare as their lower-case text does). */
const MATCH_ORDER: Partial<Record<ProductSort, (a: Match, b: Match) => number>> = {
  // created_at desc nulls last, id desc.
  latest: (a, b) => (b.key ?? -Infinity) - (a.key ?? -Infinity) || byId(b, a),
  price_asc: (a, b) => a.key! - b.key! || byId(a, b),
  price_desc: (a, b) => b.key! - a.key! || byId(b, a),
};

/**
 * How a title search finds its matches, and brings them up to date from the log the triggers
 * keep (migration 0016; search/search-matches.ts): one statement reads the products changed between
 * two `search` versions and, joined by primary key, which of them match now, with their keys.
 * It cannot tell when a truncate logged no product, when more than MAX_CHANGES products
 * changed, or when a version is missing (each logs at least one row: it was pruned).
 */
function matchSource(db: Db, where: SQL | undefined, sort: ProductSort): MatchSource {
  const key = MATCH_KEY[sort] ?? sql<null>`null`;
  const compare = MATCH_ORDER[sort];
  const changes = async (from: number, to: number): Promise<Changes | undefined> => {
    const rows = await db
      .select({ version: searchChanges.version, productId: searchChanges.productId, match: products.id, key })
      .from(searchChanges)
      .leftJoin(products, and(eq(products.id, searchChanges.productId), where))
      .where(and(gt(searchChanges.version, from), lte(searchChanges.version, to)))
      .limit(MAX_CHANGES + 1);
    if (rows.length > MAX_CHANGES) return undefined;
    const versions = new Set<number>();
    const changed = new Set<string>();
    const now = new Map<string, Match>();
    for (const row of rows) {
      if (row.productId === null) return undefined;
      versions.add(row.version);
      changed.add(row.productId);
      if (row.match !== null) now.set(row.match, { id: row.match, key: row.key });
    }
    if (versions.size !== to - from) return undefined;
    return { changed: [...changed], now: [...now.values()] };
  };
  return {
    find: () =>
      db
        .select({ id: products.id, key })
        .from(products)
        .where(where)
        .orderBy(...ORDER[sort])
        .limit(MAX_MATCHES + 1),
    ...(compare && { incremental: { changes, compare } }),
  };
}

export async function findProducts(
  db: Db,
  f: ProductFilters,
  options: ListOptions = {},
): Promise<{ rows: ProductRecord[]; total: number }> {
  const where = conditions(f, options);
  const sort = f.sort ?? 'latest';
  const limit = f.limit ?? PRODUCT_PAGE_SIZE;
  const offset = f.offset ?? 0;
  if (options.searchMatches && isTitleOnly(f)) {
    const { kept, version } = options.searchMatches;
    const ids = await kept.ids(version, `${sort}|${f.title.toLowerCase()}`, matchSource(db, where, sort));
    if (ids) return { rows: await readByIds(db, pageOf(ids, limit, offset)), total: ids.length };
  }
  const [rows, [counted]] = await Promise.all([
    readPage(db, where, sort, limit, offset),
    where
      ? db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(products)
          .where(where)
      : db.select({ total: rowCounts.rows }).from(rowCounts).where(eq(rowCounts.name, 'products')),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findProduct(db: Db, id: string): Promise<ProductRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await readByIds(db, [id]);
  return row;
}

/**
 * Product ids by exact title, case-insensitively (keys are lower-cased titles), for old
 * clients that name products instead of sending ids. Titles are not unique: an in-stock
 * product wins, then the newest. The prefix LIKE on search_text lets the trigram index find
 * the candidates.
 */
export async function findProductIdsByTitle(db: Db, titles: string[]): Promise<Map<string, string>> {
  const keys = [...new Set(titles.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  if (keys.length === 0) return new Map();
  const lowerTitle = sql`lower(${products.title})`;
  const rows = await db
    .selectDistinctOn([lowerTitle], { id: products.id, key: sql<string>`lower(${products.title})` })
    .from(products)
    .where(or(...keys.map((key) => and(sql`${lowerTitle} = ${key}`, like(products.searchText, `${escapeLike(key)}%`)))))
    .orderBy(lowerTitle, sql`(${products.availability} = 'In Stock') desc`, desc(products.createdAt));
  return new Map(rows.map((r) => [r.key, r.id]));
}

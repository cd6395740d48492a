/**
 * Categories, sub-categories, sub-sub-categories and brands: four small resources with the
 * same life (list, get, create, rename, delete), described once in KINDS; this module is the
 * one writer of their tables. Names are unique case-insensitively (unique indexes on
 * lower(name)); a brand's name is also copied onto its products (products.brand_name, for
 * search), kept in step on rename by products/product-service.ts in the rename's transaction.
 */
import { and, asc, eq, getTableName, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type FeedAgeGroup,
  type FeedGender,
  slugify,
  type TaxonomyInput,
  type TaxonomyItem,
  type TaxonomyListFilters,
  type TaxonomySort,
} from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { brands, categories, products, subs, subsubs } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ImageService } from '../../media/index.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { isUuid } from '@shop/shared';
import { removeUnusedImages } from '../products/image-usage.ts';
import { copyBrandName } from '../products/product-service.ts';
import { escapeLike } from '../../lib/like.ts';

export type TaxonomyKind = 'category' | 'sub' | 'subsub' | 'brand';

interface KindDef {
  /** In messages: "3 products use this sub-category". */
  label: string;
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  createdAt: PgColumn;
  /** Unique index on lower(name). */
  nameKey: string;
  slug?: PgColumn;
  image?: PgColumn;
  /** The optional parent: a sub's category, a subsub's sub. */
  parent?: { column: PgColumn; field: 'categoryId' | 'subId'; kind: TaxonomyKind };
  /** The products column that points at this resource. */
  productColumn: PgColumn;
  /** Categories: what the catalogue feeds say of their products (issue 31). */
  feed?: Record<FeedField, PgColumn>;
}

/** A category's fields for the catalogue feeds, by their names in the API and in the table's schema. */
const FEED_FIELDS = ['gender', 'ageGroup', 'googleProductCategory'] as const;
type FeedField = (typeof FEED_FIELDS)[number];

const KINDS: Record<TaxonomyKind, KindDef> = {
  category: {
    label: 'category',
    table: categories,
    id: categories.id,
    name: categories.name,
    createdAt: categories.createdAt,
    nameKey: 'categories_name_key',
    slug: categories.slug,
    image: categories.image,
    productColumn: products.categoryId,
    feed: {
      gender: categories.gender,
      ageGroup: categories.ageGroup,
      googleProductCategory: categories.googleProductCategory,
    },
  },
  sub: {
    label: 'sub-category',
    table: subs,
    id: subs.id,
    name: subs.name,
    createdAt: subs.createdAt,
    nameKey: 'subs_name_key',
    parent: { column: subs.categoryId, field: 'categoryId', kind: 'category' },
    productColumn: products.subId,
  },
  subsub: {
    label: 'sub-sub-category',
    table: subsubs,
    id: subsubs.id,
    name: subsubs.name,
    createdAt: subsubs.createdAt,
    nameKey: 'subsubs_name_key',
    parent: { column: subsubs.subId, field: 'subId', kind: 'sub' },
    productColumn: products.subsubId,
  },
  brand: {
    label: 'brand',
    table: brands,
    id: brands.id,
    name: brands.name,
    createdAt: brands.createdAt,
    nameKey: 'brands_name_key',
    slug: brands.slug,
    image: brands.image,
    productColumn: products.brandId,
  },
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const notFoundMessage = (kind: TaxonomyKind) => `${capitalise(KINDS[kind].label)} not found`;

interface Row {
  id: string;
  name: string;
  slug: string | null;
  image: string | null;
  parentId: string | null;
  productCount: number;
  gender: FeedGender | null;
  ageGroup: FeedAgeGroup | null;
  googleProductCategory: string | null;
}

/** Changes to apply; `image` is an already stored image id. */
export interface TaxonomyChanges extends TaxonomyInput {
  image?: string;
}

/** Anything with Drizzle's query API: the database or a transaction. */
type Queryable = Pick<Db, 'select'>;

/** How many products use the row (a correlated subquery on the products index of that column). */
function productCount(kind: TaxonomyKind): SQL<number> {
  const def = KINDS[kind];
  // Qualified by hand: Drizzle leaves columns unqualified in the select list of a one-table query.
  return sql<number>`(select count(*) from ${products} p where p.${sql.identifier(def.productColumn.name)} = ${sql.identifier(getTableName(def.table))}.id)`;
}

/** Whether some product uses the row (stops at the first). */
function isUsed(kind: TaxonomyKind): SQL {
  const def = KINDS[kind];
  return sql`exists (select 1 from ${products} p where p.${sql.identifier(def.productColumn.name)} = ${sql.identifier(getTableName(def.table))}.id)`;
}

/** The list's WHERE: name search, parent and use. */
function listConditions(kind: TaxonomyKind, f: TaxonomyListFilters): SQL | undefined {
  const def = KINDS[kind];
  const where: SQL[] = [];
  if (f.search) where.push(sql`lower(${def.name}) like ${`%${escapeLike(f.search.toLowerCase())}%`}`);
  const parent = def.parent ? f[def.parent.field] : undefined;
  if (def.parent && parent) where.push(parent === 'none' ? isNull(def.parent.column) : eq(def.parent.column, parent));
  if (f.used === 'true') where.push(isUsed(kind));
  if (f.used === 'false') where.push(sql`not ${isUsed(kind)}`);
  return where.length > 0 ? and(...where) : undefined;
}

/** Every order ends with the id, so pages are stable. */
function listOrder(kind: TaxonomyKind, sort: TaxonomySort): SQL[] {
  const def = KINDS[kind];
  const byName = [sql`lower(${def.name})`, asc(def.id)];
  switch (sort) {
    case 'name':
      return byName;
    case 'latest':
      return [sql`${def.createdAt} desc`, sql`${def.id} desc`];
    case 'oldest':
      return [asc(def.createdAt), asc(def.id)];
    case 'products':
      return [sql`${productCount(kind)} desc`, ...byName];
  }
}

/** The feed fields the input sets (undefined: left as they are; null: cleared). */
function feedValues(input: TaxonomyInput): Partial<Record<FeedField, string | null>> {
  return Object.fromEntries(FEED_FIELDS.flatMap((field) => (input[field] === undefined ? [] : [[field, input[field]]])));
}

export function createTaxonomyService(db: Db, images: ImageService) {
  function selectRows(kind: TaxonomyKind) {
    const def = KINDS[kind];
    return db
      .select({
        id: sql<string>`${def.id}`,
        name: sql<string>`${def.name}`,
        slug: def.slug ? sql<string | null>`${def.slug}` : sql<null>`null`,
        image: def.image ? sql<string | null>`${def.image}` : sql<null>`null`,
        parentId: def.parent ? sql<string | null>`${def.parent.column}` : sql<null>`null`,
        productCount: productCount(kind).mapWith(Number),
        gender: def.feed ? sql<FeedGender | null>`${def.feed.gender}` : sql<null>`null`,
        ageGroup: def.feed ? sql<FeedAgeGroup | null>`${def.feed.ageGroup}` : sql<null>`null`,
        googleProductCategory: def.feed ? sql<string | null>`${def.feed.googleProductCategory}` : sql<null>`null`,
      })
      .from(def.table)
      .$dynamic();
  }

  function toItem(kind: TaxonomyKind, row: Row): TaxonomyItem {
    const base = { id: row.id, name: row.name, productCount: row.productCount };
    switch (kind) {
      case 'category':
        return {
          ...base,
          slug: row.slug ?? '',
          imageUrl: row.image ? images.url(row.image) : null,
          gender: row.gender,
          ageGroup: row.ageGroup,
          googleProductCategory: row.googleProductCategory,
        };
      case 'brand':
        return { ...base, slug: row.slug ?? '', imageUrl: row.image ? images.url(row.image) : null };
      case 'sub':
        return { ...base, categoryId: row.parentId };
      case 'subsub':
        return { ...base, subId: row.parentId };
    }
  }

  async function findRow(kind: TaxonomyKind, id: string): Promise<Row | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await selectRows(kind).where(eq(KINDS[kind].id, id));
    return row;
  }

  async function get(kind: TaxonomyKind, id: string): Promise<TaxonomyItem> {
    const row = await findRow(kind, id);
    if (!row) throw notFound(notFoundMessage(kind));
    return toItem(kind, row);
  }

  /** A slug no other row of the table has (a random suffix when the plain one is taken). */
  async function freeSlug(kind: TaxonomyKind, name: string, selfId?: string): Promise<string> {
    const def = KINDS[kind];
    if (!def.slug) throw new Error(`${kind} has no slug`);
    const base = slugify(name) || def.label;
    const [taken] = await db
      .select({ id: sql<string>`${def.id}` })
      .from(def.table)
      .where(eq(def.slug, base));
    if (!taken || taken.id === selfId) return base;
    return `${base}-${crypto.randomUUID().slice(0, 6)}`;
  }

  /** The parent's id for a reference given by id or name; null clears it. */
  async function parentId(kind: TaxonomyKind, value: string | null | undefined): Promise<string | null | undefined> {
    const parent = KINDS[kind].parent;
    if (!parent || value === undefined) return undefined;
    const found = await resolve(db, parent.kind, value);
    return found?.id ?? null;
  }

  /**
   * Finds a category, sub, subsub or brand by id or by name (any case). Empty or null
   * means "none"; a value that matches nothing is a 400. With `lock`, the row is locked
   * (FOR SHARE) until the caller's transaction ends, so a concurrent brand rename waits
   * and then also renames what this transaction wrote.
   */
  async function resolve(
    q: Queryable,
    kind: TaxonomyKind,
    value: string | null | undefined,
    { lock = false } = {},
  ): Promise<{ id: string; name: string } | null> {
    const text = value?.trim();
    if (!text) return null;
    const def = KINDS[kind];
    const where = isUuid(text) ? eq(def.id, text) : sql`lower(${def.name}) = lower(${text})`;
    const query = q
      .select({ id: sql<string>`${def.id}`, name: sql<string>`${def.name}` })
      .from(def.table)
      .where(where)
      .$dynamic();
    const [row] = await (lock ? query.for('share') : query);
    if (!row) throw badRequest(`${capitalise(def.label)} "${text}" does not exist`);
    return row;
  }

  function duplicate(kind: TaxonomyKind, name: string) {
    return conflict(`A ${KINDS[kind].label} named "${name}" already exists`);
  }

  async function create(kind: TaxonomyKind, input: TaxonomyChanges): Promise<TaxonomyItem> {
    const def = KINDS[kind];
    const name = input.name ?? '';
    const values: Record<string, unknown> = { name };
    if (def.slug) values.slug = await freeSlug(kind, name);
    if (def.image && input.image) values.image = input.image;
    if (def.feed) Object.assign(values, feedValues(input));
    if (def.parent) values[def.parent.field] = (await parentId(kind, input[def.parent.field])) ?? null;
    try {
      const [row] = await db
        .insert(def.table)
        .values(values as never)
        .returning({ id: sql<string>`${def.id}` });
      return get(kind, row!.id);
    } catch (error) {
      if (isUniqueViolation(error, def.nameKey)) throw duplicate(kind, name);
      if (isUniqueViolation(error)) throw conflict(`A ${def.label} with a similar name already exists`);
      throw error;
    }
  }

  async function update(kind: TaxonomyKind, id: string, input: TaxonomyChanges): Promise<TaxonomyItem> {
    const def = KINDS[kind];
    const existing = await findRow(kind, id);
    if (!existing) throw notFound(notFoundMessage(kind));
    const values: Record<string, unknown> = {};
    if (input.name !== undefined && input.name !== existing.name) {
      values.name = input.name;
      if (def.slug) values.slug = await freeSlug(kind, input.name, id);
    }
    if (def.image && input.image) values.image = input.image;
    if (def.feed) Object.assign(values, feedValues(input));
    if (def.parent) {
      const parent = await parentId(kind, input[def.parent.field]);
      if (parent === id) throw badRequest(`A ${def.label} cannot be its own parent`);
      if (parent !== undefined) values[def.parent.field] = parent;
    }
    if (Object.keys(values).length > 0) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(def.table)
            .set(values as never)
            .where(eq(def.id, id));
          if (kind === 'brand' && values.name !== undefined) await copyBrandName(tx, id, String(values.name));
        });
      } catch (error) {
        if (isUniqueViolation(error, def.nameKey)) throw duplicate(kind, String(values.name));
        if (isUniqueViolation(error)) throw conflict(`A ${def.label} with a similar name already exists`);
        throw error;
      }
      if (values.image !== undefined && existing.image && existing.image !== values.image) {
        await removeUnusedImages(db, images, [existing.image]);
      }
    }
    return get(kind, id);
  }

  async function countProducts(kind: TaxonomyKind, id: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(eq(KINDS[kind].productColumn, id));
    return row?.n ?? 0;
  }

  function inUse(kind: TaxonomyKind, count: number) {
    const label = KINDS[kind].label;
    return conflict(count === 1 ? `1 product uses this ${label}` : `${count} products use this ${label}`);
  }

  /** Deletes unless products use it (409 with how many). Children (subs of a category, ...) lose their parent. */
  async function remove(kind: TaxonomyKind, id: string): Promise<{ msg: string }> {
    const def = KINDS[kind];
    const existing = await findRow(kind, id);
    if (!existing) throw notFound(notFoundMessage(kind));
    if (existing.productCount > 0) throw inUse(kind, existing.productCount);
    try {
      await db.delete(def.table).where(eq(def.id, id));
    } catch (error) {
      // A product was given this category between the count and the delete.
      if (isForeignKeyViolation(error)) throw inUse(kind, await countProducts(kind, id));
      throw error;
    }
    await removeUnusedImages(db, images, [existing.image]);
    return { msg: `${capitalise(def.label)} deleted` };
  }

  /** A newly stored image must not stay behind when the write it was for fails. */
  async function cleaningUp<T>(image: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (image) await removeUnusedImages(db, images, [image]);
      throw error;
    }
  }

  return {
    /**
     * The rows matching the filters in the chosen order (by name unless told), one page of
     * them when `limit` is given (all of them otherwise), and how many match in all.
     */
    async list(kind: TaxonomyKind, f: TaxonomyListFilters = {}): Promise<{ items: TaxonomyItem[]; total: number }> {
      const where = listConditions(kind, f);
      let query = selectRows(kind)
        .where(where)
        .orderBy(...listOrder(kind, f.sort ?? 'name'));
      if (f.limit !== undefined) query = query.limit(f.limit);
      if (f.offset) query = query.offset(f.offset);
      const [rows, [counted]] = await Promise.all([
        query,
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(KINDS[kind].table)
          .where(where),
      ]);
      return { items: rows.map((row) => toItem(kind, row)), total: counted?.total ?? 0 };
    },
    get,
    create: (kind: TaxonomyKind, input: TaxonomyChanges) => cleaningUp(input.image, () => create(kind, input)),
    update: (kind: TaxonomyKind, id: string, input: TaxonomyChanges) => cleaningUp(input.image, () => update(kind, id, input)),
    remove,
    resolve,
    label: (kind: TaxonomyKind) => KINDS[kind].label,
    hasImage: (kind: TaxonomyKind) => KINDS[kind].image !== undefined,
    /** The first of `kinds` that has a row with this id (for the old shared paths). */
    async kindOf(id: string, kinds: TaxonomyKind[]): Promise<TaxonomyKind | undefined> {
      for (const kind of kinds) {
        if (await findRow(kind, id)) return kind;
      }
      return undefined;
    },
  };
}

export type TaxonomyService = ReturnType<typeof createTaxonomyService>;

/**
 * Products: the rules behind the routes, and the one writer of the `products` table. The
 * catalogue import (csv/) and a brand rename (taxonomy/taxonomy-service.ts) write through
 * the functions exported below; the columns derived from the variants (counter, sizes,
 * colours, prices "from") are kept by the variants' triggers (migration 0006), and a
 * product's rating by reviews/service.ts.
 *
 * Money arrives in naira and is stored as kobo. What is on sale (sizes, colours, stock)
 * lives in the variants (variants/variants.ts); the original form's `size`, `color` and `counter`
 * are applied to them. Uploaded images are stored before the database write (decoding them
 * is slow and must not hold a transaction open) and removed again if the write fails;
 * images a write drops are deleted from storage after it commits, unless something else
 * still uses them. Prices and stock are guarded fields (../guarded-fields.ts): every write
 * takes what the caller may (`may`), compares with the row it locked, and refuses a change of
 * one the caller lacks before writing anything; a product created without them starts paused.
 */
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  isUuid,
  MAX_IMAGES_PER_PRODUCT,
  nairaToKobo,
  normaliseSearchText,
  type Product,
  type ProductCreateBody,
  type ProductDetail,
  type ProductUpdateBody,
  type SizeScale,
  type VariantInput,
} from '@shop/shared';
import type { Db, Tx } from '../../db/client.ts';
import { type ProductRow, products } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { refuse } from '../../lib/refuse.ts';
import type { ImageService } from '../../media/index.ts';
import { assertMayChange, type May, startsPaused, withoutGuarded } from '../guarded-fields.ts';
import { removeUnusedImages } from './image-usage.ts';
import { countFacets, type FacetCounts } from '../search/facets.ts';
import {
  type FilterQuery,
  findProduct,
  findProducts,
  type ListOptions,
  type ProductFilters,
  toProduct,
} from './product-query.ts';
import { createSearchMatches } from '../search/search-matches.ts';
import { correctSearch } from '../search/search-query.ts';
import type { TaxonomyService } from '../taxonomy/taxonomy-service.ts';
import { activeVariants, applyLegacyOptions, createVariants, replaceVariants, toVariantView } from '../variants/variants.ts';

const PRODUCT_NOT_FOUND = 'Product not found';

/** The words a search was answered for instead of those typed (null: as typed). */
type Corrected = { showingResultsFor: string | null };

/** Runs a search; when its words find nothing, once more with them corrected (search/search-query.ts). */
async function withCorrection<F extends { title?: string }, R extends { total: number }>(
  db: Db,
  filters: F,
  run: (filters: F) => Promise<R>,
): Promise<R & Corrected> {
  const found = await run(filters);
  if (found.total > 0 || !filters.title) return { ...found, showingResultsFor: null };
  const corrected = await correctSearch(db, normaliseSearchText(filters.title));
  const retried = corrected ? await run({ ...filters, title: corrected }) : undefined;
  return retried && retried.total > 0 ? { ...retried, showingResultsFor: corrected } : { ...found, showingResultsFor: null };
}

// ---------------------------------------------------------------- writes other modules call

/** Rows a statement carries at most: 13 parameters each stays far below PostgreSQL's 65,535. */
const BATCH_ROWS = 1000;

/** The products, locked (FOR UPDATE, in id order) until the caller's transaction ends. */
export async function lockProducts(tx: Tx, ids: string[]): Promise<ProductRow[]> {
  const rows: ProductRow[] = [];
  for (let i = 0; i < ids.length; i += BATCH_ROWS) {
    rows.push(
      ...(await tx
        .select()
        .from(products)
        .where(inArray(products.id, ids.slice(i, i + BATCH_ROWS)))
        .orderBy(products.id)
        .for('update')),
    );
  }
  return rows;
}

/** What a batch may set on a product, with its SQL type (the catalogue import's columns). */
const BATCH_COLUMNS = {
  title: 'text',
  heading: 'text',
  description: 'text',
  price: 'bigint',
  discount: 'bigint',
  sizeScale: 'text',
  paused: 'boolean',
  brandId: 'uuid',
  brandName: 'text',
  categoryId: 'uuid',
  subId: 'uuid',
  subsubId: 'uuid',
} as const;
type BatchColumn = keyof typeof BATCH_COLUMNS;
export type ProductBatchValues = { [K in BatchColumn]?: NonNullable<ProductRow[K]> };

/** New products, a statement per thousand; their ids, in the same order. */
export async function insertProducts(tx: Tx, rows: (ProductBatchValues & { title: string; price: number })[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const inserted = await tx
      .insert(products)
      .values(rows.slice(i, i + BATCH_ROWS))
      .returning({ id: products.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/**
 * Changes to many products, a statement per thousand (`UPDATE … FROM (VALUES …)`): each
 * product gets the values it lists, and keeps the others (a batch cannot clear a reference).
 */
export async function updateProducts(tx: Tx, changes: { id: string; values: ProductBatchValues }[]): Promise<void> {
  const keys = Object.keys(BATCH_COLUMNS) as BatchColumn[];
  const column = (key: BatchColumn) => sql.identifier(products[key].name);
  for (let i = 0; i < changes.length; i += BATCH_ROWS) {
    const rows = changes
      .slice(i, i + BATCH_ROWS)
      .map(
        ({ id, values }) =>
          sql`(${sql.join(
            [sql`${id}::uuid`, ...keys.map((key) => sql`${values[key] ?? null}::${sql.raw(BATCH_COLUMNS[key])}`)],
            sql`, `,
          )})`,
      );
    const assignments: SQL[] = keys.map((key) => sql`${column(key)} = coalesce(u.${column(key)}, p.${column(key)})`);
    await tx.execute(sql`
      update ${products} as p set ${sql.join(assignments, sql`, `)}, updated_at = now()
      from (values ${sql.join(rows, sql`, `)}) as u(id, ${sql.join(keys.map(column), sql`, `)})
      where p.id = u.id`);
  }
}

/** The scale a product's sizes come from, changed with its variants (PUT …/variants). */
export async function setSizeScale(tx: Tx, productId: string, sizeScale: SizeScale): Promise<void> {
  await tx
    .update(products)
    .set({ sizeScale })
    .where(and(eq(products.id, productId), ne(products.sizeScale, sizeScale)));
}

/** Products carry a copy of their brand's name (search needs no join): a rename copies it, in the rename's transaction. */
/**
 * A product's rating figures, from the reviews (their owner counts them; this writes them).
 * Inside the review's transaction, after `lockProducts`, so concurrent reviews recount in turn.
 */
export async function setRatingFigures(
  tx: Tx,
  productId: string,
  figures: { count: SQL | number; sum: SQL | number },
): Promise<{ ratingCount: number; ratingSum: number } | undefined> {
  const [row] = await tx
    .update(products)
    .set({ ratingCount: figures.count, ratingSum: figures.sum })
    .where(eq(products.id, productId))
    .returning({ ratingCount: products.ratingCount, ratingSum: products.ratingSum });
  return row;
}

export async function copyBrandName(tx: Tx, brandId: string, name: string): Promise<void> {
  await tx.update(products).set({ brandName: name }).where(eq(products.brandId, brandId));
}

type ProductFields = Omit<ProductUpdateBody, 'imageUrls'>;
type ProductValues = Partial<typeof products.$inferInsert>;

/**
 * The product's own columns a create or update sets (references are resolved separately;
 * size, colour and stock go to the variants). "Out of Stock" pauses the sale of every
 * variant; "In Stock" resumes it (the product shows In Stock again once a variant has stock).
 */
function fieldValues(input: ProductFields): ProductValues {
  const values: ProductValues = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.heading !== undefined) values.heading = input.heading;
  if (input.description !== undefined) values.description = input.description;
  if (input.price !== undefined) values.price = nairaToKobo(input.price);
  if (input.discount !== undefined) values.discount = nairaToKobo(input.discount);
  if (input.sizeScale !== undefined) values.sizeScale = input.sizeScale;
  if (input.availability !== undefined) values.paused = input.availability === 'Out of Stock';
  return values;
}

/** The guarded values an update writes: its prices in kobo, and the original form's total stock. */
const guardedUpdate = (values: ProductValues, fields: ProductFields) => ({
  price: values.price,
  discount: values.discount,
  counter: fields.counter,
});

/**
 * A new product as its creator may make it: without catalog.prices at price 0 with no
 * markdown (its variants at the product's), without stock.adjust with no stock, and paused
 * until someone who may finishes it.
 */
function asCreatorMay(input: ProductCreateBody, may: May): ProductCreateBody {
  if (!startsPaused(may)) return input;
  return {
    ...withoutGuarded('product', may, input),
    ...(input.variants && { variants: input.variants.map((v) => withoutGuarded('variant', may, v)) }),
    availability: 'Out of Stock',
  };
}

function checkDiscount(priceKobo: number, discountKobo: number) {
  if (discountKobo > priceKobo) throw badRequest('Discount cannot be more than the price');
}

const unique = (ids: string[]) => [...new Set(ids)];

export function createProductService(db: Db, images: ImageService, taxonomy: TaxonomyService) {
  const imageUrl = (id: string) => images.url(id);
  const searchMatches = createSearchMatches();

  /**
   * The category, sub, subsub and brand named in the input (by id or name; '' clears).
   * In a transaction, `lock` holds the brand row (FOR SHARE) so that a concurrent rename
   * either happens before (we copy the new name) or waits and renames our product too.
   */
  async function references(q: Pick<Db, 'select'>, input: ProductFields, lock = false): Promise<ProductValues> {
    const values: ProductValues = {};
    if (input.brand !== undefined) {
      const brand = await taxonomy.resolve(q, 'brand', input.brand, { lock });
      values.brandId = brand?.id ?? null;
      values.brandName = brand?.name ?? '';
    }
    if (input.categoryId !== undefined) values.categoryId = (await taxonomy.resolve(q, 'category', input.categoryId))?.id ?? null;
    if (input.sub !== undefined) values.subId = (await taxonomy.resolve(q, 'sub', input.sub))?.id ?? null;
    if (input.subsub !== undefined) values.subsubId = (await taxonomy.resolve(q, 'subsub', input.subsub))?.id ?? null;
    return values;
  }

  /** Stores uploaded images in order; on a bad file, removes the ones already stored. */
  async function saveImages(files: Buffer[]): Promise<string[]> {
    const ids: string[] = [];
    try {
      // One at a time: decoding is CPU- and memory-hungry, and the order is the gallery's order.
      for (const file of files) ids.push(await images.save(file));
    } catch (error) {
      await removeUnusedImages(db, images, ids);
      throw error;
    }
    return unique(ids);
  }

  /** `withCost`: for staff with catalog.cost, each variant's cost price (left out otherwise). */
  async function get(id: string, withCost = false): Promise<ProductDetail> {
    const row = await findProduct(db, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    const variants = (await activeVariants(db, [id])).get(id) ?? [];
    // Each image's sharing JPEG, by the URL the page knows it by (read once per process).
    const shared = await Promise.all(
      row.images.map(async (image) => {
        const share = await images.shareImage(image);
        return share ? [[imageUrl(image), share] as const] : [];
      }),
    );
    return {
      ...toProduct(row, imageUrl),
      variants: variants.map((v) => toVariantView(v, row, imageUrl, withCost)),
      shareImages: Object.fromEntries(shared.flat()),
    };
  }

  const imageId = (url: string) => images.idFromUrl(url);

  return {
    get,

    /**
     * A page of the list. A search that finds nothing as typed is corrected ("ankra" →
     * "ankara") and tried again: `showingResultsFor` names the words the page was found for.
     * Given the catalogue's `search` version, a search's matches are kept until it changes.
     */
    async list(
      filters: ProductFilters,
      options: Omit<ListOptions, 'searchMatches'> & { searchVersion?: number } = {},
    ): Promise<{ items: Product[]; total: number } & Corrected> {
      const { searchVersion, ...rest } = options;
      const listOptions: ListOptions =
        searchVersion === undefined ? rest : { ...rest, searchMatches: { kept: searchMatches, version: searchVersion } };
      const found = await withCorrection(db, filters, (f) => findProducts(db, f, listOptions));
      return {
        items: found.rows.map((row) => toProduct(row, imageUrl)),
        total: found.total,
        showingResultsFor: found.showingResultsFor,
      };
    },

    /** The counts of each filter's values (search/facets.ts), corrected like the list. */
    async facets(filters: FilterQuery, options: ListOptions = {}): Promise<FacetCounts & Corrected> {
      return withCorrection(db, filters, (f) => countFacets(db, f, options));
    },

    /**
     * PUT /api/products/{id}/variants: the whole set, in one transaction. Staff who may adjust
     * stock but not edit the catalogue change the stock and nothing else.
     */
    async setVariants(id: string, variants: VariantInput[], sizeScale: SizeScale | undefined, may: May): Promise<ProductDetail> {
      if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
      await db.transaction(async (tx) => {
        // The scale first: the variants are checked against it.
        if (sizeScale !== undefined && !may('catalog.write')) {
          const [row] = await tx
            .select({ sizeScale: products.sizeScale })
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (row && row.sizeScale !== sizeScale) throw refuse('catalog.write');
        }
        if (sizeScale !== undefined) await setSizeScale(tx, id, sizeScale);
        await replaceVariants(tx, id, variants, may, imageId);
      });
      return get(id, may('catalog.cost'));
    },

    async create(body: ProductCreateBody, files: Buffer[], may: May): Promise<ProductDetail> {
      const input = asCreatorMay(body, may);
      const values = fieldValues(input);
      checkDiscount(values.price ?? 0, values.discount ?? 0);
      await references(db, input); // 400 for an unknown category or brand before any image is stored
      const imageIds = await saveImages(files);
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          const refs = await references(tx, input, true);
          const [row] = await tx
            .insert(products)
            .values({ title: input.title, price: nairaToKobo(input.price), ...values, ...refs, images: imageIds })
            .returning({ id: products.id });
          await createVariants(tx, row!.id, input, may, imageId);
          return row!.id;
        });
      } catch (error) {
        await removeUnusedImages(db, images, imageIds);
        throw error;
      }
      return get(id, may('catalog.cost'));
    },

    /**
     * Changes any subset of the fields; `imageUrls` is the list of images to keep, in
     * order; `files` are new images appended after them. A change of a guarded field the
     * caller lacks is refused before any image is stored, and again against the locked row.
     */
    async update(id: string, input: ProductUpdateBody, files: Buffer[], may: May): Promise<ProductDetail> {
      const { imageUrls, ...fields } = input;
      const found = await findProduct(db, id);
      if (!found) throw notFound(PRODUCT_NOT_FOUND);
      assertMayChange('product', may, found, guardedUpdate(fieldValues(fields), fields));
      const keep = imageUrls?.map((url) => {
        const imageId = images.idFromUrl(url);
        if (!imageId) throw badRequest(`"${url}" is not an image of this product`);
        return imageId;
      });
      await references(db, fields);
      const added = await saveImages(files);
      let removed: string[] = [];
      try {
        await db.transaction(async (tx) => {
          // The brand first (inside references), then the product: the same order as a brand rename.
          const refs = await references(tx, fields, true);
          const [current] = await tx
            .select({ price: products.price, discount: products.discount, counter: products.counter, images: products.images })
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!current) throw notFound(PRODUCT_NOT_FOUND);
          const values = fieldValues(fields);
          assertMayChange('product', may, current, guardedUpdate(values, fields));
          checkDiscount(values.price ?? current.price, values.discount ?? current.discount);

          let next = current.images;
          if (keep) {
            const stranger = keep.findIndex((imageId) => !current.images.includes(imageId));
            if (stranger >= 0) throw badRequest(`"${imageUrls![stranger]}" is not an image of this product`);
            next = unique(keep);
          }
          next = unique([...next, ...added]);
          if (next.length > MAX_IMAGES_PER_PRODUCT) {
            throw badRequest(`A product can have at most ${MAX_IMAGES_PER_PRODUCT} images`);
          }
          removed = current.images.filter((imageId) => !next.includes(imageId));

          await tx
            .update(products)
            .set({ ...values, ...refs, images: next, updatedAt: sql`now()` })
            .where(eq(products.id, id));
          await applyLegacyOptions(tx, id, { size: fields.size, color: fields.color, counter: fields.counter }, may);
        });
      } catch (error) {
        await removeUnusedImages(db, images, added);
        throw error;
      }
      await removeUnusedImages(db, images, removed);
      return get(id, may('catalog.cost'));
    },

    async remove(id: string): Promise<{ msg: string }> {
      if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
      const [row] = await db.delete(products).where(eq(products.id, id)).returning({ images: products.images });
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      await removeUnusedImages(db, images, row.images);
      return { msg: 'Product deleted' };
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;

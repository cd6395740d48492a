/**
 * Products: the rules behind the routes. Money arrives in naira and is stored as kobo.
 * What is on sale (sizes, colours, stock) lives in the variants (variants.ts); the original
 * form's `size`, `color` and `counter` are applied to them. Uploaded images are stored
 * before the database write (decoding them is slow and must not hold a transaction open)
 * and removed again if the write fails; images a write drops are deleted from storage after
 * it commits, unless something else still uses them.
 */
import { eq, sql } from 'drizzle-orm';
import {
  isUuid,
  MAX_IMAGES_PER_PRODUCT,
  nairaToKobo,
  type Product,
  type ProductCreateBody,
  type ProductDetail,
  type ProductUpdateBody,
  type SizeScale,
  type VariantInput,
} from '@shop/shared';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/index.ts';
import { badRequest, notFound } from '../lib/http-error.ts';
import type { ImageService } from '../media/images.ts';
import { removeUnusedImages } from './image-usage.ts';
import { findProduct, findProducts, type ListOptions, type ProductFilters, toProduct } from './product-query.ts';
import type { TaxonomyService } from './taxonomy-service.ts';
import { activeVariants, applyLegacyOptions, createVariants, replaceVariants, toVariantView } from './variants.ts';

const PRODUCT_NOT_FOUND = 'Product not found';

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

function checkDiscount(priceKobo: number, discountKobo: number) {
  if (discountKobo > priceKobo) throw badRequest('Discount cannot be more than the price');
}

const unique = (ids: string[]) => [...new Set(ids)];

export function createProductService(db: Db, images: ImageService, taxonomy: TaxonomyService) {
  const imageUrl = (id: string) => images.url(id);

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

  async function get(id: string): Promise<ProductDetail> {
    const row = await findProduct(db, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    const variants = (await activeVariants(db, [id])).get(id) ?? [];
    return {
      ...toProduct(row, imageUrl),
      variants: variants.map((v) => toVariantView(v, row, imageUrl)),
    };
  }

  const imageId = (url: string) => images.idFromUrl(url);

  return {
    get,

    async list(filters: ProductFilters, options: ListOptions = {}): Promise<{ items: Product[]; total: number }> {
      const { rows, total } = await findProducts(db, filters, options);
      return { items: rows.map((row) => toProduct(row, imageUrl)), total };
    },

    /** PUT /api/products/{id}/variants: the whole set, in one transaction. */
    async setVariants(id: string, variants: VariantInput[], sizeScale?: SizeScale): Promise<ProductDetail> {
      if (!isUuid(id)) throw notFound(PRODUCT_NOT_FOUND);
      await db.transaction((tx) => replaceVariants(tx, id, variants, imageId, sizeScale));
      return get(id);
    },

    async create(input: ProductCreateBody, files: Buffer[] = []): Promise<ProductDetail> {
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
          await createVariants(tx, row!.id, input, imageId);
          return row!.id;
        });
      } catch (error) {
        await removeUnusedImages(db, images, imageIds);
        throw error;
      }
      return get(id);
    },

    /**
     * Changes any subset of the fields; `imageUrls` is the list of images to keep, in
     * order; `files` are new images appended after them.
     */
    async update(id: string, input: ProductUpdateBody, files: Buffer[] = []): Promise<ProductDetail> {
      const { imageUrls, ...fields } = input;
      if (!(await findProduct(db, id))) throw notFound(PRODUCT_NOT_FOUND);
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
            .select({ price: products.price, discount: products.discount, images: products.images })
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!current) throw notFound(PRODUCT_NOT_FOUND);
          const values = fieldValues(fields);
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
          await applyLegacyOptions(tx, id, { size: fields.size, color: fields.color, counter: fields.counter });
        });
      } catch (error) {
        await removeUnusedImages(db, images, added);
        throw error;
      }
      await removeUnusedImages(db, images, removed);
      return get(id);
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

/**
 * A product's variants: with variant-batch.ts and stock.ts, the one writer of
 * `product_variants` (the catalogue owns the table). Here: the editor's PUT, a new product and
 * the original form's fields; variant-batch.ts writes the catalogue import's many variants at
 * once; stock.ts moves stock for orders, the point of sale and refunds (a conditional UPDATE
 * per variant), which other features call, never the table. Stock, sizes and colours of the
 * product follow by trigger (migrations 0006 and 0010), so nothing here writes the `products`
 * table (products/product-service.ts does). Every write here runs inside the caller's
 * transaction with the product rows locked, so two admins saving the same product take turns. A
 * stock that was read earlier (the editor's form, an exported file) comes with the variant's
 * `stock_version` as read (bumped by trigger on every change of `counter`, migration 0018), and
 * is written by one UPDATE conditional on it, so a unit sold meanwhile is never put back,
 * whichever API process sold it.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type Availability,
  barcodeKey,
  isSizeOf,
  koboToNaira,
  nairaToKobo,
  type SizeScale,
  STOCK_CHANGED,
  type VariantInput,
  type VariantView,
  variantInput,
} from '@shop/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { orderLines, productVariants, products, type VariantRow } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { assertVariantsChange, type May } from '../guarded-fields.ts';
import { variantPricing } from './pricing.ts';
import { colorKey, optionKey } from './option-key.ts';

type Q = Db | Tx;
export type VariantSpec = z.output<typeof variantInput>;

/** Size codes of the standard scale, for the SKUs the shop makes up itself. */
const SIZE_CODES: Record<string, string> = {
  small: 'S',
  medium: 'M',
  large: 'L',
  'extra-large': 'XL',
  'one size': 'OS',
};

const skuPart = (text: string, max: number) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, max);

/** AD-000123-M-RED: a number of the shop's own, then the size and colour codes. */
export async function newSku(q: Q, size: string, color: string): Promise<string> {
  // Both drivers answer a raw query with { rows }.
  const { rows } = (await q.execute(sql`select nextval('product_sku_seq')::text as n`)) as unknown as { rows: { n: string }[] };
  const row = rows[0];
  const parts = [`AD-${String(row?.n ?? '0').padStart(6, '0')}`];
  if (size) parts.push(SIZE_CODES[size] ?? skuPart(size, 8));
  if (skuPart(color, 12)) parts.push(skuPart(color, 12));
  return parts.join('-');
}

/**
 * A variant's cost price (kobo; null: unknown) as a value of the statement that reads it: what
 * an order line keeps as it is written (orders/create.ts), in the line's own INSERT.
 */
export const costNow = (variantId: string) =>
  sql<number | null>`(select ${productVariants.cost} from ${productVariants} where ${productVariants.id} = ${variantId})`;

export function variantAvailability(variant: Pick<VariantRow, 'counter'>, paused: boolean): Availability {
  return paused || variant.counter <= 0 ? 'Out of Stock' : 'In Stock';
}

/** The variants of these products that are on sale (not archived), in their order. */
export async function activeVariants(q: Q, productIds: string[]): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await q
    .select()
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.createdAt));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

interface PricedProduct {
  price: number;
  discount: number;
  paused: boolean;
  images: string[];
}

/** `withCost`: the caller holds catalog.cost; without it the cost is left out, not null. */
export function toVariantView(
  row: VariantRow,
  product: PricedProduct,
  imageUrl: (id: string) => string,
  withCost = false,
): VariantView {
  const { price, discount, salePrice } = variantPricing(row, product);
  const shown = row.images.filter((id) => product.images.includes(id));
  return {
    id: row.id,
    sku: row.sku,
    size: row.size,
    color: row.color,
    price: koboToNaira(price),
    discount: koboToNaira(discount),
    salePrice: koboToNaira(salePrice),
    priceOverride: row.price === null ? null : koboToNaira(row.price),
    discountOverride: row.discount === null ? null : koboToNaira(row.discount),
    ...(withCost && { cost: row.cost === null ? null : koboToNaira(row.cost) }),
    counter: row.counter,
    barcode: row.barcode,
    stockVersion: row.stockVersion,
    availability: variantAvailability(row, product.paused),
    imageUrls: (shown.length > 0 ? shown : product.images).map(imageUrl),
  };
}

const optionLabel = (size: string, color: string) => [size, color].filter(Boolean).join(' / ') || 'no size or colour';

interface LockedProduct {
  id: string;
  price: number;
  discount: number;
  sizeScale: string;
  images: string[];
}

async function lockProduct(tx: Tx, productId: string): Promise<LockedProduct> {
  const [product] = await tx
    .select({
      id: products.id,
      price: products.price,
      discount: products.discount,
      sizeScale: products.sizeScale,
      images: products.images,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!product) throw notFound('Product not found');
  return product;
}

/** The rules a set of variants must follow, checked before anything is written. */
function checkSet(product: LockedProduct, specs: VariantSpec[], imageId: (url: string) => string | undefined) {
  const scale = product.sizeScale as SizeScale;
  const skus = new Map<string, string>();
  const options = new Map<string, string>();
  const sized = specs.filter((v) => v.size !== '').length;
  const coloured = specs.filter((v) => v.color !== '').length;
  if (sized > 0 && sized < specs.length) throw badRequest('Every variant needs a size when one of them has a size');
  if (coloured > 0 && coloured < specs.length) throw badRequest('Every variant needs a colour when one of them has a colour');
  return specs.map((v) => {
    if (!isSizeOf(scale, v.size)) throw badRequest(`"${v.size}" is not a size of this product's size scale (${scale})`);
    const skuKey = v.sku.toUpperCase();
    if (skus.has(skuKey)) throw conflict(`The SKU "${v.sku}" is used twice`);
    skus.set(skuKey, v.sku);
    // A UPC-A and its EAN-13 (a leading 0) are one label: one barcode.
    const codeKey = v.barcode ? `barcode ${barcodeKey(v.barcode)}` : undefined;
    if (codeKey && skus.has(codeKey)) throw conflict(`The barcode "${v.barcode}" is used twice`);
    if (codeKey) skus.set(codeKey, v.barcode!);
    const option = optionKey(v.size, v.color);
    if (options.has(option)) throw conflict(`"${optionLabel(v.size, v.color)}" is listed twice`);
    options.set(option, option);
    const price = v.price === null || v.price === undefined ? null : nairaToKobo(v.price);
    const discount = v.discount === null || v.discount === undefined ? null : nairaToKobo(v.discount);
    // Absent: not written (a kept variant keeps its cost, a new one starts unknown).
    const cost = v.cost === undefined ? undefined : v.cost === null ? null : nairaToKobo(v.cost);
    if ((discount ?? product.discount) > (price ?? product.price)) {
      throw badRequest(`The discount of ${v.sku} cannot be more than its price`);
    }
    // Absent: a kept variant keeps its pictures (a new one shows them all).
    const images = v.imageUrls?.map((url) => {
      const id = imageId(url);
      if (!id || !product.images.includes(id)) throw badRequest(`"${url}" is not an image of this product`);
      return id;
    });
    return { ...v, color: v.color.trim(), price, discount, cost, images };
  });
}

/** The unique-index name in a violation, turned into the message an admin can act on. */
function skuTaken(error: unknown, skus: string[]): never {
  const detail = String((error as { cause?: { detail?: string }; detail?: string })?.cause?.detail ?? '');
  const clash = skus.find((s) => detail.toUpperCase().includes(`(${s.toUpperCase()})`)) ?? skus[0] ?? '';
  throw conflict(`The SKU "${clash}" is already used by another product`);
}

/** Variants on sale that a save left out: deleted, or archived when an order points at them. */
async function dropLeftOut(tx: Tx, existing: VariantRow[], kept: Set<string>): Promise<void> {
  const dropped = existing.filter((v) => !kept.has(v.id) && v.archivedAt === null).map((v) => v.id);
  if (dropped.length === 0) return;
  const sold = await tx
    .selectDistinct({ id: orderLines.variantId })
    .from(orderLines)
    .where(inArray(orderLines.variantId, dropped));
  const withHistory = new Set(sold.map((r) => r.id));
  const archive = dropped.filter((id) => withHistory.has(id));
  const remove = dropped.filter((id) => !withHistory.has(id));
  if (archive.length > 0) {
    await tx
      .update(productVariants)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(inArray(productVariants.id, archive));
  }
  if (remove.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, remove));
}

/**
 * Replaces a product's variants with `input`, in its order. A variant is matched by id, or
 * by SKU (an archived one comes back); others are new. Variants left out are deleted, or
 * archived when orders point at them (their history stays). 409 for a SKU or a size and
 * colour listed twice, or a SKU another product uses, and when a kept variant's `stockVersion`
 * is no longer its own (its stock changed since the editor read it: nothing is saved). The
 * sizes are checked against the product's size scale as the transaction sees it (set it first
 * to change both at once). 403 when the save changes what the caller may not (guarded-fields.ts):
 * a price or a stock without its permission, or anything but the stock without catalog.write.
 */
export async function replaceVariants(
  tx: Tx,
  productId: string,
  input: VariantInput[],
  may: May,
  imageId: (url: string) => string | undefined = () => undefined,
): Promise<void> {
  const product = await lockProduct(tx, productId);
  const specs = checkSet(
    product,
    input.map((v) => variantInput.parse(v)),
    imageId,
  );
  const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const byId = new Map(existing.map((v) => [v.id, v]));
  const bySku = new Map(existing.map((v) => [v.sku.toUpperCase(), v]));
  const matched = specs.map((spec) => {
    const found = spec.id ? byId.get(spec.id) : bySku.get(spec.sku.toUpperCase());
    if (spec.id && !found) throw badRequest(`Variant ${spec.id} is not a variant of this product`);
    return { spec, row: found };
  });
  assertVariantsChange(
    may,
    existing.filter((v) => v.archivedAt === null).map((v) => v.id),
    matched.map(({ spec, row }) => ({ spec, row, images: spec.images, stockVersion: spec.stockVersion })),
  );
  for (const { spec, row } of matched) {
    // Below zero only as it was loaded (offline till sales took it there); never set anew.
    if (spec.counter < 0 && spec.counter !== row?.counter) throw badRequest(`Stock cannot be negative (${spec.sku})`);
  }
  const kept = new Set(matched.flatMap((m) => (m.row ? [m.row.id] : [])));
  const others = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        sql`${productVariants.productId} <> ${productId}`,
        inArray(
          sql`upper(${productVariants.sku})`,
          specs.map((s) => s.sku.toUpperCase()),
        ),
      ),
    );
  if (others[0]) throw conflict(`The SKU "${others[0].sku}" is already used by another product`);

  await dropLeftOut(tx, existing, kept);

  try {
    // Kept variants step out of the "one size and colour once" index first, so two of them
    // may swap options in one save; then each takes its new values back in.
    if (kept.size > 0) {
      await tx
        .update(productVariants)
        .set({ archivedAt: sql`now()` })
        .where(inArray(productVariants.id, [...kept]));
    }
    for (const [position, { spec, row }] of matched.entries()) {
      const values = {
        sku: spec.sku,
        size: spec.size,
        color: spec.color,
        price: spec.price,
        discount: spec.discount,
        counter: spec.counter,
        ...(spec.cost !== undefined && { cost: spec.cost }),
        // Empty clears it (the SKU's Code 128 again); absent keeps a kept variant's own.
        ...(spec.barcode !== undefined && { barcode: spec.barcode || null }),
        position,
      };
      if (row) {
        const saved = await tx
          .update(productVariants)
          .set({ ...values, ...(spec.images && { images: spec.images }), archivedAt: null, updatedAt: sql`now()` })
          .where(
            and(
              eq(productVariants.id, row.id),
              spec.stockVersion === undefined ? undefined : eq(productVariants.stockVersion, spec.stockVersion),
            ),
          )
          .returning({ id: productVariants.id });
        // The caller's transaction rolls back: the whole save is refused, not just this stock.
        if (saved.length === 0) throw conflict(STOCK_CHANGED);
      } else {
        await tx.insert(productVariants).values({ ...values, images: spec.images ?? [], productId });
      }
    }
  } catch (error) {
    if (isUniqueViolation(error, 'product_variants_barcode_key')) {
      const taken = specs.find((s) => s.barcode && String(error).toLowerCase().includes(barcodeKey(s.barcode)));
      throw conflict(`The barcode${taken?.barcode ? ` "${taken.barcode}"` : ''} is already used by another variant`);
    }
    if (isUniqueViolation(error, 'product_variants_sku_key')) {
      skuTaken(
        error,
        specs.map((s) => s.sku),
      );
    }
    throw error;
  }
}

/** The variants a new product starts with: the given set, or one per size listed, in its colour. */
export async function createVariants(
  tx: Tx,
  productId: string,
  input: { variants?: VariantInput[]; size?: string[]; color?: string; counter?: number },
  may: May,
  imageId?: (url: string) => string | undefined,
): Promise<void> {
  if (input.variants && input.variants.length > 0) {
    await replaceVariants(tx, productId, input.variants, may, imageId);
    return;
  }
  const sizes = input.size && input.size.length > 0 ? input.size : [''];
  const color = input.color?.trim() ?? '';
  const variants: VariantInput[] = [];
  for (const [i, size] of sizes.entries()) {
    // How the stock is spread over the sizes is not said: all of it goes to the first.
    variants.push({ sku: await newSku(tx, size, color), size, color, counter: i === 0 ? (input.counter ?? 0) : 0 });
  }
  await replaceVariants(tx, productId, variants, may, imageId);
}

/**
 * The original back office's fields on an update, applied to the variants: `size` is the
 * list of sizes (new ones are added in the product's colours, with no stock; sizes left out
 * are removed), `color` renames the colour of a product that has one, and `counter` is the
 * total stock (a change is added to the first variant, or taken from the last ones first).
 */
export async function applyLegacyOptions(
  tx: Tx,
  productId: string,
  input: { size?: string[]; color?: string; counter?: number },
  may: May,
): Promise<void> {
  if (input.size === undefined && input.color === undefined && input.counter === undefined) return;
  await lockProduct(tx, productId);
  const current = (await activeVariants(tx, [productId])).get(productId) ?? [];
  let next: VariantInput[] = current.map((v) => ({
    id: v.id,
    sku: v.sku,
    size: v.size,
    color: v.color,
    price: v.price === null ? null : koboToNaira(v.price),
    discount: v.discount === null ? null : koboToNaira(v.discount),
    counter: v.counter,
  }));

  if (input.color !== undefined) {
    const color = input.color.trim();
    const colours = [...new Set(current.map((v) => v.color))];
    if (colours.length <= 1) next = next.map((v) => ({ ...v, color }));
    else if (!colours.some((c) => colorKey(c) === colorKey(color))) {
      throw badRequest('This product comes in several colours: change them in its variants');
    }
  }
  if (input.size !== undefined) {
    const sizes = input.size.length > 0 ? input.size : [''];
    const colours = [...new Set(next.map((v) => v.color ?? ''))];
    const ordered: VariantInput[] = [];
    for (const size of sizes) {
      const ofSize = next.filter((v) => (v.size ?? '') === size);
      if (ofSize.length > 0) ordered.push(...ofSize);
      else {
        for (const color of colours.length > 0 ? colours : ['']) {
          ordered.push({ sku: await newSku(tx, size, color), size, color, counter: 0 });
        }
      }
    }
    next = ordered;
  }
  if (input.counter !== undefined && next.length > 0) {
    let delta = input.counter - next.reduce((sum, v) => sum + v.counter, 0);
    if (delta > 0) next[0] = { ...next[0]!, counter: next[0]!.counter + delta };
    for (let i = next.length - 1; delta < 0 && i >= 0; i--) {
      const take = Math.min(next[i]!.counter, -delta);
      next[i] = { ...next[i]!, counter: next[i]!.counter - take };
      delta += take;
    }
  }
  await replaceVariants(tx, productId, next, may);
}

/**
 * The catalogue import's second step: what each row does, decided against the catalogue as the
 * import's transaction reads it (readCatalogue, the one read here, with the products locked)
 * before anything is written. planImport is pure: per row, a new variant to create, a known
 * one to update (its stock only as its stock_version allows, or set_stock), an unchanged row,
 * or a refused one with its reason. The product's columns come from the first row describing
 * it; later rows must agree. A size and colour is taken once per product, compared as the
 * variants editor compares them (variants/option-key.ts). A barcode is held by one variant,
 * as the variants editor holds it: once in the file, and not by a variant the file leaves it
 * with (a row may take a barcode an earlier row gave up).
 */
import { barcodeKey, isSizeOf, type SizeScale } from '@shop/shared';
import type { Tx } from '../../db/client.ts';
import { brands, categories, type ProductRow, subs, subsubs, type VariantRow } from '../../db/schema/index.ts';
import { lockProducts, type ProductBatchValues } from '../products/product-service.ts';
import { optionKey } from '../variants/option-key.ts';
import { barcodeHolders, type StockWrite, type VariantValues, variantsBySku } from '../variants/variant-batch.ts';
import { activeVariants } from '../variants/variants.ts';
import { type ImportRow, RowError, type RowProblem } from './parse.ts';

const TAXONOMY = { category: categories, sub: subs, subsub: subsubs, brand: brands };
type TaxonomyKind = keyof typeof TAXONOMY;
const KIND_LABEL: Record<TaxonomyKind, string> = {
  category: 'Category',
  sub: 'Sub-category',
  subsub: 'Sub-sub-category',
  brand: 'Brand',
};

/** What the plan is made against: the catalogue as the import's transaction reads it. */
export interface CurrentCatalogue {
  /** Each kind's names, lower-cased. */
  taxonomy: Record<TaxonomyKind, Map<string, { id: string; name: string }>>;
  /** The variants with the file's SKUs, archived ones included, by upper-cased SKU. */
  known: Map<string, VariantRow>;
  /** The products the file names or whose variants it names, locked. */
  products: Map<string, ProductRow>;
  /** Their variants on sale. */
  active: Map<string, VariantRow[]>;
  /** The SKUs of the variants holding the file's barcodes (archived ones too), by barcode key. */
  barcodes: Map<string, string>;
}

/**
 * Reads what the rows refer to. The products are locked: a concurrent save of the same
 * products waits for the import, or the import for it.
 */
export async function readCatalogue(tx: Tx, rows: ImportRow[]): Promise<CurrentCatalogue> {
  const taxonomy = {} as CurrentCatalogue['taxonomy'];
  for (const [kind, table] of Object.entries(TAXONOMY) as [TaxonomyKind, (typeof TAXONOMY)[TaxonomyKind]][]) {
    const names = await tx.select({ id: table.id, name: table.name }).from(table);
    taxonomy[kind] = new Map(names.map((r) => [r.name.toLowerCase(), r]));
  }
  const known = await variantsBySku(
    tx,
    rows.map((r) => r.sku),
  );
  const productIds = [
    ...new Set([...rows.flatMap((r) => (r.productId ? [r.productId] : [])), ...[...known.values()].map((v) => v.productId)]),
  ];
  const products = new Map((await lockProducts(tx, productIds)).map((p) => [p.id, p]));
  return {
    taxonomy,
    known,
    products,
    active: await activeVariants(tx, productIds),
    barcodes: await barcodeHolders(
      tx,
      rows.flatMap((r) => (r.barcode ? [r.barcode] : [])),
    ),
  };
}

/** A product the file describes: a known one (`id`) or a new one, keyed by its lower-cased title. */
export interface ProductPlan {
  id?: string;
  /** Row that first described it (for messages), and its key among the plan's products. */
  firstRow: number;
  key: string;
  values: ProductBatchValues;
  changed: boolean;
  sizeScale: SizeScale;
  price: number;
  discount: number;
  /** Active variants after the import, by option, for the "size and colour once" rule. */
  options: Map<string, string>;
}

/** A row that writes a variant: a new one (no `id`) or a known one. */
export interface VariantWrite extends VariantValues {
  row: number;
  id?: string;
  productKey: string;
  /** A known variant's stock, written only if its version allows (null: unchanged). */
  stock: StockWrite | null;
  /** A known variant whose values differ only by its stock: unchanged if that is refused. */
  onlyStock: boolean;
}

export interface ImportPlan {
  products: Map<string, ProductPlan>;
  writes: VariantWrite[];
  /** Rows that change nothing. */
  unchanged: number;
  /** Rows refused, in the file's order. */
  errors: RowProblem[];
}

/** Decides every row, in the file's order; a refused row leaves the plan as it was, but for its SKU. */
export function planImport(rows: ImportRow[], current: CurrentCatalogue): ImportPlan {
  const plan: ImportPlan = { products: new Map(), writes: [], unchanged: 0, errors: [] };
  const seenSkus = new Map<string, number>();
  const barcodes: BarcodeState = { holders: new Map(current.barcodes), rows: new Map() };
  for (const r of rows) {
    try {
      const sku = r.sku.toUpperCase();
      const twice = seenSkus.get(sku);
      if (twice) throw new RowError(`The SKU "${r.sku}" is also on row ${twice}`);
      seenSkus.set(sku, r.row);
      const variant = current.known.get(sku);
      const product = planProduct(r, variant, current, plan.products);
      checkBarcode(r, barcodes);
      const write = planVariant(r, variant, product);
      takeBarcode(r, variant, barcodes);
      plan.products.set(product.key, product);
      if (write) plan.writes.push(write);
      else plan.unchanged += 1;
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      plan.errors.push({ row: r.row, message: error.message });
    }
  }
  return plan;
}

/** Who holds each barcode as the rows accepted so far leave it, and the row that gave it. */
interface BarcodeState {
  /** The holder's SKU, by barcode key. */
  holders: Map<string, string>;
  rows: Map<string, number>;
}

/** A barcode the row gives must be on no other row and held by no other variant. */
function checkBarcode(r: ImportRow, { holders, rows }: BarcodeState): void {
  if (!r.barcode) return;
  const key = barcodeKey(r.barcode);
  const twice = rows.get(key);
  if (twice) throw new RowError(`The barcode "${r.barcode}" is also on row ${twice}`);
  const holder = holders.get(key);
  if (holder && holder.toUpperCase() !== r.sku.toUpperCase()) {
    throw new RowError(`The barcode "${r.barcode}" is already used by the variant ${holder}`);
  }
}

/** The row accepted: its variant gives up the barcode it had and holds the file's. */
function takeBarcode(r: ImportRow, variant: VariantRow | undefined, { holders, rows }: BarcodeState): void {
  if (r.barcode === undefined) return;
  if (variant?.barcode) {
    const before = barcodeKey(variant.barcode);
    if (holders.get(before)?.toUpperCase() === r.sku.toUpperCase()) holders.delete(before);
  }
  if (r.barcode === null) return;
  holders.set(barcodeKey(r.barcode), variant?.sku ?? r.sku);
  rows.set(barcodeKey(r.barcode), r.row);
}

/** The product's columns the row gives (taxonomy by name, any case). */
function productValues(r: ImportRow, taxonomy: CurrentCatalogue['taxonomy']): ProductBatchValues {
  const reference = (kind: TaxonomyKind, value: string | undefined) => {
    if (value === undefined) return undefined;
    const found = taxonomy[kind].get(value.toLowerCase());
    if (!found) throw new RowError(`${KIND_LABEL[kind]} "${value}" does not exist`);
    return found;
  };
  const category = reference('category', r.category);
  const sub = reference('sub', r.sub);
  const subsub = reference('subsub', r.subsub);
  const brand = reference('brand', r.brand);
  return {
    ...(r.title !== undefined && { title: r.title }),
    ...(r.heading !== undefined && { heading: r.heading }),
    ...(r.description !== undefined && { description: r.description }),
    ...(category && { categoryId: category.id }),
    ...(sub && { subId: sub.id }),
    ...(subsub && { subsubId: subsub.id }),
    ...(brand && { brandId: brand.id, brandName: brand.name }),
    ...(r.price !== undefined && { price: r.price }),
    ...(r.discount !== undefined && { discount: r.discount }),
    ...(r.sizeScale !== undefined && { sizeScale: r.sizeScale }),
    ...(r.paused !== undefined && { paused: r.paused }),
  };
}

/**
 * The product the row belongs to: the one an earlier row described (whose columns this row must
 * not contradict), or a new entry, not yet in the plan (the caller adds it once the row holds).
 */
function planProduct(
  r: ImportRow,
  variant: VariantRow | undefined,
  current: CurrentCatalogue,
  planned: Map<string, ProductPlan>,
): ProductPlan {
  if (variant && r.productId && variant.productId !== r.productId) {
    throw new RowError(`The SKU "${r.sku}" belongs to another product`);
  }
  const productId = variant?.productId ?? r.productId;
  if (productId && !current.products.has(productId)) throw new RowError(`Product ${productId} does not exist`);
  const key = productId ?? `new:${(r.title ?? '').toLowerCase()}`;
  if (!productId && !r.title) throw new RowError('A new product needs a title (or a product_id to add the variant to)');

  const values = productValues(r, current.taxonomy);
  const earlier = planned.get(key);
  if (earlier) {
    const clash = (Object.keys(values) as (keyof typeof values)[]).find(
      (k) => earlier.values[k] !== undefined && earlier.values[k] !== values[k],
    );
    if (clash)
      throw new RowError(`The product's ${clash} differs from row ${earlier.firstRow}, which describes the same product`);
    return earlier;
  }
  const stored = productId ? current.products.get(productId) : undefined;
  if (!stored && r.price === undefined) throw new RowError('A new product needs a price');
  const product: ProductPlan = {
    id: productId,
    firstRow: r.row,
    key,
    values,
    changed: stored ? (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== stored[k]) : true,
    sizeScale: (values.sizeScale ?? stored?.sizeScale ?? 'standard') as SizeScale,
    price: values.price ?? stored?.price ?? 0,
    discount: values.discount ?? stored?.discount ?? 0,
    options: new Map((current.active.get(productId ?? '') ?? []).map((v) => [optionKey(v.size, v.color), v.sku.toUpperCase()])),
  };
  if (product.discount > product.price) throw new RowError('Discount cannot be more than the price');
  return product;
}

/**
 * The variant the row writes, or undefined when the row changes nothing. Takes the row's size
 * and colour in the product's options (moving a known variant's), once every check has passed.
 */
function planVariant(r: ImportRow, variant: VariantRow | undefined, product: ProductPlan): VariantWrite | undefined {
  checkStock(r, variant);
  const size = r.size ?? variant?.size ?? '';
  const color = r.color ?? variant?.color ?? '';
  const price = r.variantPrice === undefined ? (variant?.price ?? null) : r.variantPrice;
  const discount = r.variantDiscount === undefined ? (variant?.discount ?? null) : r.variantDiscount;
  if (!isSizeOf(product.sizeScale, size)) throw new RowError(`"${size}" is not a size of the ${product.sizeScale} scale`);
  if ((discount ?? product.discount) > (price ?? product.price)) {
    throw new RowError('The discount cannot be more than the price');
  }
  const sku = r.sku.toUpperCase();
  const option = optionKey(size, color);
  const holder = product.options.get(option);
  if (holder && holder !== sku) {
    throw new RowError(`"${[size, color].filter(Boolean).join(' / ')}" is already the SKU ${holder} of this product`);
  }
  if (variant) {
    const before = optionKey(variant.size, variant.color);
    if (product.options.get(before) === sku) product.options.delete(before);
  }
  product.options.set(option, sku);

  const stock = stockWrite(r, variant);
  // SKUs match whatever their case; a known one keeps the case it was saved with.
  const barcode = r.barcode === undefined ? (variant?.barcode ?? null) : r.barcode;
  // Without the column a variant keeps its cost (a new one starts unknown).
  const cost = r.cost === undefined ? (variant?.cost ?? null) : r.cost;
  const values = { sku: variant?.sku ?? r.sku, size, color, price, discount, barcode, cost };
  const same =
    !product.changed &&
    variant !== undefined &&
    variant.archivedAt === null &&
    (Object.keys(values) as (keyof typeof values)[]).every((k) => variant[k] === values[k]);
  if (same && !stock) return undefined;
  return {
    ...values,
    row: r.row,
    id: variant?.id,
    productKey: product.key,
    counter: r.setStock ?? r.stock ?? 0,
    stock,
    onlyStock: same,
  };
}

/**
 * Stock below zero comes only from offline till sales (issue 29): an exported one passes (as
 * it is, or as a conflict once the stock moved on), but a row may not write a new one.
 */
function checkStock(r: ImportRow, variant: VariantRow | undefined): void {
  if (r.stock === undefined || r.stock >= 0 || r.setStock !== undefined) return;
  const writes = !variant || (r.stock !== variant.counter && r.stockVersion === variant.stockVersion);
  if (writes) throw new RowError('Stock cannot be negative: only offline till sales take a variant below zero');
}

/** A new variant takes the stock given; a known one as its version allows, or set_stock whatever it is. */
function stockWrite(r: ImportRow, variant: VariantRow | undefined): StockWrite | null {
  const wanted = r.setStock ?? r.stock;
  if (!variant || wanted === undefined || (r.setStock === undefined && wanted === variant.counter)) return null;
  return {
    counter: wanted,
    version: r.setStock === undefined ? (r.stockVersion ?? null) : null,
    always: r.setStock !== undefined,
  };
}

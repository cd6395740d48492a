/**
 * The catalogue as a spreadsheet: one row per variant, with its product's columns. Export
 * streams the whole catalogue a batch at a time; import matches rows by SKU and checks every
 * row before anything is written, then writes the changes set-based in one transaction,
 * through the tables' owners: products by product-service.ts, variants by variants.ts (a
 * few statements per thousand rows, so the variants' triggers run once per statement).
 * A file with any bad row writes nothing, unless the admin asks to skip bad rows; a dry run
 * (and a file with bad rows) does all the work and rolls it back, so its report is exactly
 * what an import would do. The import reports its progress through the rows as it goes (the
 * route streams it).
 *
 * A file is read hours after it was exported, and the shop sells meanwhile: the stock of a
 * known variant is written only while its stock_version is still the file's (in the UPDATE,
 * variants.ts), so a morning's file imported in the afternoon does not put sold units back on
 * sale. Such a row's other columns apply and its stock is reported as a conflict. `set_stock`
 * (a count the admin means, never exported) is written whatever the version; a new variant
 * takes its stock as given.
 */
import { Readable } from 'node:stream';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import {
  type CatalogueImportProgress,
  type CatalogueImportReport,
  CATALOGUE_CSV_COLUMNS,
  isSizeOf,
  isUuid,
  koboToNairaText,
  SIZE_SCALE_NAMES,
  type SizeScale,
  sku as skuSchema,
} from '@shop/shared';
import type { Db, Tx } from '../../db/client.ts';
import { brands, categories, type ProductRow, products, subs, subsubs, type VariantRow } from '../../db/schema/index.ts';
import { csvRow } from '../../lib/csv.ts';
import { badRequest } from '../../lib/http-error.ts';
import { hasUnstorableText, UNSTORABLE_TEXT } from '../../lib/storable-text.ts';
import { insertProducts, lockProducts, type ProductBatchValues, updateProducts } from '../products/product-service.ts';
import { optionKey } from '../variants/option-key.ts';
import {
  activeVariants,
  type ChangedVariant,
  type StockWrite,
  type VariantValues,
  variantsBySku,
  writeVariantBatch,
} from '../variants/variants.ts';

export const MAX_IMPORT_ROWS = 50_000;
/** The import's column for a stock set whatever it is now; not in the export, so never set by accident. */
const SET_STOCK = 'set_stock';
const EXPORT_BATCH = 500;

// ---------------------------------------------------------------- export

type ExportProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'title' | 'heading' | 'description' | 'price' | 'discount' | 'sizeScale' | 'paused' | 'brandName' | 'createdAt'
> & { category: string | null; sub: string | null; subsub: string | null };

const money = (kobo: number | null) => (kobo === null ? '' : koboToNairaText(kobo));

/** Every variant on sale with its product's columns, newest products first, as CSV text chunks. */
export function exportCatalogue(db: Db): Readable {
  async function* rows(): AsyncGenerator<string> {
    // A byte-order mark, so spreadsheets read names with accents as UTF-8.
    yield `\uFEFF${csvRow([...CATALOGUE_CSV_COLUMNS])}`;
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page: ExportProduct[] = await db
        .select({
          id: products.id,
          title: products.title,
          heading: products.heading,
          description: products.description,
          price: products.price,
          discount: products.discount,
          sizeScale: products.sizeScale,
          paused: products.paused,
          brandName: products.brandName,
          createdAt: products.createdAt,
          category: categories.name,
          sub: subs.name,
          subsub: subsubs.name,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(subs, eq(subs.id, products.subId))
        .leftJoin(subsubs, eq(subsubs.id, products.subsubId))
        .where(
          after
            ? or(lt(products.createdAt, after.createdAt), and(eq(products.createdAt, after.createdAt), lt(products.id, after.id)))
            : undefined,
        )
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(EXPORT_BATCH);
      if (page.length === 0) return;
      const byProduct = await activeVariants(
        db,
        page.map((p) => p.id),
      );
      let chunk = '';
      for (const p of page) {
        for (const v of byProduct.get(p.id) ?? []) {
          chunk += csvRow([
            p.id,
            v.sku,
            p.title,
            p.heading,
            p.description,
            p.category ?? '',
            p.sub ?? '',
            p.subsub ?? '',
            p.brandName,
            money(p.price),
            money(p.discount),
            p.sizeScale,
            v.size,
            v.color,
            money(v.price),
            money(v.discount),
            v.counter,
            v.stockVersion,
            p.paused ? 'yes' : 'no',
          ]);
        }
      }
      yield chunk;
      const last = page.at(-1)!;
      after = { createdAt: last.createdAt, id: last.id };
      if (page.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(rows());
}

// ---------------------------------------------------------------- import

type Column = (typeof CATALOGUE_CSV_COLUMNS)[number] | typeof SET_STOCK;

/** A parsed row: `undefined` where the file has no such column or the cell is empty (unchanged). */
interface ImportRow {
  row: number;
  productId?: string;
  sku: string;
  title?: string;
  heading?: string;
  description?: string;
  category?: string;
  sub?: string;
  subsub?: string;
  brand?: string;
  price?: number;
  discount?: number;
  sizeScale?: SizeScale;
  /** undefined: the file has no such column (unchanged); '': no size, or no colour. */
  size?: string;
  color?: string;
  variantPrice?: number | null;
  variantDiscount?: number | null;
  stock?: number;
  /** The variant's stock_version when the file was exported. */
  stockVersion?: number;
  setStock?: number;
  paused?: boolean;
}

class RowError extends Error {}

function parseMoney(value: string, label: string): number {
  const text = value.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) throw new RowError(`${label} must be an amount in naira, like 25000 or 25000.50`);
  const kobo = Math.round(Number(text) * 100);
  if (kobo > 100_000_000_000) throw new RowError(`${label} is too large`);
  return kobo;
}

/** The export's formula guard undone: '=SUM(…) was written for =SUM(…) (lib/csv.ts). */
const unguarded = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

function parseRow(cells: Record<string, string>, row: number): ImportRow {
  const cell = (name: Column) => {
    const value = cells[name];
    return value === undefined || value.trim() === '' ? undefined : unguarded(value.trim());
  };
  // For the variant's own values an empty cell means something: no size, no colour, the product's price.
  const has = (name: Column) => name in cells;
  const sku = skuSchema.safeParse(cell('sku') ?? '');
  if (!sku.success) throw new RowError(cell('sku') ? (sku.error.issues[0]?.message ?? 'Invalid SKU') : 'SKU is required');
  const scale = cell('size_scale');
  if (scale !== undefined && !(SIZE_SCALE_NAMES as string[]).includes(scale)) {
    throw new RowError(`Size scale must be one of: ${SIZE_SCALE_NAMES.join(', ')}`);
  }
  const stock = cell('stock');
  if (stock !== undefined && !/^\d{1,9}$/.test(stock)) throw new RowError('Stock must be a whole number of 0 or more');
  const stockVersion = cell('stock_version');
  if (stockVersion !== undefined && !/^\d{1,9}$/.test(stockVersion)) {
    throw new RowError('stock_version must be the whole number the export gave');
  }
  const setStock = cell(SET_STOCK);
  if (setStock !== undefined && !/^\d{1,9}$/.test(setStock)) throw new RowError('set_stock must be a whole number of 0 or more');
  const paused = cell('paused')?.toLowerCase();
  if (paused !== undefined && !['yes', 'no', 'true', 'false'].includes(paused)) throw new RowError('Paused must be yes or no');
  const productId = cell('product_id');
  if (productId !== undefined && !isUuid(productId)) throw new RowError('product_id is not a product id');
  const title = cell('title');
  if (title !== undefined && title.length > 200) throw new RowError('Title is too long');
  const price = cell('price');
  const discount = cell('discount');
  const variantPrice = cell('variant_price');
  const variantDiscount = cell('variant_discount');
  return {
    row,
    productId: productId?.toLowerCase(),
    sku: sku.data,
    title,
    heading: cell('heading'),
    description: cell('description'),
    category: cell('category'),
    sub: cell('sub'),
    subsub: cell('subsub'),
    brand: cell('brand'),
    price: price === undefined ? undefined : parseMoney(price, 'Price'),
    discount: discount === undefined ? undefined : parseMoney(discount, 'Discount'),
    sizeScale: scale as SizeScale | undefined,
    size: has('size') ? (cell('size') ?? '').toLowerCase() : undefined,
    color: has('color') ? (cell('color') ?? '') : undefined,
    // An empty variant price follows the product's.
    variantPrice: !has('variant_price')
      ? undefined
      : variantPrice === undefined
        ? null
        : parseMoney(variantPrice, 'Variant price'),
    variantDiscount: !has('variant_discount')
      ? undefined
      : variantDiscount === undefined
        ? null
        : parseMoney(variantDiscount, 'Variant discount'),
    stock: stock === undefined ? undefined : Number(stock),
    stockVersion: stockVersion === undefined ? undefined : Number(stockVersion),
    setStock: setStock === undefined ? undefined : Number(setStock),
    paused: paused === undefined ? undefined : paused === 'yes' || paused === 'true',
  };
}

/** A catalogue file that reads as CSV with a `sku` column: its rows, keyed by the header's column names. */
export interface CatalogueFile {
  records: Record<string, string>[];
}

/**
 * Reads the file before any work starts; 400 when it is not a CSV with a `sku` column, or too
 * long. The parser stops at the first row past the cap, so a long file costs no more than
 * the cap (and what lies past it is never read). The CSV parser loads with the first import
 * (a process that never imports never pays for it).
 */
export async function readCatalogueFile(file: Buffer): Promise<CatalogueFile> {
  const { parse } = await import('csv-parse/sync');
  let records: Record<string, string>[];
  try {
    records = parse(file, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
      // Data rows (the header is not one): one past the cap says the file is too long.
      to: MAX_IMPORT_ROWS + 1,
    });
  } catch (error) {
    throw badRequest(`The file is not a CSV file that can be read: ${(error as Error).message}`);
  }
  if (records.length === 0) throw badRequest('The file has no rows');
  if (hasUnstorableText(records)) throw badRequest(`The file cannot be imported. ${UNSTORABLE_TEXT}`);
  if (!('sku' in (records[0] ?? {}))) throw badRequest('The file needs a "sku" column (export the catalogue to see the columns)');
  if (records.length > MAX_IMPORT_ROWS) throw badRequest(`A file can have at most ${MAX_IMPORT_ROWS} rows`);
  return { records };
}

interface ProductState {
  id?: string;
  /** Row that first described it (for messages), and its key among new products. */
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

interface VariantWrite extends VariantValues {
  row: number;
  id?: string;
  productKey: string;
  /** A known variant's stock, written only if its version allows (null: unchanged). */
  stock: StockWrite | null;
  /** A known variant whose values differ only by its stock: unchanged if that is refused. */
  onlyStock: boolean;
}

/** Why a row's stock was not written (set_stock always is): what it asked for, and the stock as it is. */
function conflictMessage({ counter, version }: StockWrite, now: number): string {
  const instead = 'Export again, or put the count in set_stock';
  return version === null
    ? `No stock_version: ${counter} was not applied (the stock is ${now}). ${instead}`
    : `The stock changed after this file was exported (it is now ${now}): ${counter} was not applied. ${instead}`;
}

async function names(q: Tx, table: typeof categories | typeof subs | typeof subsubs | typeof brands) {
  const rows = await q.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r]));
}

/** Rolls a dry run back after its report is made. */
class DryRun extends Error {
  constructor(readonly report: CatalogueImportReport) {
    super('dry run');
  }
}

export interface ImportOptions {
  dryRun?: boolean;
  skipInvalid?: boolean;
  /** Called as the import goes: 0 at the start, then after the check and each batch written, `total` at the end. */
  onProgress?: (progress: CatalogueImportProgress) => void;
}

export async function importCatalogue(
  db: Db,
  { records }: CatalogueFile,
  { dryRun = false, skipInvalid = false, onProgress = () => {} }: ImportOptions = {},
): Promise<CatalogueImportReport> {
  const total = records.length;
  let done = 0;
  const advance = (to: number) => {
    if (to <= done) return;
    done = Math.min(to, total);
    onProgress({ done, total });
  };
  onProgress({ done, total });

  const errors: { row: number; message: string }[] = [];
  const parsed: ImportRow[] = [];
  records.forEach((cells, i) => {
    try {
      parsed.push(parseRow(cells, i + 2));
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      errors.push({ row: i + 2, message: error.message });
    }
  });

  let report: CatalogueImportReport;
  try {
    report = await db.transaction(async (tx) => {
      const taxonomy = {
        category: await names(tx, categories),
        sub: await names(tx, subs),
        subsub: await names(tx, subsubs),
        brand: await names(tx, brands),
      };
      const known = await variantsBySku(
        tx,
        parsed.map((r) => r.sku),
      );
      const productIds = [
        ...new Set([
          ...parsed.flatMap((r) => (r.productId ? [r.productId] : [])),
          ...[...known.values()].map((v) => v.productId),
        ]),
      ];
      // Locked: a concurrent save of the same products waits for the import, or the import for it.
      const existing = new Map<string, ProductRow>((await lockProducts(tx, productIds)).map((p) => [p.id, p]));
      const activeOf: Map<string, VariantRow[]> = await activeVariants(tx, productIds);

      const states = new Map<string, ProductState>();
      const writes: VariantWrite[] = [];
      const seenSkus = new Map<string, number>();
      let unchanged = 0;

      const reference = (kind: keyof typeof taxonomy, value: string | undefined) => {
        if (value === undefined) return undefined;
        const found = taxonomy[kind].get(value.toLowerCase());
        if (!found)
          throw new RowError(
            `${kind === 'sub' ? 'Sub-category' : kind === 'subsub' ? 'Sub-sub-category' : kind === 'category' ? 'Category' : 'Brand'} "${value}" does not exist`,
          );
        return found;
      };

      for (const r of parsed) {
        try {
          const twice = seenSkus.get(r.sku.toUpperCase());
          if (twice) throw new RowError(`The SKU "${r.sku}" is also on row ${twice}`);
          seenSkus.set(r.sku.toUpperCase(), r.row);
          const variant = known.get(r.sku.toUpperCase());
          if (variant && r.productId && variant.productId !== r.productId) {
            throw new RowError(`The SKU "${r.sku}" belongs to another product`);
          }
          const productId = variant?.productId ?? r.productId;
          if (productId && !existing.has(productId)) throw new RowError(`Product ${productId} does not exist`);
          const key = productId ?? `new:${(r.title ?? '').toLowerCase()}`;
          if (!productId && !r.title) throw new RowError('A new product needs a title (or a product_id to add the variant to)');

          // The product's columns: the first row describing it decides; later rows must agree.
          let state = states.get(key);
          const category = reference('category', r.category);
          const sub = reference('sub', r.sub);
          const subsub = reference('subsub', r.subsub);
          const brand = reference('brand', r.brand);
          const values: ProductBatchValues = {
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
          if (!state) {
            const current = productId ? existing.get(productId) : undefined;
            if (!current && r.price === undefined) throw new RowError('A new product needs a price');
            const differs = current
              ? (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== current[k])
              : true;
            state = {
              id: productId,
              firstRow: r.row,
              key,
              values,
              changed: differs,
              sizeScale: (values.sizeScale ?? current?.sizeScale ?? 'standard') as SizeScale,
              price: values.price ?? current?.price ?? 0,
              discount: values.discount ?? current?.discount ?? 0,
              options: new Map(
                (activeOf.get(productId ?? '') ?? []).map((v) => [optionKey(v.size, v.color), v.sku.toUpperCase()]),
              ),
            };
            if (state.discount > state.price) throw new RowError('Discount cannot be more than the price');
          } else {
            const clash = (Object.keys(values) as (keyof typeof values)[]).find(
              (k) => state!.values[k] !== undefined && state!.values[k] !== values[k],
            );
            if (clash)
              throw new RowError(`The product's ${clash} differs from row ${state.firstRow}, which describes the same product`);
          }

          const size = r.size ?? variant?.size ?? '';
          const color = r.color ?? variant?.color ?? '';
          const price = r.variantPrice === undefined ? (variant?.price ?? null) : r.variantPrice;
          const discount = r.variantDiscount === undefined ? (variant?.discount ?? null) : r.variantDiscount;
          if (!isSizeOf(state.sizeScale, size)) throw new RowError(`"${size}" is not a size of the ${state.sizeScale} scale`);
          if ((discount ?? state.discount) > (price ?? state.price)) {
            throw new RowError('The discount cannot be more than the price');
          }
          const option = optionKey(size, color);
          const holder = state.options.get(option);
          if (holder && holder !== r.sku.toUpperCase()) {
            throw new RowError(`"${[size, color].filter(Boolean).join(' / ')}" is already the SKU ${holder} of this product`);
          }
          if (variant) {
            const before = optionKey(variant.size, variant.color);
            if (state.options.get(before) === r.sku.toUpperCase()) state.options.delete(before);
          }
          state.options.set(option, r.sku.toUpperCase());
          states.set(key, state);

          // A new variant takes the stock given; a known one as its version allows, or set_stock.
          const wanted = r.setStock ?? r.stock;
          const stock: StockWrite | null =
            !variant || wanted === undefined || (r.setStock === undefined && wanted === variant.counter)
              ? null
              : {
                  counter: wanted,
                  version: r.setStock === undefined ? (r.stockVersion ?? null) : null,
                  always: r.setStock !== undefined,
                };
          const write = {
            row: r.row,
            id: variant?.id,
            productKey: key,
            // SKUs match whatever their case; a known one keeps the case it was saved with.
            sku: variant?.sku ?? r.sku,
            size,
            color,
            price,
            discount,
            counter: wanted ?? 0,
            stock,
          };
          const same =
            !state.changed &&
            variant !== undefined &&
            variant.archivedAt === null &&
            variant.sku === write.sku &&
            variant.size === write.size &&
            variant.color === write.color &&
            variant.price === write.price &&
            variant.discount === write.discount;
          if (same && !stock) unchanged += 1;
          else writes.push({ ...write, onlyStock: same });
        } catch (error) {
          if (!(error instanceof RowError)) throw error;
          errors.push({ row: r.row, message: error.message });
        }
      }
      errors.sort((a, b) => a.row - b.row);

      // Checked: what is unchanged or refused is settled; the rest is settled as it is written.
      advance(total - writes.length);

      // New products, then the changed ones, then the variants.
      const fresh = [...states.values()].filter((s) => !s.id);
      const ids = await insertProducts(
        tx,
        fresh.map((s) => ({ title: s.values.title!, price: s.values.price!, ...s.values })),
      );
      fresh.forEach((s, i) => {
        s.id = ids[i]!;
      });
      await updateProducts(
        tx,
        [...states.values()]
          .filter((s) => s.id && existing.has(s.id) && s.changed && Object.keys(s.values).length > 0)
          .map((s) => ({ id: s.id!, values: s.values })),
      );
      const values = ({ sku, size, color, price, discount }: VariantWrite) => ({ sku, size, color, price, discount });
      const refused = await writeVariantBatch(
        tx,
        {
          changed: writes.flatMap((w): ChangedVariant[] => (w.id ? [{ ...values(w), id: w.id, stock: w.stock }] : [])),
          added: writes.flatMap((w): (VariantValues & { productId: string })[] =>
            w.id ? [] : [{ ...values(w), counter: w.counter, productId: states.get(w.productKey)!.id! }],
          ),
        },
        (rows) => advance(done + rows),
      );
      const stockNow = new Map(refused.map((v) => [v.id, v.counter]));
      const conflicting = writes.filter((w) => w.id && stockNow.has(w.id));
      // A row that only wanted its stock changed, and was refused, changed nothing.
      const stillSame = conflicting.filter((w) => w.onlyStock).length;
      const report: CatalogueImportReport = {
        created: writes.filter((w) => !w.id).length,
        updated: writes.filter((w) => w.id).length - stillSame,
        unchanged: unchanged + stillSame,
        errors,
        conflicts: conflicting.map((w) => ({
          row: w.row,
          sku: w.sku,
          message: conflictMessage(w.stock!, stockNow.get(w.id!)!),
        })),
        applied: !dryRun && (errors.length === 0 || skipInvalid),
        dryRun,
      };
      // A file with refused rows is written only when they are skipped; else, like a dry run, rolled back.
      if (!report.applied) throw new DryRun(report);
      return report;
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
    report = error.report;
  }
  advance(total);
  return report;
}

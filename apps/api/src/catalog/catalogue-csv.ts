/**
 * The catalogue as a spreadsheet: one row per variant, with its product's columns. Export
 * streams the whole catalogue a batch at a time; import matches rows by SKU, checks every
 * row before writing anything, then writes the changes set-based (a few statements per
 * thousand rows, so the variants' triggers run once per statement) in one transaction.
 * A file with any bad row writes nothing, unless the admin asks to skip bad rows; a dry run
 * does all the work and rolls it back, so its report is exactly what an import would do.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  type CatalogueImportReport,
  CATALOGUE_CSV_COLUMNS,
  isSizeOf,
  koboToNairaText,
  SIZE_SCALE_NAMES,
  type SizeScale,
  sku as skuSchema,
} from '@shop/shared';
import type { Db, Tx } from '../db/client.ts';
import { brands, categories, products, productVariants, subs, subsubs } from '../db/schema/index.ts';
import { csvRow } from '../lib/csv.ts';
import { badRequest } from '../lib/http-error.ts';

export const MAX_IMPORT_ROWS = 50_000;
const EXPORT_BATCH = 500;
const WRITE_CHUNK = 1000;

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
      const variants = await db
        .select()
        .from(productVariants)
        .where(
          and(
            inArray(
              productVariants.productId,
              page.map((p) => p.id),
            ),
            isNull(productVariants.archivedAt),
          ),
        )
        .orderBy(asc(productVariants.productId), asc(productVariants.position));
      const byProduct = new Map<string, (typeof variants)[number][]>();
      for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
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

type Column = (typeof CATALOGUE_CSV_COLUMNS)[number];

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
  const paused = cell('paused')?.toLowerCase();
  if (paused !== undefined && !['yes', 'no', 'true', 'false'].includes(paused)) throw new RowError('Paused must be yes or no');
  const productId = cell('product_id');
  if (productId !== undefined && !/^[0-9a-f-]{36}$/i.test(productId)) throw new RowError('product_id is not a product id');
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
    paused: paused === undefined ? undefined : paused === 'yes' || paused === 'true',
  };
}

/** The file's rows keyed by the header's column names; 400 when it is not a CSV with a `sku` column. */
function readCsv(file: Buffer): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parse(file, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
    });
  } catch (error) {
    throw badRequest(`The file is not a CSV file that can be read: ${(error as Error).message}`);
  }
  if (records.length === 0) throw badRequest('The file has no rows');
  if (!('sku' in (records[0] ?? {}))) throw badRequest('The file needs a "sku" column (export the catalogue to see the columns)');
  if (records.length > MAX_IMPORT_ROWS) throw badRequest(`A file can have at most ${MAX_IMPORT_ROWS} rows`);
  return records;
}

interface ProductState {
  id?: string;
  /** Row that first described it (for messages), and its key among new products. */
  firstRow: number;
  key: string;
  values: Partial<typeof products.$inferInsert>;
  changed: boolean;
  sizeScale: SizeScale;
  price: number;
  discount: number;
  /** Active variants after the import, by option, for the "size and colour once" rule. */
  options: Map<string, string>;
}

interface VariantWrite {
  row: number;
  id?: string;
  productKey: string;
  sku: string;
  size: string;
  color: string;
  price: number | null;
  discount: number | null;
  counter: number;
}

const optionKey = (size: string, color: string) => `${size}\u0000${color.toLowerCase()}`;

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

const valuesList = (rows: SQL[]) => sql.join(rows, sql`, `);

export async function importCatalogue(
  db: Db,
  file: Buffer,
  { dryRun = false, skipInvalid = false }: { dryRun?: boolean; skipInvalid?: boolean } = {},
): Promise<CatalogueImportReport> {
  const records = readCsv(file);
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

  try {
    return await db.transaction(async (tx) => {
      const taxonomy = {
        category: await names(tx, categories),
        sub: await names(tx, subs),
        subsub: await names(tx, subsubs),
        brand: await names(tx, brands),
      };
      const skus = [...new Set(parsed.map((r) => r.sku.toUpperCase()))];
      const known = new Map<string, typeof productVariants.$inferSelect>();
      for (let i = 0; i < skus.length; i += WRITE_CHUNK) {
        const found = await tx
          .select()
          .from(productVariants)
          .where(inArray(sql`upper(${productVariants.sku})`, skus.slice(i, i + WRITE_CHUNK)));
        for (const v of found) known.set(v.sku.toUpperCase(), v);
      }
      const productIds = [
        ...new Set([
          ...parsed.flatMap((r) => (r.productId ? [r.productId] : [])),
          ...[...known.values()].map((v) => v.productId),
        ]),
      ];
      const existing = new Map<string, typeof products.$inferSelect>();
      const activeOf = new Map<string, (typeof productVariants.$inferSelect)[]>();
      for (let i = 0; i < productIds.length; i += WRITE_CHUNK) {
        const ids = productIds.slice(i, i + WRITE_CHUNK);
        // Locked: a concurrent save of the same products waits for the import, or the import for it.
        for (const p of await tx.select().from(products).where(inArray(products.id, ids)).orderBy(products.id).for('update')) {
          existing.set(p.id, p);
        }
        for (const v of await tx
          .select()
          .from(productVariants)
          .where(and(inArray(productVariants.productId, ids), isNull(productVariants.archivedAt)))) {
          activeOf.set(v.productId, [...(activeOf.get(v.productId) ?? []), v]);
        }
      }

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
          const values: Partial<typeof products.$inferInsert> = {
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
              ? (Object.keys(values) as (keyof typeof values)[]).some((k) => values[k] !== current[k as keyof typeof current])
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

          const write: VariantWrite = {
            row: r.row,
            id: variant?.id,
            productKey: key,
            // SKUs match whatever their case; a known one keeps the case it was saved with.
            sku: variant?.sku ?? r.sku,
            size,
            color,
            price,
            discount,
            counter: r.stock ?? variant?.counter ?? 0,
          };
          const same =
            variant &&
            variant.archivedAt === null &&
            variant.sku === write.sku &&
            variant.size === write.size &&
            variant.color === write.color &&
            variant.price === write.price &&
            variant.discount === write.discount &&
            variant.counter === write.counter;
          if (same && !state.changed) unchanged += 1;
          else writes.push(write);
        } catch (error) {
          if (!(error instanceof RowError)) throw error;
          errors.push({ row: r.row, message: error.message });
        }
      }
      errors.sort((a, b) => a.row - b.row);

      const report: CatalogueImportReport = {
        created: writes.filter((w) => !w.id).length,
        updated: writes.filter((w) => w.id).length,
        unchanged,
        errors,
        applied: false,
        dryRun,
      };
      if (errors.length > 0 && !skipInvalid) throw new DryRun(report);

      // New products, then the changed ones, then the variants.
      const fresh = [...states.values()].filter((s) => !s.id);
      for (let i = 0; i < fresh.length; i += WRITE_CHUNK) {
        const chunk = fresh.slice(i, i + WRITE_CHUNK);
        const ids = await tx
          .insert(products)
          .values(chunk.map((s) => ({ title: s.values.title!, price: s.values.price!, ...s.values })))
          .returning({ id: products.id });
        chunk.forEach((s, j) => {
          s.id = ids[j]!.id;
        });
      }
      for (const s of states.values()) {
        if (s.id && existing.has(s.id) && s.changed && Object.keys(s.values).length > 0) {
          await tx
            .update(products)
            .set({ ...s.values, updatedAt: sql`now()` })
            .where(eq(products.id, s.id));
        }
      }
      const updates = writes.filter((w) => w.id);
      // Updated variants step out of the "size and colour once" index first, so two may swap options.
      for (let i = 0; i < updates.length; i += WRITE_CHUNK) {
        await tx
          .update(productVariants)
          .set({ archivedAt: sql`now()` })
          .where(
            inArray(
              productVariants.id,
              updates.slice(i, i + WRITE_CHUNK).map((w) => w.id!),
            ),
          );
      }
      for (let i = 0; i < updates.length; i += WRITE_CHUNK) {
        const rows = updates
          .slice(i, i + WRITE_CHUNK)
          .map(
            (w) =>
              sql`(${w.id}::uuid, ${w.sku}, ${w.size}, ${w.color}, ${w.price}::bigint, ${w.discount}::bigint, ${w.counter}::int)`,
          );
        await tx.execute(sql`
          update ${productVariants} as v set
            sku = u.sku, size = u.size, color = u.color, price = u.price, discount = u.discount,
            counter = u.counter, archived_at = null, updated_at = now()
          from (values ${valuesList(rows)}) as u(id, sku, size, color, price, discount, counter)
          where v.id = u.id`);
      }
      const inserts = writes.filter((w) => !w.id);
      const positions = new Map<string, number>();
      for (const [productId, variants] of activeOf) positions.set(productId, Math.max(-1, ...variants.map((v) => v.position)));
      for (let i = 0; i < inserts.length; i += WRITE_CHUNK) {
        await tx.insert(productVariants).values(
          inserts.slice(i, i + WRITE_CHUNK).map((w) => {
            const productId = states.get(w.productKey)!.id!;
            const position = (positions.get(productId) ?? -1) + 1;
            positions.set(productId, position);
            return {
              productId,
              sku: w.sku,
              size: w.size,
              color: w.color,
              price: w.price,
              discount: w.discount,
              counter: w.counter,
              position,
            };
          }),
        );
      }
      const done = { ...report, applied: !dryRun };
      if (dryRun) throw new DryRun(done);
      return done;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.report;
    throw error;
  }
}

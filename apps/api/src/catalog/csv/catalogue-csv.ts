/**
 * The catalogue as a spreadsheet: one row per variant, with its product's columns. Export
 * streams the whole catalogue a batch at a time. Import matches rows by SKU in three steps:
 * parse.ts reads the file into typed rows, plan.ts decides what each row does against the
 * catalogue as the import's transaction reads it, write.ts applies that in the same
 * transaction. Every row is checked before anything is written; a file with any bad row
 * writes nothing, unless the admin asks to skip bad rows; a dry run (and a file with bad rows)
 * does all the work and rolls it back, so its report is exactly what an import would do. The
 * import reports its progress through the rows as it goes (the route streams it).
 *
 * A file is read hours after it was exported, and the shop sells meanwhile: the stock of a
 * known variant is written only while its stock_version is still the file's (in the UPDATE,
 * variants/variant-batch.ts), so a morning's file imported in the afternoon does not put sold
 * units back on sale. Such a row's other columns apply and its stock is reported as a
 * conflict. `set_stock` (a count the admin means, never exported) is written whatever the
 * version; a new variant takes its stock as given.
 *
 * Prices, stock and cost prices are guarded fields: a planned file that changes one the
 * importer may not is refused whole before anything is written (guard.ts); the `cost` column
 * is exported only to staff who may read it.
 */
import { Readable } from 'node:stream';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { type CatalogueImportProgress, type CatalogueImportReport, CATALOGUE_CSV_COLUMNS, koboToNairaText } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { categories, products, subs, subsubs } from '../../db/schema/index.ts';
import { csvRow } from '../../lib/csv.ts';
import { type May, maySetAll } from '../guarded-fields.ts';
import { activeVariants } from '../variants/variants.ts';
import { guardColumns, guardPlan } from './guard.ts';
import { type CatalogueFile, parseRows } from './parse.ts';
import { planImport, readCatalogue } from './plan.ts';
import { writePlan } from './write.ts';

const EXPORT_BATCH = 500;

// ---------------------------------------------------------------- export

type ExportProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'title' | 'heading' | 'description' | 'price' | 'discount' | 'sizeScale' | 'paused' | 'brandName' | 'createdAt'
> & { category: string | null; sub: string | null; subsub: string | null };

const money = (kobo: number | null) => (kobo === null ? '' : koboToNairaText(kobo));

/** The export's columns: all of them with catalog.cost, else all but the cost prices. */
const exportColumns = (withCost: boolean) => CATALOGUE_CSV_COLUMNS.filter((c) => withCost || c !== 'cost');

/**
 * Every variant on sale with its product's columns, newest products first, as CSV text chunks.
 * `withCost`: the exporter holds catalog.cost (the `cost` column is left out otherwise).
 */
export function exportCatalogue(db: Db, { withCost = false }: { withCost?: boolean } = {}): Readable {
  const columns = exportColumns(withCost);
  async function* rows(): AsyncGenerator<string> {
    // A byte-order mark, so spreadsheets read names with accents as UTF-8.
    yield `\uFEFF${csvRow(columns)}`;
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
          const cells: Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string | number> = {
            product_id: p.id,
            sku: v.sku,
            // Empty: none, the SKU's Code 128 is printed and scanned.
            barcode: v.barcode ?? '',
            title: p.title,
            heading: p.heading,
            description: p.description,
            category: p.category ?? '',
            sub: p.sub ?? '',
            subsub: p.subsub ?? '',
            brand: p.brandName,
            price: money(p.price),
            discount: money(p.discount),
            size_scale: p.sizeScale,
            size: v.size,
            color: v.color,
            variant_price: money(v.price),
            variant_discount: money(v.discount),
            // Empty: unknown.
            cost: money(v.cost),
            stock: v.counter,
            stock_version: v.stockVersion,
            paused: p.paused ? 'yes' : 'no',
          };
          chunk += csvRow(columns.map((c) => cells[c]));
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

/** Rolls a dry run back after its report is made. */
class DryRun extends Error {
  constructor(readonly report: CatalogueImportReport) {
    super('dry run');
  }
}

export interface ImportOptions {
  /** What the importer may: a change of a guarded field they lack refuses the file (403). */
  may: May;
  dryRun?: boolean;
  skipInvalid?: boolean;
  /** Called as the import goes: 0 at the start, then after the check and each batch written, `total` at the end. */
  onProgress?: (progress: CatalogueImportProgress) => void;
}

/** Parse, plan and write, the dry run like the real one, in one transaction rolled back unless it applies. */
export async function importCatalogue(
  db: Db,
  { records }: CatalogueFile,
  { may, dryRun = false, skipInvalid = false, onProgress = () => {} }: ImportOptions,
): Promise<CatalogueImportReport> {
  const total = records.length;
  let done = 0;
  const advance = (to: number) => {
    if (to <= done) return;
    done = Math.min(to, total);
    onProgress({ done, total });
  };
  onProgress({ done, total });

  guardColumns({ records }, may);
  const parsed = parseRows(records);
  let report: CatalogueImportReport;
  try {
    report = await db.transaction(async (tx) => {
      const current = await readCatalogue(tx, parsed.rows);
      const plan = planImport(parsed.rows, current);
      guardPlan(plan, current, may);
      const errors = [...parsed.errors, ...plan.errors].sort((a, b) => a.row - b.row);
      // Checked: what is unchanged or refused is settled; the rest is settled as it is written.
      advance(total - plan.writes.length);
      const { created, updated, unchanged, conflicts } = await writePlan(tx, plan, (rows) => advance(done + rows));
      const applied = !dryRun && (errors.length === 0 || skipInvalid);
      const report: CatalogueImportReport = { created, updated, unchanged, errors, conflicts, applied, dryRun };
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

/**
 * The import's permission check on its own, reading and planning and writing nothing: a
 * streamed import answers its 403 as plain JSON before its first line. The import checks again
 * in its own transaction. Nothing to check for someone who may set every guarded field.
 */
export async function checkImportAllowed(db: Db, { records }: CatalogueFile, may: May): Promise<void> {
  if (maySetAll(may)) return;
  guardColumns({ records }, may);
  const { rows } = parseRows(records);
  await db.transaction(async (tx) => {
    const current = await readCatalogue(tx, rows);
    guardPlan(planImport(rows, current), current, may);
  });
}

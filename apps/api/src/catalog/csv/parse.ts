/**
 * The catalogue import's first step: the file read into typed rows. The file is refused whole
 * (400) when it is not a CSV with a `sku` column or is longer than the cap; a row whose cells
 * do not read (a price that is not an amount, an unknown size scale...) is refused on its own,
 * with its reason, and the others go on to the plan (plan.ts). Nothing here reads the database.
 */
import {
  barcodeProblem,
  type CATALOGUE_CSV_COLUMNS,
  isUuid,
  SIZE_SCALE_NAMES,
  type SizeScale,
  sku as skuSchema,
} from '@shop/shared';
import { badRequest } from '../../lib/http-error.ts';
import { hasUnstorableText, UNSTORABLE_TEXT } from '../../lib/storable-text.ts';

export const MAX_IMPORT_ROWS = 50_000;
/** The import's column for a stock set whatever it is now; not in the export, so never set by accident. */
const SET_STOCK = 'set_stock';

type Column = (typeof CATALOGUE_CSV_COLUMNS)[number] | typeof SET_STOCK;

/** A parsed row: `undefined` where the file has no such column or the cell is empty (unchanged). */
export interface ImportRow {
  row: number;
  productId?: string;
  sku: string;
  /** undefined: the file has no such column (unchanged); null: an empty cell, none (the SKU's Code 128). */
  barcode?: string | null;
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
  /** Kobo; undefined: the file has no such column (unchanged); null: an empty cell, unknown. */
  cost?: number | null;
  /** Below zero only as an export gave it (offline till sales): plan.ts refuses writing a new one. */
  stock?: number;
  /** The variant's stock_version when the file was exported. */
  stockVersion?: number;
  setStock?: number;
  paused?: boolean;
}

/** Why a row is refused, as the report tells the admin; the import goes on with the other rows. */
export class RowError extends Error {}

/** A refused row: its number as a spreadsheet shows it (the header is row 1), and why. */
export interface RowProblem {
  row: number;
  message: string;
}

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
  // Offline till sales may take a variant below zero, and its export says so (plan.ts decides).
  const stock = cell('stock');
  if (stock !== undefined && !/^-?\d{1,9}$/.test(stock)) throw new RowError('Stock must be a whole number');
  const barcode = cell('barcode');
  const barcodeRefused = barcode === undefined ? null : barcodeProblem(barcode);
  if (barcodeRefused) throw new RowError(barcodeRefused);
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
  const cost = cell('cost');
  return {
    row,
    productId: productId?.toLowerCase(),
    sku: sku.data,
    barcode: has('barcode') ? (barcode ?? null) : undefined,
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
    cost: !has('cost') ? undefined : cost === undefined ? null : parseMoney(cost, 'Cost price'),
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

/** Every row read: those that read, in the file's order, and the others with their reason. */
export function parseRows(records: CatalogueFile['records']): { rows: ImportRow[]; errors: RowProblem[] } {
  const rows: ImportRow[] = [];
  const errors: RowProblem[] = [];
  records.forEach((cells, i) => {
    try {
      rows.push(parseRow(cells, i + 2));
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      errors.push({ row: i + 2, message: error.message });
    }
  });
  return { rows, errors };
}

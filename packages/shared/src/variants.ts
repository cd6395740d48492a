/**
 * Variants: what is on sale, one per size and colour of a product, each with its SKU and
 * stock, and optionally its own price and discount. A product without options has one
 * variant, with no size and no colour. Money is naira here, as everywhere in the API.
 */
import { z } from 'zod';
import { barcodeProblem } from './barcode.ts';
import { AVAILABILITY, SIZES } from './constants.ts';

/**
 * The size scales a product's variants choose from. `standard` is the original shop's list;
 * shoes use European sizes, rings US sizes.
 */
export const SIZE_SCALES = {
  standard: SIZES,
  shoes: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'],
  rings: ['5', '5.5', '6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '11', '12'],
} as const satisfies Record<string, readonly string[]>;
export type SizeScale = keyof typeof SIZE_SCALES;
export const SIZE_SCALE_NAMES = Object.keys(SIZE_SCALES) as SizeScale[];
export const SIZE_SCALE_LABELS: Record<SizeScale, string> = {
  standard: 'Clothing (small to extra-large)',
  shoes: 'Shoes (EU 36–46)',
  rings: 'Rings (US 5–12)',
};

/** Whether `size` belongs to the scale ('' — no size — always does). */
export function isSizeOf(scale: SizeScale, size: string): boolean {
  return size === '' || (SIZE_SCALES[scale] as readonly string[]).includes(size);
}

export const MAX_VARIANTS_PER_PRODUCT = 100;
/** Stock at or below this counts as low until the shop sets its own threshold. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

/** What a shopper is told when a product has several sizes (or colours) and none was chosen. */
export const CHOOSE_SIZE = 'Choose a size';
export const CHOOSE_COLOUR = 'Choose a colour';

const SKU_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const sku = z
  .string({ error: 'SKU is required' })
  .trim()
  .regex(SKU_RE, 'A SKU is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit');

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000_000, `${label} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} can have at most 2 decimals`);

/** One variant as the back office sends it. No id: a new variant (or one found by its SKU). */
export const variantInput = z.object({
  id: z.uuid('Unknown variant').optional(),
  sku,
  size: z.string().trim().toLowerCase().max(40, 'Size must be at most 40 characters').default(''),
  color: z.string().trim().max(60, 'Colour must be at most 60 characters').default(''),
  /** Naira; null or absent: the product's own. */
  price: money('Price').nullish(),
  discount: money('Discount').nullish(),
  /**
   * Naira: what one unit cost the shop (null: unknown). Only with catalog.cost: absent leaves
   * a kept variant's own; sent at all without the permission is refused (403), since the
   * caller could not have read it.
   */
  cost: money('Cost price').nullish(),
  /**
   * Below zero only as the editor loaded it (offline till sales took it there, issue 29): the
   * API refuses setting a new negative value.
   */
  counter: z
    .number({ error: 'Stock must be a number' })
    .int('Stock must be a whole number')
    .min(-1_000_000_000, 'Stock is too small')
    .max(1_000_000_000, 'Stock is too large'),
  /**
   * Unique (case-insensitive); 12 or 13 digits are a UPC-A or EAN-13 and must carry their
   * check digit (barcode.ts). Null: the SKU's Code 128. Absent: a kept variant keeps its own.
   */
  barcode: z
    .string()
    .nullish()
    .superRefine((code, check) => {
      const problem = typeof code === 'string' && code !== '' ? barcodeProblem(code) : null;
      if (problem) check.addIssue({ code: 'custom', message: problem });
    }),
  /** URLs of the product's images that show this colour (none: all). */
  imageUrls: z.array(z.string().max(2000)).max(30).optional(),
  /**
   * The variant's `stockVersion` as the editor read it: `counter` is saved only while it is
   * still the variant's (409 otherwise). Absent: `counter` is set as sent, whatever it was.
   */
  stockVersion: z.number({ error: 'stockVersion must be a number' }).int().min(1).max(2_147_483_647).optional(),
});
export type VariantInput = z.input<typeof variantInput>;

/** The 409 of PUT /api/products/{id}/variants when a variant's stock changed after the editor read it. */
export const STOCK_CHANGED = 'Stock changed while you were editing; reload';

/** PUT /api/products/{id}/variants: the whole set, in the order to show it. */
export const variantsBody = z.object({
  /** The size scale the sizes belong to; absent: the product's, unchanged. Set in the same transaction. */
  sizeScale: z.enum(SIZE_SCALE_NAMES as [SizeScale, ...SizeScale[]], { error: 'Unknown size scale' }).optional(),
  variants: z
    .array(variantInput, { error: 'variants must be a list' })
    .min(1, 'A product needs at least one variant')
    .max(MAX_VARIANTS_PER_PRODUCT, `A product can have at most ${MAX_VARIANTS_PER_PRODUCT} variants`),
});
export type VariantsBody = z.output<typeof variantsBody>;
export type VariantsBodyInput = z.input<typeof variantsBody>;

/** A variant as every client reads it: its effective price and discount (naira) and its own overrides. */
export const variantView = z.object({
  id: z.string(),
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  /** What this variant sells at: its own price, or the product's. */
  price: z.number(),
  discount: z.number(),
  salePrice: z.number(),
  /** Its own price and discount, null when it follows the product's. */
  priceOverride: z.number().nullable(),
  discountOverride: z.number().nullable(),
  /** Naira: the cost price (null: unknown). Present only for staff with catalog.cost: absent, not null, otherwise. */
  cost: z.number().nullable().optional(),
  counter: z.number().int(),
  /** Null: the SKU's Code 128 is its barcode. Always sent (optional for clients' fixtures made before it). */
  barcode: z.string().nullable().optional(),
  /** Goes up with every change of `counter` (an order, a refund, an edit): what a save of the stock is checked against. */
  stockVersion: z.number().int(),
  availability: z.enum(AVAILABILITY),
  /** The product's images for this colour (all of them when none was chosen). */
  imageUrls: z.array(z.string()),
});
export type VariantView = z.infer<typeof variantView>;

/** GET /api/products?stock=: admins only. */
export const STOCK_FILTERS = ['low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/**
 * The catalogue spreadsheet (GET /api/products.csv, POST /api/products/import): one row per
 * variant, with its product's columns. Money in naira; `paused` is yes or no. `stock_version`
 * is the variant's `stockVersion` when it was exported: an import changes a known variant's
 * stock only while it is still the same. The import also reads `set_stock` (never exported):
 * stock set whatever it is now. `barcode` empty is none (the SKU's Code 128); a file without
 * the column leaves barcodes as they are. `cost` (the cost price; empty: unknown) is exported
 * and imported only with catalog.cost: without it the column is left out of the export, and a
 * file that carries it is refused (403).
 */
export const CATALOGUE_CSV_COLUMNS = [
  'product_id',
  'sku',
  'barcode',
  'title',
  'heading',
  'description',
  'category',
  'sub',
  'subsub',
  'brand',
  'price',
  'discount',
  'size_scale',
  'size',
  'color',
  'variant_price',
  'variant_discount',
  'cost',
  'stock',
  'stock_version',
  'paused',
] as const;

/**
 * What an import did (or, for a dry run, would do): rows created, updated and unchanged, and
 * refused rows. A row in `conflicts` had its other columns applied (it counts as updated or
 * unchanged), but not its stock: it changed after the file was exported, or the row gave
 * no stock_version.
 */
export const catalogueImportReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Row numbers as a spreadsheet shows them (the header is row 1). */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  conflicts: z.array(z.object({ row: z.number().int(), sku: z.string(), message: z.string() })),
  /** Whether anything was written: false for a dry run, and for a file with errors unless skipInvalid. */
  applied: z.boolean(),
  dryRun: z.boolean(),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReport>;

/** How far an import is: rows settled (checked and, if they change anything, written) of the file's rows. */
export const catalogueImportProgress = z.object({ done: z.number().int(), total: z.number().int() });
export type CatalogueImportProgress = z.infer<typeof catalogueImportProgress>;

/**
 * A line of POST /api/products/import's answer with `Accept: application/x-ndjson`, one JSON
 * value per line: progress as the rows are processed, then the report; or, when the import
 * fails after the answer has begun, the error's status and message (the last line).
 */
export const catalogueImportLine = z.union([
  z.object({ progress: catalogueImportProgress }),
  z.object({ report: catalogueImportReport }),
  z.object({ error: z.object({ status: z.number().int(), msg: z.string() }) }),
]);
export type CatalogueImportLine = z.infer<typeof catalogueImportLine>;

export const catalogueImportQuery = z.object({
  dryRun: z.stringbool().default(false),
  /** Import the good rows and report the bad ones (without it, one bad row stops the whole file). */
  skipInvalid: z.stringbool().default(false),
});

/**
 * The variants editor's form: one row per size and colour, typed as text and validated by
 * the shared variant schema (zodResolver), plus the helpers the editor uses: rows for every
 * missing size × colour, a SKU suggested from the title, stock for all, each row's name and
 * problem, the total stock, and each colour's photos. A loaded row keeps its variant's
 * `stockVersion` and sends it back, so its stock is saved only if nothing (an order, another
 * admin) changed it since it was loaded. Stock below zero (a till's offline sales, issue 29)
 * is shown and kept as loaded, never typed: any other value must be 0 or more. A row's
 * barcode is optional (none: labels and scanners use its SKU's Code 128) and an EAN-13 or
 * UPC-A must carry its check digit (shared barcodeProblem, as the API checks it). A row's cost
 * price (issue 30) is in the form only when the API showed it (the member has catalog.cost):
 * otherwise it is never sent, and the variant keeps its own.
 */
import { barcodeProblem } from '@shop/shared/barcode';
import type { ProductDetail } from '@shop/shared/catalog';
import { SIZE_SCALE_NAMES, type SizeScale, variantInput } from '@shop/shared/variants';
import { z } from 'zod';

/** Text as typed ('' for none) → the number the schema checks (NaN: not a number). */
const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

const row = z.object({
  id: z.string().optional(),
  sku: variantInput.shape.sku,
  size: z.string(),
  color: variantInput.shape.color.unwrap(),
  price: z.string().transform(typedNumber).pipe(variantInput.shape.price.unwrap()),
  discount: z.string().transform(typedNumber).pipe(variantInput.shape.discount.unwrap()),
  /** Absent: not shown to this member, not sent; '' is unknown (null). */
  cost: z
    .string()
    .optional()
    .transform((text) => (text === undefined ? undefined : typedNumber(text)))
    .pipe(variantInput.shape.cost),
  barcode: z
    .string()
    .optional()
    .transform((typed) => typed?.trim() || null)
    .superRefine((code, ctx) => {
      const problem = code === null ? null : barcodeProblem(code);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  // As the shared schema, but below zero is checked against the loaded stock (variantsForm).
  counter: z
    .string()
    .transform((text) => typedNumber(text.replace('−', '-')) ?? Number.NaN)
    .pipe(
      z.number({ error: 'Stock must be a number' }).int('Stock must be a whole number').max(1_000_000_000, 'Stock is too large'),
    ),
  /** As loaded; a row added here has none. */
  stockVersion: z.number().int().optional(),
  /** The stock as loaded: the only value below zero the row may keep. */
  loadedCounter: z.number().int().optional(),
  /** The barcode as loaded, if it had one: emptied, it is sent as null (cleared); never had one, it is not sent. */
  loadedBarcode: z.string().optional(),
});

export const variantsForm = z
  .object({
    sizeScale: z.enum(SIZE_SCALE_NAMES as [SizeScale, ...SizeScale[]]),
    variants: z.array(row).min(1, 'A product needs at least one variant'),
  })
  .superRefine(({ variants }, ctx) => {
    const seen = new Set<string>();
    variants.forEach((v, i) => {
      if (v.counter < 0 && v.counter !== v.loadedCounter) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'counter'], message: 'Stock cannot be negative' });
      }
      const option = `${v.size}|${v.color.toLowerCase()}`;
      if (seen.has(option)) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'color'], message: 'This size and colour is listed twice' });
      }
      seen.add(option);
    });
  });

export type VariantsFormValues = z.input<typeof variantsForm>;
export type VariantsFormOutput = z.output<typeof variantsForm>;
export type VariantRow = VariantsFormValues['variants'][number];

const text = (n: number | null) => (n === null ? '' : String(n));

/** The form's values for a product as the API has it. */
export function variantsFormValues(product: ProductDetail): VariantsFormValues {
  return {
    sizeScale: product.sizeScale,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      size: v.size,
      color: v.color,
      price: text(v.priceOverride),
      discount: text(v.discountOverride),
      // Shown only to members with catalog.cost (absent otherwise: kept out of the form).
      ...(v.cost !== undefined && { cost: text(v.cost) }),
      counter: String(v.counter),
      stockVersion: v.stockVersion,
      loadedCounter: v.counter,
      // The variants API's barcode (issue 29); null: none.
      barcode: (v as { barcode?: string | null }).barcode ?? '',
      loadedBarcode: (v as { barcode?: string | null }).barcode ?? undefined,
    })),
  };
}

const skuPart = (value: string, length: number) =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length)
    .toUpperCase();

/**
 * A SKU for a new row: the title's initials, the size and the colour ("AWD-M-RED" for an
 * Ankara Wrap Dress, medium, red), with a number added when it is taken.
 */
export function suggestSku(title: string, size: string, color: string, taken: Iterable<string>): string {
  const initials =
    title
      .split(/\s+/)
      .map((word) => skuPart(word, 1))
      .join('')
      .slice(0, 4) || 'SKU';
  const sizePart = /^\d/.test(size) ? skuPart(size, 4) : skuPart(size.replace(/^extra-/, 'x'), size.startsWith('extra') ? 2 : 1);
  const base = [initials, sizePart, skuPart(color, 6)].filter(Boolean).join('-');
  const used = new Set([...taken].map((sku) => sku.toUpperCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The rows with one added for every size × colour not listed yet (stock 0, SKU suggested). */
export function addCombinations(rows: VariantRow[], title: string, sizes: string[], colors: string[]): VariantRow[] {
  const next = [...rows];
  const listed = new Set(rows.map((r) => `${r.size}|${r.color.trim().toLowerCase()}`));
  for (const size of sizes.length > 0 ? sizes : ['']) {
    for (const color of colors.length > 0 ? colors : ['']) {
      const key = `${size}|${color.trim().toLowerCase()}`;
      if (listed.has(key)) continue;
      listed.add(key);
      const sku = suggestSku(
        title,
        size,
        color,
        next.map((r) => r.sku),
      );
      next.push({ sku, size, color: color.trim(), price: '', discount: '', counter: '0' });
    }
  }
  return next;
}

/** Colours typed as "Red, Blue,  green" → ['Red', 'Blue', 'green']. */
export const colourList = (typed: string) =>
  typed
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** A row's name in its fields' labels ("medium / Red"; "row 3" for an empty one). */
export const rowName = (row: Pick<VariantRow, 'size' | 'color'>, index: number) =>
  [row.size, row.color].filter(Boolean).join(' / ') || `row ${index + 1}`;

/** The first of a row's problems, in the order the editor says them (SKU, colour, prices, stock, size). */
export function rowProblem(errors: Partial<Record<keyof VariantRow, { message?: string }>> | undefined): string | undefined {
  return (
    errors?.sku?.message ??
    errors?.barcode?.message ??
    errors?.color?.message ??
    errors?.price?.message ??
    errors?.discount?.message ??
    errors?.cost?.message ??
    errors?.counter?.message ??
    errors?.size?.message
  );
}

/** The stock of all rows as typed (a row not a number counts 0). */
export const totalStock = (rows: Pick<VariantRow, 'counter'>[]) =>
  rows.reduce((sum, v) => sum + (Number.parseInt(v.counter, 10) || 0), 0);

/** "Set all stock to": the count typed, or null when it is not a whole number of 0 or more. */
export function stockForAll(typed: string): number | null {
  const n = Number(typed);
  return typed.trim() === '' || !Number.isInteger(n) || n < 0 ? null : n;
}

/** The sizes a row may choose: the scale's, and its own when outside it (the scale just changed), until it is changed. */
export const sizeChoices = (scale: readonly string[], own: string): readonly string[] =>
  scale.includes(own) || own === '' ? scale : [...scale, own];

/** The colours the rows list, each once, as first typed. */
export const listedColours = (rows: Pick<VariantRow, 'color'>[]) => [...new Set(rows.map((v) => v.color.trim()).filter(Boolean))];

/** `chosen` with `item` ticked (in `all`'s order) or unticked. */
export const ticked = <T>(all: readonly T[], chosen: readonly T[], item: T, on: boolean): T[] =>
  on ? all.filter((x) => x === item || chosen.includes(x)) : chosen.filter((x) => x !== item);

/** Each colour's chosen photos, by colour in lower case; a colour showing all of them has none chosen. */
export function colourPhotos(product: ProductDetail): Record<string, string[]> {
  const chosen: Record<string, string[]> = {};
  for (const v of product.variants) {
    const key = v.color.trim().toLowerCase();
    if (key && !(key in chosen)) chosen[key] = v.imageUrls.length < product.imageUrls.length ? v.imageUrls : [];
  }
  return chosen;
}

type FormVariant = Omit<VariantsFormOutput['variants'][number], 'barcode'> & { barcode?: string | null };
type SentVariant = Omit<FormVariant, 'loadedCounter' | 'loadedBarcode' | 'barcode'> & {
  barcode: string | null | undefined;
  imageUrls: string[];
};

/** The variants as the API takes them: each with the photos of its colour (none: all). */
export function withPhotos(variants: FormVariant[], photos: Record<string, string[]>, imageCount: number): SentVariant[] {
  return variants.map(({ loadedCounter: _, loadedBarcode, barcode, ...v }) => {
    const chosen = photos[v.color.trim().toLowerCase()];
    return {
      ...v,
      // undefined (left out of the JSON) for a variant that never had one.
      barcode: barcode || loadedBarcode ? (barcode ?? null) : undefined,
      imageUrls: chosen && chosen.length > 0 && chosen.length < imageCount ? chosen : [],
    };
  });
}

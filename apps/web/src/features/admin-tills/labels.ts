/**
 * Shelf labels: what each label says and how labels fall on sheets. Two A4 sheets the shops
 * buy (21 labels of 63.5 × 38.1 mm, 3 × 7; 65 labels of 38.1 × 21.2 mm, 5 × 13, the usual
 * Avery/Tower layouts, centred on the page with 2.5 mm between columns), and single labels
 * for a label printer (one 63.5 × 38.1 mm label per page). Sizes are in millimetres: the
 * print CSS uses them as they are.
 */
import type { ProductDetail } from '@shop/shared/catalog';
import { nairaToKobo } from '@shop/shared/money';

export interface SheetLayout {
  label: string;
  /** Labels per page. */
  perPage: number;
  columns: number;
  /** One label's size, mm. */
  width: number;
  height: number;
  /** The page's size, mm, and where the first label starts. */
  page: { width: number; height: number };
  top: number;
  left: number;
  columnGap: number;
}

export const SHEETS = {
  '21': {
    label: 'A4, 21 labels (63.5 × 38.1 mm)',
    perPage: 21,
    columns: 3,
    width: 63.5,
    height: 38.1,
    page: { width: 210, height: 297 },
    top: 15.15,
    left: 7.25,
    columnGap: 2.5,
  },
  '65': {
    label: 'A4, 65 labels (38.1 × 21.2 mm)',
    perPage: 65,
    columns: 5,
    width: 38.1,
    height: 21.2,
    page: { width: 210, height: 297 },
    top: 10.7,
    left: 4.75,
    columnGap: 2.5,
  },
  single: {
    label: 'Single labels (63.5 × 38.1 mm)',
    perPage: 1,
    columns: 1,
    width: 63.5,
    height: 38.1,
    page: { width: 63.5, height: 38.1 },
    top: 0,
    left: 0,
    columnGap: 0,
  },
} as const satisfies Record<string, SheetLayout>;
export type SheetName = keyof typeof SHEETS;

export const isSheetName = (value: string | null): value is SheetName => value !== null && value in SHEETS;

export interface ShelfLabel {
  key: string;
  name: string;
  /** "M / Red", or "" for a product without options. */
  options: string;
  /** Kobo: what it sells for now (after its markdown). */
  price: number;
  /** The variant's barcode, or its SKU (printed as Code 128) when it has none. */
  code: string;
}

/** A variant as labels read it: `barcode` is the variants API's (null: the SKU is the code). */
type LabelledVariant = ProductDetail['variants'][number] & { barcode?: string | null };

/**
 * The labels for `products`: `copies` of each variant (only the variants named in
 * `variantIds`, when given), in the products' and variants' order.
 */
export function shelfLabels(
  products: ProductDetail[],
  { copies = 1, variantIds }: { copies?: number; variantIds?: ReadonlySet<string> } = {},
): ShelfLabel[] {
  return products.flatMap((product) =>
    (product.variants as LabelledVariant[])
      .filter((variant) => !variantIds || variantIds.has(variant.id))
      .flatMap((variant) =>
        Array.from({ length: copies }, (_, copy) => ({
          key: `${variant.id}-${copy}`,
          name: product.title,
          options: [variant.size.toUpperCase(), variant.color].filter(Boolean).join(' / '),
          price: nairaToKobo(variant.salePrice),
          code: variant.barcode || variant.sku,
        })),
      ),
  );
}

/** The labels in pages of the sheet's size. */
export function paginate<T>(labels: T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return pages;
}

/** The print CSS of a sheet: the page's size in mm, no margins (the sheet places its labels itself). */
export const pageCss = (sheet: SheetLayout) =>
  `@media print { @page { size: ${sheet.page.width === 210 && sheet.page.height === 297 ? 'A4' : `${sheet.page.width}mm ${sheet.page.height}mm`}; margin: 0; } }`;

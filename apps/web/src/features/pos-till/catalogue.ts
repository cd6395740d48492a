/**
 * The till's copy of the catalogue: stored from GET /api/pos/catalogue (everything, or what
 * changed since the version it last had), and searched on the device: products by name, SKU
 * or barcode, customers by name or phone. A scanner's code finds its variant by barcode
 * first, then SKU (a variant without a barcode is labelled with its SKU's Code 128).
 */
import { barcodeKeys } from '@shop/shared/barcode';
import type { TillCatalogue, TillCustomer, TillProduct, TillVariant } from '@shop/shared/pos-till';
import type { TillDatabase } from './till-db.ts';

/** Stores a catalogue answer: a full one replaces what the till had; an update adds, changes and removes. */
export async function storeCatalogue(db: TillDatabase, catalogue: TillCatalogue): Promise<void> {
  await db.transaction('rw', [db.products, db.variants, db.customers, db.staff, db.meta], async () => {
    if (catalogue.full) {
      await Promise.all([db.products.clear(), db.variants.clear(), db.customers.clear()]);
    }
    // The staff and their PIN hashes come whole every time (replaced at each sync).
    await db.staff.clear();
    await db.products.bulkPut(catalogue.products);
    await db.variants.bulkPut(catalogue.variants);
    await db.customers.bulkPut(catalogue.customers);
    await db.staff.bulkPut(catalogue.staff);
    await db.products.bulkDelete(catalogue.removed.productIds);
    await db.variants.bulkDelete(catalogue.removed.variantIds);
    await db.customers.bulkDelete(catalogue.removed.customerIds);
    await db.setMeta('catalogueVersion', catalogue.version);
    await db.setMeta('settings', catalogue.settings);
  });
}

export interface CatalogueIndex {
  products: Map<string, TillProduct>;
  variants: TillVariant[];
  customers: TillCustomer[];
}

export function variantTitle(product: TillProduct | undefined, variant: TillVariant): string {
  const options = [variant.size, variant.colour].filter(Boolean).join(' / ');
  return `${product?.name ?? variant.sku}${options ? ` (${options})` : ''}`;
}

const norm = (text: string) => text.trim().toLowerCase();

/**
 * The variant a scanned code names: its barcode first (a UPC-A and its EAN-13 with a leading
 * 0 are one label), then its SKU, in either case.
 */
export function findByCode(index: CatalogueIndex, code: string): TillVariant | undefined {
  const wanted = norm(code);
  if (!wanted) return undefined;
  const keys = barcodeKeys(wanted);
  return (
    index.variants.find((v) => v.barcode !== null && keys.includes(norm(v.barcode))) ??
    index.variants.find((v) => norm(v.sku) === wanted)
  );
}

/** Variants whose product's name (or brand), SKU or barcode holds every word typed. */
export function searchVariants(index: CatalogueIndex, query: string, limit = 30): TillVariant[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: TillVariant[] = [];
  for (const variant of index.variants) {
    const product = index.products.get(variant.productId);
    const text = norm(
      `${product?.name ?? ''} ${product?.brand ?? ''} ${variant.sku} ${variant.barcode ?? ''} ${variant.size} ${variant.colour}`,
    );
    if (words.every((w) => text.includes(w))) found.push(variant);
    if (found.length >= limit) break;
  }
  return found;
}

/** Customers by name or phone (digits compared without spaces or +234/0). */
export function searchCustomers(index: CatalogueIndex, query: string, limit = 10): TillCustomer[] {
  const text = norm(query);
  if (!text) return [];
  const digits = text.replace(/\D/g, '').replace(/^(234|0)/, '');
  return index.customers
    .filter((c) => {
      const name = norm(`${c.firstName} ${c.lastName}`);
      const phone = c.phone.replace(/\D/g, '').replace(/^(234|0)/, '');
      return name.includes(text) || (digits.length >= 4 && phone.includes(digits));
    })
    .slice(0, limit);
}

export async function loadIndex(db: TillDatabase): Promise<CatalogueIndex> {
  const [products, variants, customers] = await Promise.all([
    db.products.toArray(),
    db.variants.toArray(),
    db.customers.toArray(),
  ]);
  return { products: new Map(products.map((p) => [p.id, p])), variants, customers };
}

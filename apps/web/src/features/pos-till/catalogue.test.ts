import type { TillProduct, TillVariant } from '@shop/shared/pos-till';
import { describe, expect, it } from 'vitest';
import { type CatalogueIndex, findByCode, searchCustomers, searchVariants } from './catalogue.ts';

const product = {
  id: 'p1',
  name: 'Adire Maxi Dress',
  brand: 'Lagos Loom',
  image: null,
  price: 0,
  salePrice: 0,
  paused: false,
} satisfies TillProduct;
const variant = (id: string, sku: string, barcode: string | null, size: string): TillVariant => ({
  id,
  productId: 'p1',
  sku,
  barcode,
  size,
  colour: 'Indigo',
  price: 2_500_000,
  salePrice: 2_500_000,
  stock: 3,
  image: null,
});
const index: CatalogueIndex = {
  products: new Map([['p1', product]]),
  variants: [
    variant('m', 'ADR-MAXI-M', '5901234123457', 'M'),
    variant('l', 'ADR-MAXI-L', null, 'L'),
    variant('x', '5901234123457-OLD', '0036000291452', 'XL'),
  ],
  customers: [
    { id: 'c1', firstName: 'Ngozi', lastName: 'Okafor', phone: '+234 803 555 0101', email: '', storeCredit: 0 },
    { id: 'c2', firstName: 'Tunde', lastName: 'Bello', phone: '08091112222', email: '', storeCredit: 0 },
  ],
};

describe("the till's catalogue search, on the device", () => {
  it('finds a scanned code by barcode first, then by SKU, in either case', () => {
    expect(findByCode(index, '5901234123457')?.id).toBe('m');
    // A UPC-A scanned, its EAN-13 (leading 0) stored.
    expect(findByCode(index, '036000291452')?.id).toBe('x');
    expect(findByCode(index, 'adr-maxi-l')?.id).toBe('l');
    expect(findByCode(index, ' ')).toBeUndefined();
    expect(findByCode(index, 'nothing')).toBeUndefined();
  });

  it('finds products by words of their name, brand, size or SKU', () => {
    expect(searchVariants(index, 'maxi xl').map((v) => v.id)).toEqual(['x']);
    expect(searchVariants(index, 'dress').map((v) => v.id)).toEqual(['m', 'l', 'x']);
    expect(searchVariants(index, 'loom ADR-MAXI-M').map((v) => v.id)).toEqual(['m']);
    expect(searchVariants(index, '')).toEqual([]);
  });

  it('finds customers by name or by phone however it is written', () => {
    expect(searchCustomers(index, 'ngozi').map((c) => c.id)).toEqual(['c1']);
    expect(searchCustomers(index, '0803 555 0101').map((c) => c.id)).toEqual(['c1']);
    expect(searchCustomers(index, '+2348091112222').map((c) => c.id)).toEqual(['c2']);
  });
});

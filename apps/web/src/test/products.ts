/** A product as the API returns it, for component tests. */
import type { Product } from '@shop/shared/catalog';
import type { VariantView } from '@shop/shared/variants';

export function makeProduct(n: number, overrides: Partial<Product> = {}): Product {
  return {
    id: `p${n}`,
    title: `Product ${n}`,
    heading: `Heading of product ${n}`,
    description: 'Made by hand in Lagos.',
    price: 10000 + n,
    discount: 0,
    salePrice: 10000 + n,
    color: 'Indigo',
    colors: ['Indigo'],
    size: ['medium'],
    sizeScale: 'standard',
    counter: 5,
    lowestStock: 5,
    availability: 'In Stock',
    priceFrom: 10000 + n,
    priceTo: 10000 + n,
    defaultVariantId: `v${n}`,
    brand: 'Lagos Loom',
    brandId: null,
    Category: { id: 'c1', name: 'Women' },
    Sub: null,
    Subsub: null,
    categoryId: 'c1',
    subId: null,
    subsubId: null,
    sub: '',
    subsub: '',
    imageUrls: [`/uploads/img${n}-640.webp`],
    imageUrl: `/uploads/img${n}-640.webp`,
    ratingAverage: 0,
    ratingCount: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An indigo variant at ₦15,000 of the given size, with `counter` in stock (sold out at 0). */
export function makeVariant(size: string, counter: number): VariantView {
  return {
    id: `v-${size}`,
    sku: `AK-${size}`,
    size,
    color: 'Indigo',
    price: 15000,
    discount: 0,
    salePrice: 15000,
    priceOverride: null,
    discountOverride: null,
    counter,
    stockVersion: 1,
    availability: counter > 0 ? 'In Stock' : 'Out of Stock',
    imageUrls: [],
  };
}

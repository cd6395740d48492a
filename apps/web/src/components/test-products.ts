/** A product as the API returns it, for component tests. */
import type { Product } from '@shop/shared/catalog';

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
    size: ['medium'],
    counter: 5,
    availability: 'In Stock',
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

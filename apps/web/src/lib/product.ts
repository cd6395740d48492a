/** Small pure helpers over the API's product shape, shared by cards, details and the cart. */
import type { Product } from '@shop/shared/catalog';
import type { CartItemInput } from './shop-actions.ts';

/** The colour field is free text ("Terracotta, Cream"): one choice per comma or slash. */
export function colorsOf(product: Pick<Product, 'color'>): string[] {
  return product.color
    .split(/[,/]/)
    .map((c) => c.trim())
    .filter(Boolean);
}

export function isInStock(product: Pick<Product, 'availability' | 'counter'>): boolean {
  return product.availability === 'In Stock' && product.counter > 0;
}

export function cartItemFrom(product: Product, choice: { size?: string; color?: string } = {}): CartItemInput {
  return {
    productId: product.id,
    title: product.title,
    imageUrl: product.imageUrls[0] ?? product.imageUrl ?? null,
    price: product.price,
    salePrice: product.salePrice ?? Math.max(0, product.price - product.discount),
    size: choice.size ?? product.size[0] ?? '',
    color: choice.color ?? colorsOf(product)[0] ?? '',
    stock: product.counter,
  };
}

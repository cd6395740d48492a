/** Small pure helpers over the API's product shape, shared by cards, details and the cart. */
import type { Product } from '@shop/shared/catalog';
import type { VariantView } from '@shop/shared/variants';
import type { CartItemInput } from './shop-actions.ts';

export function isInStock(product: Pick<Product, 'availability' | 'counter'>): boolean {
  return product.availability === 'In Stock' && product.counter > 0;
}

/** "medium / Red"; '' for a product without options. */
export function variantLabel(variant: Pick<VariantView, 'size' | 'color'>): string {
  return [variant.size, variant.color].filter(Boolean).join(' / ');
}

/**
 * The cart item for a variant of the product; without one, for the product's only variant
 * (a card's Add to Cart: `defaultVariantId`, priced and stocked as the product).
 */
export function cartItemFrom(product: Product, variant?: VariantView): CartItemInput {
  const image = variant?.imageUrls[0] ?? product.imageUrls[0] ?? product.imageUrl ?? null;
  if (variant) {
    return {
      productId: product.id,
      variantId: variant.id,
      title: product.title,
      imageUrl: image,
      price: variant.price,
      salePrice: variant.salePrice,
      size: variant.size,
      color: variant.color,
      stock: variant.counter,
    };
  }
  return {
    productId: product.id,
    variantId: product.defaultVariantId,
    title: product.title,
    imageUrl: image,
    price: product.price,
    salePrice: product.priceFrom,
    size: product.size[0] ?? '',
    color: product.color,
    stock: product.counter,
  };
}

/**
 * What a variant sells for, and the picture it shows: one rule for the catalogue's pages, the
 * cart, checkout, the till's catalogue and a recovered cart (decision 0008). All in kobo.
 */

interface Priced {
  price: number | null;
  discount: number | null;
}

/**
 * The variant's own price, or else the product's; its own discount, or else the product's,
 * never more than the price; and what is left to pay.
 */
export function variantPricing(variant: Priced, product: { price: number; discount: number }) {
  const price = variant.price ?? product.price;
  const discount = Math.min(variant.discount ?? product.discount, price);
  return { price, discount, salePrice: Math.max(0, price - discount) };
}

/** The variant's first picture that the product still has, or else the product's first. */
export function variantImage(variant: { images: string[] }, product: { images: string[] }): string | undefined {
  return variant.images.find((id) => product.images.includes(id)) ?? product.images[0];
}

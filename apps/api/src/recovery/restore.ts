/**
 * The restore link (issue 31): /cart/restore?token=… asks GET /api/cart/restore/{token} for the
 * checkout's lines as the catalogue sells them now (price, stock, photo), and the storefront
 * puts them in the device's cart in place of what it held. The token opens that cart only: it
 * never signs in, works as often as it is opened, and stops 7 days after the last reminder.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { koboToNaira, type RestoredCart, type RestoredCartLine } from '@shop/shared';
import { variantImage, variantPricing } from '../catalog/index.ts';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/index.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { findByToken, restoreExpiry } from './service.ts';

export const RESTORE_NOT_FOUND = 'This cart link is not valid. Your cart may have been restored from a newer link.';
export const RESTORE_EXPIRED = 'This cart link has expired: links work for 7 days. Add the items again from the shop.';

export async function restoreCart(
  db: Db,
  token: string,
  imageUrl: (id: string) => string,
  now = new Date(),
): Promise<RestoredCart> {
  const checkout = await findByToken(db, token);
  if (!checkout) throw notFound(RESTORE_NOT_FOUND);
  const expiresAt = restoreExpiry(checkout);
  if (expiresAt <= now) throw new HttpError(410, RESTORE_EXPIRED);
  const variantIds = checkout.lines.flatMap((l) => (l.variantId ? [l.variantId] : []));
  const found =
    variantIds.length === 0
      ? []
      : await db
          .select({ product: products, variant: productVariants })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(and(inArray(productVariants.id, variantIds), isNull(productVariants.archivedAt), eq(products.paused, false)));
  const byVariant = new Map(found.map((f) => [f.variant.id, f]));
  const lines: RestoredCartLine[] = [];
  for (const line of checkout.lines) {
    const hit = line.variantId ? byVariant.get(line.variantId) : undefined;
    if (!hit || hit.variant.counter <= 0) continue;
    const { product, variant } = hit;
    const { price, salePrice } = variantPricing(variant, product);
    if (price <= 0) continue;
    const image = variantImage(variant, product);
    lines.push({
      productId: product.id,
      variantId: variant.id,
      title: product.title,
      imageUrl: image ? imageUrl(image) : null,
      price: koboToNaira(price),
      salePrice: koboToNaira(salePrice),
      size: variant.size,
      color: variant.color,
      stock: variant.counter,
      quantity: Math.min(line.quantity, variant.counter),
    });
  }
  return { lines, unavailable: checkout.lines.length - lines.length, expiresAt: expiresAt.toISOString() };
}

/**
 * The server cart (issue 32, decision 0030): GET /api/cart and its line routes. Money in kobo.
 * An anonymous shopper's cart is named by the `cart` cookie; a signed-in shopper's is her account's.
 */
import { z } from 'zod';

/** Lines one cart may hold. */
export const MAX_CART_LINES = 50;
/** Units of one variant one line may hold. */
export const MAX_CART_QUANTITY = 99;

const quantity = z
  .number({ error: `Choose a quantity from 1 to ${MAX_CART_QUANTITY}` })
  .int(`Choose a quantity from 1 to ${MAX_CART_QUANTITY}`)
  .min(1, 'Choose a quantity of at least 1 (to take a line out, remove it)')
  .max(MAX_CART_QUANTITY, `A line holds at most ${MAX_CART_QUANTITY} of an item`);

/** POST /api/cart/lines: adds `quantity` (an existing line grows, up to 99). */
export const cartAddBody = z.object({
  variantId: z.string({ error: 'Choose a size and colour' }).trim().min(1, 'Choose a size and colour').max(100),
  quantity,
});
export type CartAddBody = z.infer<typeof cartAddBody>;

/** PATCH /api/cart/lines/{variantId}: sets the line's quantity. */
export const cartQuantityBody = z.object({ quantity });
export type CartQuantityBody = z.infer<typeof cartQuantityBody>;

export const serverCartLine = z.object({
  variantId: z.string(),
  productId: z.string(),
  title: z.string(),
  size: z.string(),
  color: z.string(),
  /** Kobo: what one costs now (the sale price). */
  price: z.number().int(),
  /** The photo's URL, or null. */
  image: z.string().nullable(),
  stock: z.number().int(),
  quantity: z.number().int(),
  /** The product is on sale and has at least `quantity` in stock. */
  available: z.boolean(),
});
export type ServerCartLine = z.infer<typeof serverCartLine>;

export const serverCart = z.object({
  lines: z.array(serverCartLine),
  /** Units in all. */
  count: z.number().int(),
  /** Kobo: the lines' prices times their quantities. */
  subtotal: z.number().int(),
});
export type ServerCart = z.infer<typeof serverCart>;

/**
 * The server cart (issue 32, decision 0030). Which cart a request means: a signed-in shopper's
 * account cart (made on her first write), otherwise the one the `cart` cookie names (made, and
 * the cookie set, on the first write: a read never sets a cookie). A request that carries both
 * an account and an anonymous cart's cookie moves the anonymous lines onto the account's
 * (quantities added, up to 99 a line and 50 lines), deletes that cart and clears the cookie.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MAX_CART_LINES, MAX_CART_QUANTITY, type ServerCart } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { variantImage, variantPricing } from '../catalog/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { cartLines, carts, products, productVariants } from '../db/schema/index.ts';
import { conflict, notFound } from '../lib/http-error.ts';

export const CART_COOKIE = 'cart';
/** 90 days, in seconds. */
export const CART_COOKIE_MAX_AGE = 90 * 24 * 60 * 60;
/** 18 random bytes: 24 base64url characters. */
const newCartId = () => randomBytes(18).toString('base64url');
const CART_ID = /^[A-Za-z0-9_-]{22,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CART_FULL = `Your cart holds up to ${MAX_CART_LINES} different items: remove one to add another.`;
export const NOT_IN_CART = 'That item is not in your cart.';
export const UNKNOWN_VARIANT = 'That size and colour is not on sale.';
export const NOT_ON_SALE = 'That product is not on sale right now.';

export interface CartServiceDeps {
  /** The database (app.db: a request's transaction while one runs). */
  db: () => Db;
  /** Whether the cookie is Secure (production). */
  secure: boolean;
  imageUrl: (id: string) => string;
}

/**
 * Who the cart belongs to: a userId given (a form session's shopper), else the bearer user the
 * route's optionalUser set (request.user), else nobody (the cookie's cart).
 */
export type CartUser = string | null | undefined;

export function createCartService({ db, secure, imageUrl }: CartServiceDeps) {
  const userOf = (request: FastifyRequest, userId: CartUser) => (userId === undefined ? (request.user?.id ?? null) : userId);

  function cookieCartId(request: FastifyRequest): string | null {
    const value = request.cookies?.[CART_COOKIE];
    return value && CART_ID.test(value) ? value : null;
  }

  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  const setCookie = (reply: FastifyReply, id: string) =>
    reply.setCookie(CART_COOKIE, id, { ...cookieOptions, maxAge: CART_COOKIE_MAX_AGE });
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(CART_COOKIE, cookieOptions);

  /** The anonymous cart the cookie names, if it still exists. */
  async function anonymousCart(request: FastifyRequest): Promise<string | null> {
    const id = cookieCartId(request);
    if (!id) return null;
    const [row] = await db()
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, id), isNull(carts.userId)));
    return row?.id ?? null;
  }

  async function accountCart(userId: string, create: boolean): Promise<string | null> {
    const [row] = await db().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    if (row || !create) return row?.id ?? null;
    // Two first writes at once: one insert wins, the other reads its row.
    await db().insert(carts).values({ id: newCartId(), userId }).onConflictDoNothing();
    const [made] = await db().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    return made!.id;
  }

  /** The cart a read means (none yet: null), without making or merging anything. */
  async function cartFor(request: FastifyRequest, userId: CartUser): Promise<string | null> {
    const user = userOf(request, userId);
    return user ? accountCart(user, false) : anonymousCart(request);
  }

  /** The cart a write means, made when there is none; an anonymous cart's cookie is set then. */
  async function writableCart(request: FastifyRequest, reply: FastifyReply, userId: CartUser): Promise<string> {
    const user = userOf(request, userId);
    if (user) {
      await mergeOnSignIn(request, reply, user);
      return (await accountCart(user, true))!;
    }
    const existing = await anonymousCart(request);
    if (existing) return existing;
    const id = newCartId();
    await db().insert(carts).values({ id });
    setCookie(reply, id);
    return id;
  }

  async function lineCount(cartId: string): Promise<number> {
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(cartLines).where(eq(cartLines.cartId, cartId));
    return row?.n ?? 0;
  }

  async function hasLine(cartId: string, variantId: string): Promise<boolean> {
    const [row] = await db()
      .select({ q: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
    return row !== undefined;
  }

  const touch = (cartId: string) => db().update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));

  /** A cart's lines as the catalogue sells them now. */
  async function view(cartId: string | null): Promise<ServerCart> {
    if (!cartId) return { lines: [], count: 0, subtotal: 0 };
    const rows = await db()
      .select({ line: cartLines, variant: productVariants, product: products })
      .from(cartLines)
      .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(cartLines.cartId, cartId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.variantId));
    const lines = rows.map(({ line, variant, product }) => {
      const { salePrice: price } = variantPricing(variant, product);
      const image = variantImage(variant, product);
      return {
        variantId: variant.id,
        productId: product.id,
        title: product.title,
        size: variant.size,
        color: variant.color,
        price,
        image: image ? imageUrl(image) : null,
        stock: Math.max(0, variant.counter),
        quantity: line.quantity,
        available: !product.paused && variant.archivedAt === null && variant.counter >= line.quantity,
      };
    });
    return {
      lines,
      count: lines.reduce((n, l) => n + l.quantity, 0),
      subtotal: lines.reduce((n, l) => n + l.price * l.quantity, 0),
    };
  }

  async function requireVariant(variantId: string) {
    if (!UUID.test(variantId)) throw notFound(UNKNOWN_VARIANT);
    const [row] = await db()
      .select({ paused: products.paused })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.id, variantId), isNull(productVariants.archivedAt)));
    if (!row) throw notFound(UNKNOWN_VARIANT);
    if (row.paused) throw conflict(NOT_ON_SALE);
  }

  /**
   * Adds to a line (one statement, so adds at once in several processes sum): capped at 99.
   * A new line past the 50th is a 409.
   */
  async function addLine(cartId: string, variantId: string, quantity: number) {
    if (!(await hasLine(cartId, variantId)) && (await lineCount(cartId)) >= MAX_CART_LINES) throw conflict(CART_FULL);
    await db()
      .insert(cartLines)
      .values({ cartId, variantId, quantity: Math.min(quantity, MAX_CART_QUANTITY) })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.variantId],
        set: { quantity: sql`least(${MAX_CART_QUANTITY}, ${cartLines.quantity} + excluded.quantity)` },
      });
  }

  /**
   * Moves the anonymous cart the cookie names onto the account's (`userId`'s): quantities
   * added (99 at most a line), lines past the 50th dropped; the anonymous cart is deleted and
   * the cookie cleared. Nothing to move: nothing happens. Call it when a shopper signs in.
   */
  async function mergeOnSignIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    const anonymous = await anonymousCart(request);
    if (!anonymous) {
      if (cookieCartId(request)) clearCookie(reply);
      return;
    }
    const target = (await accountCart(userId, true))!;
    const moving = await db()
      .select({ variantId: cartLines.variantId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(eq(cartLines.cartId, anonymous))
      .orderBy(asc(cartLines.addedAt));
    for (const line of moving) {
      await addLine(target, line.variantId, line.quantity).catch((error: unknown) => {
        if (!(error instanceof Error && error.message === CART_FULL)) throw error;
      });
    }
    await db().delete(carts).where(eq(carts.id, anonymous));
    if (moving.length > 0) await touch(target);
    clearCookie(reply);
  }

  return {
    /** The cart the request means, as GET /api/cart answers it (empty when there is none). */
    read: async (request: FastifyRequest, userId?: CartUser) => view(await cartFor(request, userId)),
    /** Adds `quantity` of a variant (404 unknown, 409 paused or a 51st line); the cart after. */
    add: async (request: FastifyRequest, reply: FastifyReply, variantId: string, quantity: number, userId?: CartUser) => {
      await requireVariant(variantId);
      const cartId = await writableCart(request, reply, userId);
      await addLine(cartId, variantId, quantity);
      await touch(cartId);
      return view(cartId);
    },
    /** Sets a line's quantity (1..99; 404 when the line is not in the cart); the cart after. */
    setQuantity: async (request: FastifyRequest, reply: FastifyReply, variantId: string, quantity: number, userId?: CartUser) => {
      const user = userOf(request, userId);
      if (user) await mergeOnSignIn(request, reply, user);
      const cartId = await cartFor(request, userId);
      if (!cartId) throw notFound(NOT_IN_CART);
      const changed = await db()
        .update(cartLines)
        .set({ quantity: Math.min(quantity, MAX_CART_QUANTITY) })
        .where(and(eq(cartLines.cartId, cartId), sql`${cartLines.variantId}::text = ${variantId}`))
        .returning({ variantId: cartLines.variantId });
      if (changed.length === 0) throw notFound(NOT_IN_CART);
      await touch(cartId);
      return view(cartId);
    },
    /** Takes a line out (gone already: unchanged); the cart after. */
    remove: async (request: FastifyRequest, reply: FastifyReply, variantId: string, userId?: CartUser) => {
      const user = userOf(request, userId);
      if (user) await mergeOnSignIn(request, reply, user);
      const cartId = await cartFor(request, userId);
      if (cartId) {
        await db()
          .delete(cartLines)
          .where(and(eq(cartLines.cartId, cartId), sql`${cartLines.variantId}::text = ${variantId}`));
        await touch(cartId);
      }
      return view(cartId);
    },
    mergeOnSignIn,
    /** In an order's transaction: the variants it bought leave the shopper's account cart, in one statement. */
    takeOrdered: async (tx: Tx, userId: string, variantIds: string[]) => {
      if (variantIds.length === 0) return;
      await tx
        .delete(cartLines)
        .where(
          and(
            inArray(cartLines.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))),
            inArray(cartLines.variantId, variantIds),
          ),
        );
    },
    /**
     * Puts `lines` in the cart the request means in place of what it held (a recovery link's,
     * as the browser's cart does): opening the link twice changes nothing more. Quantities are
     * capped at 99 and lines at 50. No lines: the cart is left as it was.
     */
    replace: async (
      request: FastifyRequest,
      reply: FastifyReply,
      lines: { variantId: string; quantity: number }[],
      userId?: CartUser,
    ) => {
      const kept = lines.filter((l) => l.quantity >= 1).slice(0, MAX_CART_LINES);
      if (kept.length === 0) return;
      const cartId = await writableCart(request, reply, userId);
      await db().delete(cartLines).where(eq(cartLines.cartId, cartId));
      for (const line of kept) await addLine(cartId, line.variantId, line.quantity);
      await touch(cartId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;

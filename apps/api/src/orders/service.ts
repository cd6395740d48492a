/**
 * Orders: creation priced from the catalogue with stock reserved, the status lifecycle,
 * payment settlement and expiry. Every state change is one conditional UPDATE
 * (`... where status = <expected>`), so concurrent requests, webhook replays and several
 * API processes can never apply the same transition twice.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { CHOOSE_COLOUR, CHOOSE_SIZE, isUuid } from '@shop/shared';
import { activeVariants } from '../catalog/variants.ts';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  type OrderChannel,
  type OrderLineRow,
  type OrderRow,
  type OrderStatus,
  orderLines,
  orders,
  type ProductRow,
  products,
  type VariantRow,
} from '../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.ts';
import type { VerifyResult } from '../payments/provider.ts';
import { ORDER_SORTS, type OrderFilters, orderConditions } from './filters.ts';
import { markCouponsUsed, releaseCoupons, reserveCoupon } from '../coupons/service.ts';
import { type Pricing, type PricingInput, priceOrder } from './pricing.ts';
import { releaseStock, reserveStock } from './stock.ts';

export const INVALID_LINES = 'Invalid product or quantity';
export const REFERENCE_USED = 'This payment reference has already been used for another purchase';
export const DEFAULT_PENDING_MS = 30 * 60 * 1000;

/** Which status may follow which. Anything else is refused with 409. */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled', 'failed'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
  failed: [],
};
/** Statuses in which the order holds stock that a move away would release. */
const HOLDS_STOCK_UNTIL_PAID: readonly OrderStatus[] = ['pending'];

export interface LineInput {
  productId: string;
  quantity: number;
  /** The variant bought; without it, the one matching `size` and `color` (or the only one). */
  variantId?: string;
  size?: string;
  color?: string;
  /**
   * An old client's line that cannot say which variant it meant (the cart form names
   * products by title only): the first variant with enough stock is taken, as before variants.
   */
  anyVariant?: boolean;
}

export interface ContactInput {
  email: string;
  name?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  country?: string;
}

export interface CreateOrderInput {
  channel: OrderChannel;
  userId?: string | null;
  customerId?: string | null;
  contact: ContactInput;
  lines: LineInput[];
  /** 'pending' holds stock until paid or expired; 'paid' (point of sale) takes it for good. */
  status: 'pending' | 'paid';
  paymentProvider?: string;
  paymentMethod?: string;
  pendingMs?: number;
  /** Web checkout: delivery to the contact's state and a coupon, priced by the server. */
  checkout?: Pick<PricingInput, 'deliveryMethodId' | 'couponCode'>;
}

export type PricedLine = Awaited<ReturnType<typeof priceLines>>[number];

/** The lines priced from the catalogue: whatever the client said about prices is ignored. */
async function priceLines(tx: Db | Tx, input: LineInput[], imageUrl: (imageId: string) => string) {
  assertValidLines(input);
  const ids = [...new Set(input.map((l) => l.productId))];
  const found = await tx.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  if (byId.size !== ids.length) throw badRequest(INVALID_LINES);
  const variants = await activeVariants(tx, ids);
  return input.map((line) => {
    const product = byId.get(line.productId)!;
    const variant = pickVariant(product, variants.get(product.id) ?? [], line);
    const unitPrice = variant.price ?? product.price;
    const unitDiscount = Math.min(variant.discount ?? product.discount, unitPrice);
    const image = variant.images.find((id) => product.images.includes(id)) ?? product.images[0];
    return {
      productId: product.id,
      variantId: variant.id,
      sku: variant.sku,
      title: product.title,
      // Named in a refusal when the product comes in several sizes or colours.
      label: (variants.get(product.id)?.length ?? 0) > 1 ? variantLabel(variant) : '',
      imageUrl: image ? imageUrl(image) : null,
      color: variant.color,
      size: variant.size,
      categoryId: product.categoryId,
      unitPrice,
      unitDiscount,
      quantity: line.quantity,
    };
  });
}

export interface OrderWithLines extends OrderRow {
  lines: OrderLineRow[];
}

export function newPaymentReference(): string {
  return `ng-${Date.now().toString(36)}-${randomBytes(9).toString('hex')}`;
}

/** Lines are checked before anything is written: 400 with the spec's message. */
export function assertValidLines(lines: unknown): asserts lines is LineInput[] {
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > 100) throw badRequest(INVALID_LINES);
  for (const line of lines as LineInput[]) {
    if (
      !line ||
      typeof line.productId !== 'string' ||
      !isUuid(line.productId) ||
      !Number.isInteger(line.quantity) ||
      line.quantity < 1 ||
      line.quantity > 1000 ||
      (line.variantId !== undefined && (typeof line.variantId !== 'string' || !isUuid(line.variantId)))
    ) {
      throw badRequest(INVALID_LINES);
    }
  }
}

const variantLabel = (v: Pick<VariantRow, 'size' | 'color'>) => [v.size, v.color].filter(Boolean).join(' / ');
const same = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.toLowerCase();

/**
 * The variant a line buys: the one it names, the product's only one, or the one matching
 * its size and colour. 400 "Choose a size" (or colour) when the line cannot tell, 409 when
 * the variant named is no longer on sale.
 */
function pickVariant(product: ProductRow, variants: VariantRow[], line: LineInput): VariantRow {
  if (line.variantId) {
    const named = variants.find((v) => v.id === line.variantId);
    if (!named) throw conflict(`${product.title} is no longer available in that size or colour`);
    return named;
  }
  if (variants.length === 1) return variants[0]!;
  if (variants.length === 0) throw conflict(`${product.title} is not on sale`);
  const size = line.size?.trim() ? line.size : undefined;
  const color = line.color?.trim() ? line.color : undefined;
  const matching = variants.filter(
    (v) => (size === undefined || same(size, v.size)) && (color === undefined || same(color, v.color)),
  );
  if (matching.length === 1) return matching[0]!;
  if (line.anyVariant) {
    const pool = matching.length > 0 ? matching : variants;
    return pool.find((v) => v.counter >= line.quantity) ?? pool[0]!;
  }
  if (matching.length === 0) {
    throw badRequest(`${product.title} does not come in ${[size, color].filter(Boolean).join(' / ')}`);
  }
  const sizes = new Set(matching.map((v) => v.size.toLowerCase()));
  throw badRequest(sizes.size > 1 ? CHOOSE_SIZE : CHOOSE_COLOUR);
}

export function createOrderService(db: Db, imageUrl: (imageId: string) => string) {
  async function loadLines(tx: Db | Tx, orderIds: string[]) {
    if (orderIds.length === 0) return new Map<string, OrderLineRow[]>();
    const rows = await tx.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.title));
    const byOrder = new Map<string, OrderLineRow[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  async function withLines(tx: Db | Tx, order: OrderRow): Promise<OrderWithLines> {
    return { ...order, lines: (await loadLines(tx, [order.id])).get(order.id) ?? [] };
  }

  /** The order as it is now (after a conditional update found it already changed). */
  async function fresh(tx: Db | Tx, order: OrderRow, moved: OrderRow | undefined): Promise<OrderWithLines> {
    if (moved) return withLines(tx, moved);
    const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
    return withLines(tx, now ?? order);
  }

  /** Moves an order from one status to another if it is still in `from`; releases stock when due. */
  async function move(
    tx: Tx,
    order: OrderRow,
    to: OrderStatus,
    extra: Partial<Pick<OrderRow, 'failureReason' | 'paidAt'>> = {},
  ): Promise<OrderRow | undefined> {
    const [moved] = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()`, ...extra })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (moved && HOLDS_STOCK_UNTIL_PAID.includes(order.status) && (to === 'cancelled' || to === 'failed')) {
      await releaseStock(tx, [order.id]);
      await releaseCoupons(tx, [order.id]);
    }
    if (moved && to === 'paid') await markCouponsUsed(tx, [order.id]);
    return moved;
  }

  const service = {
    /**
     * Prices the lines from the catalogue, reserves their stock and writes the order, all or
     * nothing. Inside `outer` (a caller's transaction) it is part of that transaction.
     */
    async create(input: CreateOrderInput, outer?: Tx): Promise<OrderWithLines> {
      assertValidLines(input.lines);
      const email = input.contact.email.trim().toLowerCase();
      return (outer ?? db).transaction(async (tx) => {
        const priced = await priceLines(tx, input.lines, imageUrl);
        const pricing: Pricing | null = input.checkout
          ? await priceOrder(tx, priced, {
              ...input.checkout,
              email,
              state: input.contact.state,
              country: input.contact.country,
              requireDelivery: true,
            })
          : null;
        const orderId = randomUUID();
        if (pricing?.coupon) {
          // The coupon's row is locked before any stock: checkouts with the same code take turns on it.
          const { coupon, freeDelivery, goodsReduction } = pricing.coupon;
          await reserveCoupon(tx, coupon, {
            orderId,
            userId: input.userId ?? null,
            email,
            amount: freeDelivery ? (pricing.method?.fee ?? 0) : goodsReduction,
          });
          if (input.status === 'paid') await markCouponsUsed(tx, [orderId]);
        }
        await reserveStock(tx, priced);

        const subtotal = priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
        const discount = pricing?.discount ?? priced.reduce((sum, l) => sum + l.unitDiscount * l.quantity, 0);
        const deliveryFee = pricing?.deliveryFee ?? 0;
        const method = pricing?.method;
        const paid = input.status === 'paid';
        const [order] = await tx
          .insert(orders)
          .values({
            id: orderId,
            userId: input.userId ?? null,
            customerId: input.customerId ?? null,
            email,
            name: input.contact.name?.trim() ?? '',
            phone: input.contact.phone?.trim() ?? '',
            address: input.contact.address?.trim() ?? '',
            city: input.contact.city?.trim() ?? '',
            // The delivery state priced ("Lagos" is kept as Lagos Mainland).
            state: pricing?.state ?? input.contact.state?.trim() ?? '',
            country: pricing ? 'Nigeria' : (input.contact.country?.trim() ?? ''),
            channel: input.channel,
            status: input.status,
            subtotal,
            discount,
            couponDiscount: pricing?.couponDiscount ?? 0,
            couponCode: pricing?.coupon?.coupon.code ?? null,
            deliveryFee,
            total: subtotal - discount + deliveryFee,
            deliveryMethodId: method?.id ?? null,
            deliveryMethod: method?.name ?? null,
            deliveryKind: method?.kind ?? null,
            deliveryEtaDays: method?.etaDays ?? null,
            pickupAddress:
              method?.kind === 'pickup' ? [method.pickupAddress, method.pickupHours].filter(Boolean).join(' · ') : null,
            paymentProvider: input.paymentProvider ?? null,
            paymentMethod: input.paymentMethod ?? null,
            paymentReference: newPaymentReference(),
            expiresAt: paid ? null : new Date(Date.now() + (input.pendingMs ?? DEFAULT_PENDING_MS)),
            paidAt: paid ? new Date() : null,
          })
          .returning();
        if (!order) throw new Error('order insert returned no row');
        const lines = await tx
          .insert(orderLines)
          .values(priced.map(({ label: _label, ...l }) => ({ ...l, orderId: order.id })))
          .returning();
        return { ...order, lines };
      });
    },

    /** What checkout would charge for these lines, delivery and coupon; writes nothing. */
    async quote(lines: LineInput[], input: PricingInput): Promise<{ lines: PricedLine[]; pricing: Pricing }> {
      const priced = await priceLines(db, lines, imageUrl);
      return { lines: priced, pricing: await priceOrder(db, priced, input) };
    },

    async get(id: string): Promise<OrderWithLines | undefined> {
      if (!isUuid(id)) return undefined;
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      return order && withLines(db, order);
    },

    async getByReference(reference: string): Promise<OrderWithLines | undefined> {
      const [order] = await db.select().from(orders).where(eq(orders.paymentReference, reference));
      return order && withLines(db, order);
    },

    /** One page of the orders matching the back office's filters, and how many match in all. */
    async search(filters: OrderFilters, limit: number, offset: number): Promise<{ items: OrderWithLines[]; total: number }> {
      const where = orderConditions(filters);
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...ORDER_SORTS[filters.sort])
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { items: await service.withLines(rows), total: totalRow?.n ?? 0 };
    },
    /** Hides an order from the back office's list; nothing is deleted. Archiving twice keeps the first date. */
    async archive(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const [row] = await db
        .update(orders)
        .set({ archivedAt: sql`coalesce(${orders.archivedAt}, now())` })
        .where(eq(orders.id, id))
        .returning({ id: orders.id });
      return row !== undefined;
    },
    async restore(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const [row] = await db.update(orders).set({ archivedAt: null }).where(eq(orders.id, id)).returning({ id: orders.id });
      return row !== undefined;
    },
    /** A shopper's own orders, newest first (archived ones left out). */
    async listMine(userId: string, limit = 200): Promise<OrderWithLines[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), isNull(orders.archivedAt)))
        .orderBy(desc(orders.createdAt))
        .limit(limit);
      return service.withLines(rows);
    },
    /**
     * Names the provider's reference a pending order is paid with (an old client pays first
     * and tells us the reference after). 409 when another order already has it.
     */
    async attachReference(id: string, reference: string): Promise<void> {
      try {
        await db
          .update(orders)
          .set({ paymentReference: reference, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), eq(orders.status, 'pending')));
      } catch (error) {
        if (isUniqueViolation(error, 'orders_payment_reference_key')) throw conflict(REFERENCE_USED);
        throw error;
      }
    },
    withLines: (rows: OrderRow[]) =>
      loadLines(
        db,
        rows.map((r) => r.id),
      ).then((byOrder) => rows.map((r) => ({ ...r, lines: byOrder.get(r.id) ?? [] }))),

    /** An admin's (or the system's) status change; 409 when the lifecycle forbids it. */
    async transition(id: string, to: OrderStatus, reason?: string): Promise<{ before: OrderRow; after: OrderWithLines }> {
      return db.transaction(async (tx) => {
        const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)) : [];
        if (!order) throw notFound('Order not found');
        if (!TRANSITIONS[order.status].includes(to)) {
          throw conflict(`An order that is ${order.status} cannot become ${to}`);
        }
        const moved = await move(tx, order, to, {
          ...(to === 'paid' && { paidAt: new Date() }),
          ...((to === 'cancelled' || to === 'failed') && reason ? { failureReason: reason } : {}),
        });
        if (!moved) throw conflict('The order changed meanwhile; reload it and try again');
        return { before: order, after: await withLines(tx, moved) };
      });
    },

    /**
     * Applies what the payment provider said about a reference. Paid only on success with
     * the exact amount and currency; idempotent, whatever the number of concurrent calls.
     */
    async settle(reference: string, result: VerifyResult): Promise<{ order: OrderWithLines; changed: boolean; reason?: string }> {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.paymentReference, reference));
        if (!order) throw notFound('Order not found');
        if (result.status === 'pending') return { order: await withLines(tx, order), changed: false, reason: result.reason };

        const matches = result.amount === order.total && result.currency.toUpperCase() === order.currency;
        if (result.status === 'success' && !matches) {
          const reason = `Payment of ${result.amount} ${result.currency} does not match the order total of ${order.total} ${order.currency}`;
          if (order.status !== 'pending') return { order: await withLines(tx, order), changed: false, reason };
          const moved = await move(tx, order, 'failed', { failureReason: reason });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined, reason };
        }
        if (result.status === 'failed') {
          const reason = result.reason ?? 'The payment was declined';
          if (order.status !== 'pending') return { order: await withLines(tx, order), changed: false, reason };
          const moved = await move(tx, order, 'failed', { failureReason: reason });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined, reason };
        }

        // Success with the right amount.
        if (order.status === 'pending') {
          const moved = await move(tx, order, 'paid', { paidAt: new Date() });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined };
        }
        if (order.status === 'cancelled' || order.status === 'failed') {
          // Paid after the hold expired: take the stock again if it is still there.
          const lines = (await loadLines(tx, [order.id])).get(order.id) ?? [];
          try {
            await tx.transaction(async (inner) => {
              await reserveStock(
                inner,
                lines
                  .filter((l) => l.productId && l.variantId)
                  .map((l) => ({
                    productId: l.productId!,
                    variantId: l.variantId!,
                    quantity: l.quantity,
                    title: l.title,
                    label: variantLabel(l),
                  })),
              );
            });
          } catch (error) {
            // Only "not enough stock" (409) means the goods are gone; anything else is a failure.
            if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
            const reason = 'Paid after the order expired and the stock is gone: refund the customer';
            const [flagged] = await tx
              .update(orders)
              .set({ failureReason: reason, paidAt: new Date(), updatedAt: sql`now()` })
              .where(eq(orders.id, order.id))
              .returning();
            return { order: await withLines(tx, flagged ?? order), changed: true, reason };
          }
          const [revived] = await tx
            .update(orders)
            .set({ status: 'paid', paidAt: new Date(), failureReason: null, updatedAt: sql`now()` })
            .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
            .returning();
          if (revived) await markCouponsUsed(tx, [order.id]);
          return { order: await fresh(tx, order, revived), changed: revived !== undefined };
        }
        return { order: await withLines(tx, order), changed: false };
      });
    },

    /** Cancels pending orders whose hold has run out and gives their stock back. */
    async expirePending(now: Date = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(orders)
          .set({ status: 'cancelled', failureReason: 'Payment was not completed in time', updatedAt: sql`now()` })
          .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, now)))
          .returning({ id: orders.id });
        const ids = expired.map((o) => o.id);
        await releaseStock(tx, ids);
        await releaseCoupons(tx, ids);
        return expired.length;
      });
    },
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;

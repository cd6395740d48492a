/**
 * Orders: creation priced from the catalogue with stock reserved (and the limits that keep
 * one shopper from holding the shop's stock: unpaid orders, units per product, units waiting
 * for payment on delivery), the status lifecycle (a pay-on-delivery order the shop must
 * confirm in time, one refused at the door), payments, refunds and expiry. Every status change is one conditional UPDATE (`... where status = <expected>`),
 * and money changes lock the order's row first (ledger.ts), so concurrent requests, webhook
 * replays and several API processes can never apply the same change twice.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CHOOSE_COLOUR,
  CHOOSE_SIZE,
  formatNaira,
  isUuid,
  MESSAGES_ORDER,
  type RecordedPaymentMethod,
  podUnitCapMessage,
  SHOPPER_CANCELLABLE,
  unitCapMessage,
} from '@shop/shared';
import { activeVariants } from '../catalog/index.ts';
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  type OrderChannel,
  type OrderLineRow,
  type OrderPaymentRow,
  type OrderRefundRow,
  type OrderRow,
  type OrderStatus,
  orderLines,
  orderPayments,
  orderRefunds,
  orders,
  type ProductRow,
  products,
  users,
  type VariantRow,
} from '../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-error.ts';
import type { VerifyResult } from '../payments/provider.ts';
import { ORDER_SORTS, type OrderFilters, orderConditions } from './filters.ts';
import { releaseCoupons, reserveCoupon } from '../coupons/service.ts';
import { type Pricing, type PricingInput, priceOrder } from './pricing.ts';
import { takeStock } from '../catalog/index.ts';
import { noEvents, type OrderEvents } from './events.ts';
import { holdAgain, releaseStock } from './held.ts';
import {
  applyPayment,
  attachProviderRefundId,
  completeRefund,
  failRefund,
  loadMoney,
  lockOrder,
  noteRefund,
  type PaymentInput,
  type RefundInput,
  settleFreeOrder,
  startRefund,
} from './ledger.ts';

export const INVALID_LINES = 'Invalid product or quantity';
export const REFERENCE_USED = 'This payment reference has already been used for another purchase';
export const DEFAULT_PENDING_MS = 30 * 60 * 1000;
const PAYMENT_NOT_IN_TIME = 'Payment was not completed in time';

/**
 * The status changes an admin makes by name. Anything else is refused with 409: an order
 * becomes paid when its payments reach its total (payments), refunded through a refund.
 */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled', 'failed'],
  confirmed: ['fulfilled', 'cancelled'],
  paid: ['fulfilled'],
  fulfilled: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
  failed: [],
};
/** Statuses in which the order holds stock that a move away would release. */
const HOLDS_STOCK_UNTIL_PAID: readonly OrderStatus[] = ['pending', 'confirmed'];
const BY_NAME_REFUSED: Partial<Record<OrderStatus, string>> = {
  paid: 'Record the payment instead: an order is paid when its payments reach its total',
  refunded: MESSAGES_ORDER.refundStatus,
};

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
  /** The account's address for a shopper's order (its messages go there); the typed one at the counter. */
  email: string;
  /** The address the shopper typed, when it may differ from the account's: kept for the shop to see. */
  contactEmail?: string;
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
  /**
   * 'pending' holds stock until paid or expired; 'confirmed' (pay on delivery) holds it until
   * the shop confirms it (or `pendingMs` runs out unconfirmed); 'paid' (point of sale) takes it
   * for good and records the payment.
   */
  status: 'pending' | 'confirmed' | 'paid';
  paymentProvider?: string;
  /** Web: paystack | transfer | pod; point of sale: cash | transfer | card. */
  paymentMethod?: string;
  /** How long the order holds its stock unpaid (pending) or unconfirmed (pay on delivery). */
  pendingMs?: number;
  /** Web checkout: delivery to the contact's state and a coupon, priced by the server. */
  checkout?: Pick<PricingInput, 'deliveryMethodId' | 'couponCode'> & {
    /** Pay on delivery: the delivery method chosen must allow it. */
    payOnDelivery?: boolean;
  };
  /** Against stock hoarding (online orders; the point of sale has none). */
  limits?: {
    /** Units of one product in the order. */
    maxUnitsPerProduct?: number;
    /** The shopper's unpaid online orders (pending or confirmed) held at once, this one included. */
    maxUnpaidOrders?: number;
    /** Units in the shopper's pay-on-delivery orders not paid and not let go, this order's included. */
    maxPodUnits?: number;
  };
}

export type PricedLine = Awaited<ReturnType<typeof priceLines>>[number];

/** Lines for the same variant become one (the same dress twice is two units of one line). */
function mergeLines(lines: PricedLine[]): PricedLine[] {
  const byVariant = new Map<string, PricedLine>();
  for (const line of lines) {
    const seen = byVariant.get(line.variantId);
    byVariant.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...byVariant.values()];
}

/** 400 when the order takes more units of one product than the shop lets one order take. */
function assertUnitCap(lines: PricedLine[], cap: number | undefined): void {
  if (cap === undefined) return;
  const units = new Map<string, { title: string; quantity: number }>();
  for (const l of lines) {
    const seen = units.get(l.productId);
    units.set(l.productId, { title: l.title, quantity: (seen?.quantity ?? 0) + l.quantity });
  }
  for (const { title, quantity } of units.values()) if (quantity > cap) throw badRequest(unitCapMessage(cap, title));
}

/** Orders a shopper makes online (web checkout, the old clients' create); sales at the counter never count. */
const ONLINE_CHANNELS: readonly OrderChannel[] = ['web', 'legacy'];
/** Statuses that end an order without its goods staying with the shopper. */
const LET_GO: readonly OrderStatus[] = ['cancelled', 'failed', 'refunded'];

/**
 * 409 when the shopper already holds as many unpaid online orders as allowed, or (pay on
 * delivery) would have more units waiting for payment on delivery than allowed. Their user
 * row is locked first, so two checkouts of one shopper (in any process) count one after the
 * other.
 */
async function assertShopperCaps(
  tx: Tx,
  userId: string | null | undefined,
  limits: CreateOrderInput['limits'],
  podUnits: number | undefined,
): Promise<void> {
  const orderCap = limits?.maxUnpaidOrders;
  const unitCap = podUnits === undefined ? undefined : limits?.maxPodUnits;
  if (!userId || (orderCap === undefined && unitCap === undefined)) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (orderCap !== undefined) {
    const [row] = await tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          inArray(orders.channel, [...ONLINE_CHANNELS]),
          inArray(orders.status, [...HOLDS_STOCK_UNTIL_PAID]),
          eq(orders.paymentStatus, 'unpaid'),
        ),
      );
    if ((row?.n ?? 0) >= orderCap) throw conflict(MESSAGES_ORDER.tooManyUnpaid);
  }
  if (unitCap !== undefined) {
    const [row] = await tx
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.paymentMethod, 'pod'),
          eq(orders.paymentStatus, 'unpaid'),
          notInArray(orders.status, [...LET_GO]),
        ),
      );
    if ((row?.units ?? 0) + (podUnits ?? 0) > unitCap) throw conflict(podUnitCapMessage(unitCap));
  }
}

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
  payments: OrderPaymentRow[];
  refunds: OrderRefundRow[];
}

/** Each card payment's provider reference: what a card refund is made against. */
export function cardPayment(order: OrderWithLines): OrderPaymentRow | undefined {
  return order.payments.find((p) => p.method === 'card' && (p.provider === 'paystack' || p.provider === 'sandbox'));
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

/**
 * 409 when the reference is recorded on another order. Two admins recording one reference on
 * two orders at once take turns on a transaction-scoped lock on the reference (in any process),
 * so the second sees the first's payment.
 */
async function assertReferenceUnused(tx: Tx, orderId: string, reference: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment-reference:${reference}`}, 0))`);
  const [other] = await tx
    .select({ id: orders.id, number: orders.number })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orderPayments.reference, reference), ne(orderPayments.orderId, orderId)))
    .limit(1);
  if (other) {
    throw new HttpError(409, `Reference ${reference} is already recorded on order ${other.number}`, undefined, undefined, {
      duplicateOf: other.id,
    });
  }
}

/** Whether a payment with this reference is recorded on the order already. */
async function hasPayment(tx: Tx, orderId: string, reference: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.reference, reference)))
    .limit(1);
  return row !== undefined;
}

export function createOrderService(db: Db, imageUrl: (imageId: string) => string, events: OrderEvents = noEvents) {
  async function loadDetails(tx: Db | Tx, rows: OrderRow[]): Promise<OrderWithLines[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // One query after another: inside a transaction the client runs one at a time anyway, and
    // pg deprecates queueing a second query on a busy client.
    const lineRows = await tx
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.title), asc(orderLines.id));
    const money = await loadMoney(tx, ids);
    const group = <T extends { orderId: string }>(items: T[]) => {
      const byOrder = new Map<string, T[]>();
      for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
      return byOrder;
    };
    const [lines, payments, refunds] = [group(lineRows), group(money.payments), group(money.refunds)];
    return rows.map((r) => ({
      ...r,
      lines: lines.get(r.id) ?? [],
      payments: payments.get(r.id) ?? [],
      refunds: refunds.get(r.id) ?? [],
    }));
  }

  async function withLines(tx: Db | Tx, order: OrderRow): Promise<OrderWithLines> {
    return (await loadDetails(tx, [order]))[0]!;
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
    extra: Partial<typeof orders.$inferInsert> = {},
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
    return moved;
  }

  /**
   * Money for a (locked) order. An order that was let go meanwhile (its hold ran out, or it
   * was cancelled) takes its stock again if it is still there and goes on as paid; when the
   * goods are gone the money is recorded all the same and the order says to refund it.
   */
  async function pay(tx: Tx, order: OrderRow, payment: PaymentInput): Promise<{ order: OrderRow; reason?: string }> {
    const result = await payOnce(tx, order, payment);
    if (order.paymentStatus === 'unpaid' && result.order.paymentStatus === 'paid') {
      await events.paid(tx, await withLines(tx, result.order));
    }
    return result;
  }

  async function payOnce(tx: Tx, order: OrderRow, payment: PaymentInput): Promise<{ order: OrderRow; reason?: string }> {
    if (order.status !== 'cancelled' && order.status !== 'failed') return { order: await applyPayment(tx, order, payment) };
    const lines = (await loadDetails(tx, [order]))[0]!.lines;
    try {
      await tx.transaction(async (inner) => {
        await takeStock(
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
      // Its lines hold nothing (orders/held.ts): a refund of it puts no units back on sale.
      const reason = 'Paid after the order expired and the stock is gone: refund the customer';
      const paid = await applyPayment(tx, order, payment);
      const [flagged] = await tx
        .update(orders)
        .set({ failureReason: reason, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
        .returning();
      return { order: flagged ?? paid, reason };
    }
    await holdAgain(tx, order.id);
    const [revived] = await tx
      .update(orders)
      .set({ status: 'pending', failureReason: null, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    return { order: await applyPayment(tx, revived!, payment) };
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
        const priced = mergeLines(await priceLines(tx, input.lines, imageUrl));
        assertUnitCap(priced, input.limits?.maxUnitsPerProduct);
        const pricing: Pricing | null = input.checkout
          ? await priceOrder(tx, priced, {
              ...input.checkout,
              customer: { userId: input.userId ?? null, email },
              state: input.contact.state,
              country: input.contact.country,
              requireDelivery: true,
            })
          : null;
        const method = pricing?.method;
        if (input.checkout?.payOnDelivery && !method?.payOnDelivery) {
          throw badRequest(
            method ? `Pay on delivery is not available for ${method.name}` : 'Pay on delivery is not available here',
          );
        }
        // The shopper's row, then the coupon's, then the variants': every writer locks in this order.
        const units = priced.reduce((sum, l) => sum + l.quantity, 0);
        await assertShopperCaps(tx, input.userId, input.limits, input.checkout?.payOnDelivery ? units : undefined);
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
        }
        const taken = await takeStock(tx, priced);

        const subtotal = priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
        const discount = pricing?.discount ?? priced.reduce((sum, l) => sum + l.unitDiscount * l.quantity, 0);
        const deliveryFee = pricing?.deliveryFee ?? 0;
        const holdMs =
          input.status === 'pending'
            ? (input.pendingMs ?? DEFAULT_PENDING_MS)
            : input.status === 'confirmed'
              ? input.pendingMs
              : undefined;
        const contactEmail = input.contact.contactEmail?.trim().toLowerCase();
        const [inserted] = await tx
          .insert(orders)
          .values({
            id: orderId,
            userId: input.userId ?? null,
            customerId: input.customerId ?? null,
            email,
            contactEmail: contactEmail && contactEmail !== email ? contactEmail : null,
            name: input.contact.name?.trim() ?? '',
            phone: input.contact.phone?.trim() ?? '',
            address: input.contact.address?.trim() ?? '',
            city: input.contact.city?.trim() ?? '',
            // The delivery state priced ("Lagos" is kept as Lagos Mainland).
            state: pricing?.state ?? input.contact.state?.trim() ?? '',
            country: pricing ? 'Nigeria' : (input.contact.country?.trim() ?? ''),
            channel: input.channel,
            // A point-of-sale sale is paid below, once its payment is recorded.
            status: input.status === 'paid' ? 'pending' : input.status,
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
            expiresAt: holdMs === undefined ? null : new Date(Date.now() + holdMs),
          })
          .returning();
        if (!inserted) throw new Error('order insert returned no row');
        const lines = await tx
          .insert(orderLines)
          .values(priced.map(({ label: _label, ...l }) => ({ ...l, orderId: inserted.id })))
          .returning();
        let order = inserted;
        if (order.total === 0) order = await settleFreeOrder(tx, order);
        else if (input.status === 'paid') {
          order = await applyPayment(tx, order, {
            method: (input.paymentMethod as RecordedPaymentMethod | undefined) ?? 'cash',
            amount: order.total,
          });
        }
        const { payments, refunds } = await loadMoney(tx, order.amountPaid > 0 ? [order.id] : []);
        const made = { ...order, lines, payments, refunds };
        await events.stockTaken(tx, taken);
        if (order.paymentStatus === 'paid') await events.paid(tx, made);
        else if (input.channel === 'web' && (order.status === 'confirmed' || order.paymentMethod === 'transfer')) {
          await events.placed(tx, made);
        }
        return made;
      });
    },

    /** What checkout would charge for these lines, delivery and coupon; writes nothing. */
    async quote(lines: LineInput[], input: PricingInput): Promise<{ lines: PricedLine[]; pricing: Pricing }> {
      const priced = mergeLines(await priceLines(db, lines, imageUrl));
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
    withLines: (rows: OrderRow[]) => loadDetails(db, rows),

    /** An admin's (or the system's) status change; 409 when the lifecycle forbids it. */
    async transition(
      id: string,
      to: OrderStatus,
      reason?: string,
      note?: string,
    ): Promise<{ before: OrderRow; after: OrderWithLines }> {
      return db.transaction(async (tx) => {
        const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)) : [];
        if (!order) throw notFound('Order not found');
        if (!TRANSITIONS[order.status].includes(to)) {
          throw conflict(BY_NAME_REFUSED[to] ?? `An order that is ${order.status} cannot become ${to}`);
        }
        if ((to === 'cancelled' || to === 'failed') && order.amountPaid > 0) {
          throw conflict('Money was received for this order: refund it instead of cancelling it');
        }
        const extra =
          (to === 'cancelled' || to === 'failed') && reason
            ? { failureReason: reason }
            : // Sending a pay-on-delivery order confirms it: it no longer expires.
              order.status === 'confirmed' && to === 'fulfilled'
              ? { shopConfirmedAt: order.shopConfirmedAt ?? new Date(), expiresAt: null }
              : {};
        const moved = await move(tx, order, to, extra);
        if (!moved) throw conflict('The order changed meanwhile; reload it and try again');
        const after = await withLines(tx, moved);
        if (to === 'fulfilled') await events.shipped(tx, after, note?.trim() || null);
        else if (to === 'delivered') await events.delivered(tx, after);
        else if (to === 'cancelled') await events.cancelled(tx, after);
        return { before: order, after };
      });
    },

    /**
     * The shop called the shopper and confirmed a pay-on-delivery order: it no longer expires.
     * 409 unless it is a pay-on-delivery order still waiting for that call (a race with the
     * sweeper is decided by the row: one conditional UPDATE each).
     */
    async confirm(id: string): Promise<{ before: OrderRow; after: OrderWithLines }> {
      return db.transaction(async (tx) => {
        const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)) : [];
        if (!order) throw notFound('Order not found');
        const [confirmed] = await tx
          .update(orders)
          .set({ shopConfirmedAt: sql`now()`, expiresAt: null, updatedAt: sql`now()` })
          .where(
            and(
              eq(orders.id, id),
              eq(orders.status, 'confirmed'),
              eq(orders.paymentMethod, 'pod'),
              isNull(orders.shopConfirmedAt),
            ),
          )
          .returning();
        if (!confirmed) {
          const [now] = await tx.select().from(orders).where(eq(orders.id, id));
          throw conflict(
            now?.shopConfirmedAt
              ? 'This order was confirmed already'
              : 'Only a pay-on-delivery order waiting to be confirmed can be confirmed',
          );
        }
        return { before: order, after: await withLines(tx, confirmed) };
      });
    },

    /**
     * The shopper refused a pay-on-delivery order at the door: nothing was paid, the goods
     * come back. The order is cancelled ("Refused at delivery"), its units go back on sale and
     * its coupon use is freed. 409 unless it was sent, is paid on delivery and took no money.
     */
    async refusedAtDelivery(id: string): Promise<{ before: OrderRow; after: OrderWithLines }> {
      if (!isUuid(id)) throw notFound('Order not found');
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (order.status !== 'fulfilled' || order.paymentMethod !== 'pod' || order.amountPaid > 0) {
          throw conflict('Only a pay-on-delivery order that was sent and not paid can be refused at delivery');
        }
        const [moved] = await tx
          .update(orders)
          .set({ status: 'cancelled', failureReason: MESSAGES_ORDER.refusedAtDelivery, updatedAt: sql`now()` })
          .where(and(eq(orders.id, id), eq(orders.status, 'fulfilled')))
          .returning();
        await releaseStock(tx, [id]);
        await releaseCoupons(tx, [id]);
        const after = await withLines(tx, moved!);
        await events.cancelled(tx, after);
        return { before: order, after };
      });
    },

    /** A shopper lets go of their own unpaid order, not yet sent: its goods go back on sale at once. */
    async cancelByShopper(id: string, userId: string): Promise<OrderWithLines> {
      return db.transaction(async (tx) => {
        const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)).for('update') : [];
        if (!order || order.userId !== userId) throw notFound('Order not found');
        const allowed = (SHOPPER_CANCELLABLE as readonly OrderStatus[]).includes(order.status) && order.amountPaid === 0;
        if (!allowed) throw conflict(MESSAGES_ORDER.notCancellable);
        const moved = await move(tx, order, 'cancelled', { failureReason: 'Cancelled by the customer' });
        const after = await fresh(tx, order, moved);
        if (moved) await events.cancelled(tx, after);
        return after;
      });
    },

    /**
     * An admin records money received (a transfer, cash, the rider's takings); the order is
     * paid once they reach its total. A bank reference already recorded on another order is
     * refused (409 naming that order, `duplicateOf`) unless `confirmDuplicate` says the same
     * reference really paid both: one transfer is easily recorded twice on two orders.
     */
    async recordPayment(
      id: string,
      payment: PaymentInput,
      { confirmDuplicate = false } = {},
    ): Promise<{ before: OrderRow; after: OrderWithLines; reason?: string }> {
      if (!isUuid(id)) throw notFound('Order not found');
      return db.transaction(async (tx) => {
        const before = await lockOrder(tx, id);
        const reference = payment.reference?.trim() ?? '';
        if (reference && !confirmDuplicate) await assertReferenceUnused(tx, id, reference);
        const { order, reason } = await pay(tx, before, payment);
        return { before, after: await withLines(tx, order), reason };
      });
    },

    /**
     * Starts a refund (full or part, with units back on sale or not). `method` says how the
     * money goes back; one waiting for the card provider stays pending until it says.
     */
    async refund(id: string, input: RefundInput): Promise<{ order: OrderWithLines; refund: OrderRefundRow }> {
      if (!isUuid(id)) throw notFound('Order not found');
      return db.transaction(async (tx) => {
        const locked = await lockOrder(tx, id);
        const refund = await startRefund(tx, locked, input);
        const [now] = await tx.select().from(orders).where(eq(orders.id, id));
        const order = await withLines(tx, now!);
        if (refund.status === 'processed') await events.refunded(tx, order, refund);
        return { order, refund };
      });
    },

    /** The card provider accepted a refund: its id, so its webhook finds it. */
    async refundAccepted(refundId: string, providerRefundId: string): Promise<void> {
      await db.transaction((tx) => attachProviderRefundId(tx, refundId, providerRefundId));
    },

    /** The card provider did not answer a refund: it stays pending, its amount held, until it is looked up. */
    async refundUnanswered(refundId: string, note: string): Promise<void> {
      await db.transaction((tx) => noteRefund(tx, refundId, note));
    },

    /**
     * What the card provider said about a refund: paid out, or failed (its amount can be
     * refunded again). Idempotent: a replayed event changes nothing.
     */
    async settleRefund(
      match: { refundId: string },
      outcome: 'processed' | 'failed',
      reason = 'The refund failed',
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, match.refundId));
        if (!refund) return false;
        const order = await lockOrder(tx, refund.orderId);
        if (outcome === 'failed') {
          const failed = await failRefund(tx, refund.id, reason);
          if (failed) await events.paymentProblem(tx, order, 'refund', reason);
          return failed !== undefined;
        }
        const done = await completeRefund(tx, order, refund);
        if (done) {
          const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
          await events.refunded(tx, await withLines(tx, now!), done);
        }
        return done !== undefined;
      });
    },

    /** The pending refund a provider's event is about: by its id, or the oldest of that amount on the order paid with `reference`. */
    async findPendingRefund(
      providerRefundId: string | undefined,
      reference: string | undefined,
      amount: number,
    ): Promise<string | undefined> {
      if (providerRefundId) {
        const [byId] = await db
          .select({ id: orderRefunds.id })
          .from(orderRefunds)
          .where(eq(orderRefunds.providerRefundId, providerRefundId));
        if (byId) return byId.id;
      }
      if (!reference) return undefined;
      const [byOrder] = await db
        .select({ id: orderRefunds.id })
        .from(orderRefunds)
        .innerJoin(orderPayments, eq(orderPayments.orderId, orderRefunds.orderId))
        .where(and(eq(orderPayments.reference, reference), eq(orderRefunds.status, 'pending'), eq(orderRefunds.amount, amount)))
        .orderBy(asc(orderRefunds.createdAt))
        .limit(1);
      return byOrder?.id;
    },

    /**
     * Applies what the payment provider said about a reference. Paid only on success with
     * the exact amount and currency; idempotent, whatever the number of concurrent calls.
     */
    async settle(
      reference: string,
      result: VerifyResult,
      provider?: string,
    ): Promise<{ order: OrderWithLines; changed: boolean; reason?: string }> {
      return db.transaction(async (tx) => {
        const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, reference));
        if (!found) throw notFound('Order not found');
        // Concurrent verifications and webhooks of one order take turns here.
        const order = await lockOrder(tx, found.id);
        if (result.status === 'pending') return { order: await withLines(tx, order), changed: false, reason: result.reason };

        // An old client prices and pays for the goods only; the delivery the server priced is then still owed.
        const goodsOnly =
          order.channel === 'legacy' && order.deliveryFee > 0 && result.amount === order.total - order.deliveryFee;
        const matches = (result.amount === order.total || goodsOnly) && result.currency.toUpperCase() === order.currency;
        if (result.status === 'failed' || !matches) {
          const reason =
            result.status === 'failed'
              ? (result.reason ?? 'The payment was declined')
              : `A payment of ${result.currency === 'NGN' ? formatNaira(result.amount) : `${result.amount} ${result.currency} (kobo)`} does not match the order total of ${formatNaira(order.total)}`;
          if (order.status !== 'pending' || order.amountPaid > 0)
            return { order: await withLines(tx, order), changed: false, reason };
          // Money that does not match the order is for someone to look at; a declined card is not.
          if (result.status !== 'failed') await events.paymentProblem(tx, order, 'verification', reason);
          const moved = await move(tx, order, 'failed', { failureReason: reason });
          return { order: await fresh(tx, order, moved), changed: moved !== undefined, reason };
        }

        // Success with the right amount: recorded once per reference, whatever the number of calls.
        const unchanged = async () => ({ order: await withLines(tx, order), changed: false });
        if (await hasPayment(tx, order.id, reference)) return unchanged();
        const card = { method: 'card' as const, reference, provider: provider ?? order.paymentProvider };
        const due = order.total - order.amountPaid;
        if (result.amount > due) {
          // Part of it was paid otherwise meanwhile (an admin recorded a transfer): the card pays
          // what is still owed, and the rest is for the shop to give back, never recorded as paid.
          const note = `Paid ${formatNaira(result.amount - Math.max(due, 0))} more than owed: refund it`;
          if (due <= 0 && order.failureReason === note) return unchanged();
          const paid = due > 0 ? (await pay(tx, order, { ...card, amount: due })).order : order;
          const [noted] = await tx
            .update(orders)
            .set({ failureReason: note, updatedAt: sql`now()` })
            .where(eq(orders.id, order.id))
            .returning();
          await events.paymentProblem(tx, noted ?? paid, 'verification', note);
          return { order: await withLines(tx, noted ?? paid), changed: true, reason: note };
        }
        const paid = await pay(tx, order, { ...card, amount: result.amount });
        if (!goodsOnly || paid.reason) return { order: await withLines(tx, paid.order), changed: true, reason: paid.reason };
        const owed = `Paid for the goods only: the delivery fee of ${formatNaira(order.deliveryFee)} is still owed`;
        const [noted] = await tx
          .update(orders)
          .set({ failureReason: owed, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id))
          .returning();
        return { order: await withLines(tx, noted ?? paid.order), changed: true, reason: owed };
      });
    },

    /**
     * Cancels the orders whose hold has run out with nothing paid, gives their stock and
     * coupon uses back and tells their shoppers: pending orders not paid in time, and
     * pay-on-delivery orders the shop did not confirm in time. One conditional UPDATE, so
     * several processes sweeping at once cancel each order once.
     */
    async expirePending(now: Date = new Date()): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(orders)
          .set({
            status: 'cancelled',
            failureReason: sql`case when ${orders.status} = 'pending' then ${PAYMENT_NOT_IN_TIME} else ${MESSAGES_ORDER.notConfirmedInTime} end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              lt(orders.expiresAt, now),
              eq(orders.amountPaid, 0),
              or(eq(orders.status, 'pending'), and(eq(orders.status, 'confirmed'), isNull(orders.shopConfirmedAt))),
            ),
          )
          .returning();
        const ids = expired.map((o) => o.id);
        await releaseStock(tx, ids);
        await releaseCoupons(tx, ids);
        for (const order of await loadDetails(tx, expired)) await events.cancelled(tx, order);
        return expired.length;
      });
    },
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;

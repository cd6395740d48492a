/**
 * Making an order: its lines priced from the catalogue (whatever a client says about prices
 * is ignored), the variant each line buys, the limits that keep one shopper from holding the
 * shop's stock (unpaid online orders, units per product, units waiting for payment on
 * delivery), delivery and coupon priced as the quote prices them, stock and coupon reserved,
 * and the order written: all or nothing, in one transaction. Each line keeps its variant's cost
 * price as it is when the line is written (issue 30's reports: profit as it was). Lock order for every writer:
 * the shopper's row, then the coupon's, then the variants' (the catalogue's takeStock).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CHOOSE_COLOUR,
  CHOOSE_SIZE,
  DELIVERY_COUNTRY,
  isUuid,
  MESSAGES_ORDER,
  podUnitCapMessage,
  type RecordedPaymentMethod,
  unitCapMessage,
} from '@shop/shared';
import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { activeVariants, costNow, sameOption, sizeKey, takeStock, variantImage, variantPricing } from '../catalog/index.ts';
import { reserveCoupon } from '../coupons/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { transactionsAgainAfterDeadlock } from '../db/request-transaction.ts';
import {
  type OrderChannel,
  type OrderStatus,
  orderLines,
  orders,
  type ProductRow,
  products,
  users,
  type VariantRow,
} from '../db/schema/index.ts';
import { badRequest, conflict } from '../lib/http-error.ts';
import type { OrderEvents } from './events.ts';
import { applyPayment, settleFreeOrder } from './ledger.ts';
import { HOLDS_STOCK_UNTIL_PAID } from './lifecycle.ts';
import { type Pricing, type PricingInput, priceOrder } from './pricing.ts';
import { loadMoney, type OrderWithLines } from './queries.ts';
import { payTenders, type TillSale, tillColumns, tillPrices } from './till-sale.ts';

export const INVALID_LINES = 'Invalid product or quantity';
export const DEFAULT_PENDING_MS = 30 * 60 * 1000;

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
  /** The order's id when the caller made it (a till's sale: recorded once by its primary key); a new one otherwise. */
  id?: string;
  /** A till's sale: its receipt number, till, tenders, counter prices and stock rule (till-sale.ts). */
  till?: TillSale;
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
 * other. FOR NO KEY UPDATE: it excludes the other checkout as FOR UPDATE would, but not the
 * key-share lock of a row written meanwhile that names her (an order, a cart, a coupon use),
 * which FOR UPDATE would make wait for this checkout while it waits for stock.
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
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
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
    const { price: unitPrice, discount: unitDiscount } = variantPricing(variant, product);
    // A product made by a member who may not set prices starts at ₦0 (issue 28): it is not
    // for sale until someone who may gives it a price, whoever un-pauses it.
    if (unitPrice <= 0) throw badRequest(`${product.title} has no price yet and cannot be bought`);
    const image = variantImage(variant, product);
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
  // The catalogue's one comparison of sizes and colours (the editor's and the import's too).
  const size = line.size?.trim() || undefined;
  const color = line.color?.trim() || undefined;
  const matching = variants.filter((v) => sameOption({ size, color }, v));
  if (matching.length === 1) return matching[0]!;
  if (line.anyVariant) {
    const pool = matching.length > 0 ? matching : variants;
    return pool.find((v) => v.counter >= line.quantity) ?? pool[0]!;
  }
  if (matching.length === 0) {
    throw badRequest(`${product.title} does not come in ${[size, color].filter(Boolean).join(' / ')}`);
  }
  const sizes = new Set(matching.map((v) => sizeKey(v.size)));
  throw badRequest(sizes.size > 1 ? CHOOSE_SIZE : CHOOSE_COLOUR);
}

export function createOrderMaking(db: Db, imageUrl: (imageId: string) => string, events: OrderEvents) {
  return {
    /**
     * Prices the lines from the catalogue, reserves their stock and writes the order, all or
     * nothing. Inside `outer` (a caller's transaction) it is part of that transaction.
     */
    async create(input: CreateOrderInput, outer?: Tx): Promise<OrderWithLines> {
      assertValidLines(input.lines);
      const email = input.contact.email.trim().toLowerCase();
      const place = async (tx: Tx): Promise<OrderWithLines> => {
        const priced = tillPrices(mergeLines(await priceLines(tx, input.lines, imageUrl)), input.till);
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
        const orderId = input.id ?? randomUUID();
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
        const stock = input.till?.stock ?? 'take';
        const taken = stock === 'none' ? [] : await takeStock(tx, priced, { allowNegative: stock === 'allow_negative' });
        const tillDiscount = priced.reduce((sum, l) => sum + l.tillDiscount * l.quantity, 0);

        const subtotal = priced.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
        // Every discount of the order, the till's included (as the coupon's is): the order's
        // total is subtotal − discount + delivery fee, till sales too.
        const discount = (pricing?.discount ?? priced.reduce((sum, l) => sum + l.unitDiscount * l.quantity, 0)) + tillDiscount;
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
            country: pricing ? DELIVERY_COUNTRY : (input.contact.country?.trim() ?? ''),
            channel: input.channel,
            // A point-of-sale sale is paid below, once its payment is recorded.
            status: input.status === 'paid' ? 'pending' : input.status,
            subtotal,
            discount,
            couponDiscount: pricing?.couponDiscount ?? 0,
            couponCode: pricing?.coupon?.coupon.code ?? null,
            deliveryFee,
            // What the shop pays for this delivery, as the method says now (a later change leaves the order alone).
            deliveryCost: method?.cost ?? 0,
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
            ...(input.till && tillColumns(input.till, tillDiscount)),
          })
          .returning();
        if (!inserted) throw new Error('order insert returned no row');
        const lines = await tx
          .insert(orderLines)
          .values(
            priced.map(({ label: _label, ...l }) => ({
              ...l,
              orderId: inserted.id,
              // The variant's cost price as the line is written (null: unknown), kept whatever it becomes.
              unitCost: l.variantId ? costNow(l.variantId) : null,
            })),
          )
          .returning();
        let order = inserted;
        if (order.total === 0) order = await settleFreeOrder(tx, order);
        else if (input.till) order = await payTenders(tx, order, input.till.tenders);
        else if (input.status === 'paid') {
          order = await applyPayment(tx, order, {
            method: (input.paymentMethod as RecordedPaymentMethod | undefined) ?? 'cash',
            amount: order.total,
            // A card at the till (provider pos) went through its terminal: charged at that rate.
            provider: input.paymentProvider ?? null,
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
      };
      // A deadlock victim is placed again (nothing of it was kept): a shopper should not see
      // "Something went wrong" because of whom PostgreSQL chose to break the cycle.
      return outer ? outer.transaction(place) : transactionsAgainAfterDeadlock(db)(place);
    },

    /** What checkout would charge for these lines, delivery and coupon; writes nothing. */
    async quote(lines: LineInput[], input: PricingInput): Promise<{ lines: PricedLine[]; pricing: Pricing }> {
      const priced = mergeLines(await priceLines(db, lines, imageUrl));
      return { lines: priced, pricing: await priceOrder(db, priced, input) };
    },
  };
}

/**
 * Coupons: the one writer of `coupons` and `coupon_redemptions`. A code's use is reserved
 * by a pending order and counted once the order is paid; the coupon's row is locked while
 * a use is reserved, so concurrent checkouts (in any number of API processes) take turns
 * and a code with 10 uses left ends up on exactly 10 orders. Dates are whole days in the
 * shop's time zone.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  COUPON_MESSAGES,
  type CouponView,
  type couponInput,
  formatNaira,
  isUuid,
  koboToNaira,
  nairaToKobo,
  SHOP_TIME_ZONE,
  spendMoreMessage,
} from '@shop/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type CouponRow, couponRedemptions, coupons, orders } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';

type Q = Db | Tx;
export type CouponSpec = z.output<typeof couponInput>;

const startOfDay = (day: string) => sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;
const dayOf = (column: typeof coupons.startsAt) =>
  sql<string | null>`to_char(${column} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD')`;

function columns(spec: CouponSpec) {
  return {
    code: spec.code,
    type: spec.type,
    value: spec.type === 'percent' ? spec.value : spec.type === 'fixed' ? nairaToKobo(spec.value) : 0,
    minSubtotal: nairaToKobo(spec.minSubtotal),
    startsAt: spec.startsOn ? startOfDay(spec.startsOn) : null,
    // Exclusive: the start of the day after the last one.
    endsAt: spec.endsOn ? sql`((${spec.endsOn}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})` : null,
    usageLimit: spec.usageLimit ?? null,
    perCustomerLimit: spec.perCustomerLimit ?? null,
    productIds: spec.productIds,
    categoryIds: spec.categoryIds,
    active: spec.active,
  };
}

/** Every coupon, newest first, with its uses so far and what its paid orders brought in. */
export async function listCoupons(db: Q, id?: string): Promise<CouponView[]> {
  const usage = db
    .select({
      couponId: couponRedemptions.couponId,
      uses: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'used')::int`.as('uses'),
      reserved: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'reserved')::int`.as('reserved'),
      given: sql<string>`coalesce(sum(${couponRedemptions.amount}) filter (where ${couponRedemptions.status} = 'used'), 0)`.as(
        'given',
      ),
      revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${couponRedemptions.status} = 'used'), 0)`.as('revenue'),
    })
    .from(couponRedemptions)
    .leftJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .groupBy(couponRedemptions.couponId)
    .as('usage');
  const rows = await db
    .select({
      coupon: coupons,
      startsOn: dayOf(coupons.startsAt),
      endsOn: sql<
        string | null
      >`to_char((${coupons.endsAt} - interval '1 microsecond') at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD')`,
      uses: usage.uses,
      reserved: usage.reserved,
      given: usage.given,
      revenue: usage.revenue,
    })
    .from(coupons)
    .leftJoin(usage, eq(usage.couponId, coupons.id))
    .where(id ? eq(coupons.id, id) : undefined)
    .orderBy(desc(coupons.createdAt), coupons.code);
  return rows.map(({ coupon: c, ...r }) => ({
    id: c.id,
    code: c.code,
    type: c.type,
    value: c.type === 'fixed' ? koboToNaira(c.value) : c.value,
    minSubtotal: koboToNaira(c.minSubtotal),
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    productIds: c.productIds,
    categoryIds: c.categoryIds,
    active: c.active,
    uses: r.uses ?? 0,
    reserved: r.reserved ?? 0,
    revenue: koboToNaira(Number(r.revenue ?? 0)),
    discountGiven: koboToNaira(Number(r.given ?? 0)),
    createdAt: c.createdAt.toISOString(),
  }));
}

async function one(db: Q, id: string): Promise<CouponView> {
  const [coupon] = isUuid(id) ? await listCoupons(db, id) : [];
  if (!coupon) throw notFound('Coupon not found');
  return coupon;
}

const DUPLICATE = (code: string) => conflict(`The code ${code} already exists`);

export async function createCoupon(db: Q, spec: CouponSpec): Promise<CouponView> {
  try {
    const [row] = await db.insert(coupons).values(columns(spec)).returning({ id: coupons.id });
    return one(db, row!.id);
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_key')) throw DUPLICATE(spec.code);
    throw error;
  }
}

export async function updateCoupon(db: Db, id: string, spec: CouponSpec): Promise<CouponView> {
  if (!isUuid(id)) throw notFound('Coupon not found');
  try {
    const [row] = await db
      .update(coupons)
      .set({ ...columns(spec), updatedAt: sql`now()` })
      .where(eq(coupons.id, id))
      .returning({ id: coupons.id });
    if (!row) throw notFound('Coupon not found');
    return one(db, id);
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_key')) throw DUPLICATE(spec.code);
    throw error;
  }
}

/** Deletes a coupon no order has used; one with history can only be switched off. */
export async function deleteCoupon(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Coupon not found');
  await db.transaction(async (tx) => {
    const [used] = await tx.select({ n: sql`1` }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id)).limit(1);
    if (used) throw conflict('Orders have used this code: switch it off instead of deleting it');
    const [gone] = await tx.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
    if (!gone) throw notFound('Coupon not found');
  });
}

export interface CouponLine {
  productId: string;
  categoryId: string | null;
  /** Kobo the shopper pays for the line before the coupon (list price − markdown, × quantity). */
  net: number;
}

export interface CouponOutcome {
  coupon: CouponRow;
  /** Kobo taken off the goods (0 for free delivery). */
  goodsReduction: number;
  freeDelivery: boolean;
}

/** The coupon a shopper typed, or 400 (the same as for a switched-off code) when no such code exists. */
export async function findCoupon(db: Q, code: string): Promise<CouponRow> {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.trim().toUpperCase()));
  if (!coupon) throw badRequest(COUPON_MESSAGES.cannotUse);
  return coupon;
}

/**
 * What the coupon takes off these lines now, or a 4xx saying why it cannot be used. The
 * minimum spend is checked against the goods after markdowns; a restricted code reduces
 * only its products' or categories' lines.
 */
export function applyCoupon(coupon: CouponRow, lines: CouponLine[], now = new Date()): CouponOutcome {
  // Switched off or not started: answered as an unknown code (COUPON_MESSAGES).
  if (!coupon.active || (coupon.startsAt && now < coupon.startsAt)) throw badRequest(COUPON_MESSAGES.cannotUse);
  if (coupon.endsAt && now >= coupon.endsAt) throw badRequest(COUPON_MESSAGES.expired);
  const goods = lines.reduce((sum, l) => sum + l.net, 0);
  if (goods < coupon.minSubtotal) throw badRequest(spendMoreMessage(formatNaira(coupon.minSubtotal - goods)));
  const restricted = coupon.productIds.length > 0 || coupon.categoryIds.length > 0;
  const eligible = restricted
    ? lines.filter(
        (l) => coupon.productIds.includes(l.productId) || (l.categoryId !== null && coupon.categoryIds.includes(l.categoryId)),
      )
    : lines;
  if (eligible.length === 0) throw badRequest(COUPON_MESSAGES.notForThese);
  const base = eligible.reduce((sum, l) => sum + l.net, 0);
  if (coupon.type === 'free_delivery') return { coupon, goodsReduction: 0, freeDelivery: true };
  const goodsReduction = coupon.type === 'percent' ? Math.round((base * coupon.value) / 100) : Math.min(coupon.value, base);
  return { coupon, goodsReduction, freeDelivery: false };
}

/** Uses that count against the limits: paid orders and orders waiting for payment. */
const HOLDING = inArray(couponRedemptions.status, ['reserved', 'used']);

/**
 * Who a use of a code counts for: the shopper's account. The e-mail typed at checkout is
 * free text and is never an identity; it counts only for an order with no account.
 */
export interface CouponCustomer {
  userId: string | null;
  email: string;
}

/** 409 when the code (or this shopper's share of it) is used up. `lock` takes the coupon's row first. */
export async function checkCouponLimits(
  db: Q,
  coupon: CouponRow,
  customer: CouponCustomer,
  { lock = false } = {},
): Promise<void> {
  // FOR NO KEY UPDATE: checkouts with the code take turns; a use written elsewhere meanwhile (its key-share lock) does not wait.
  if (lock) await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, coupon.id)).for('no key update');
  if (coupon.usageLimit !== null) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), HOLDING));
    if ((row?.n ?? 0) >= coupon.usageLimit) throw conflict(COUPON_MESSAGES.usedUp);
  }
  if (coupon.perCustomerLimit !== null) {
    const whose = customer.userId
      ? eq(couponRedemptions.userId, customer.userId)
      : eq(couponRedemptions.email, customer.email.toLowerCase());
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), whose, HOLDING));
    if ((row?.n ?? 0) >= coupon.perCustomerLimit) throw conflict(COUPON_MESSAGES.usedByYou);
  }
}

/**
 * Reserves one use of the coupon for a new order, inside the order's transaction: the
 * coupon's row is locked, the limits counted again, and the use written. Two processes
 * reserving the last use take turns on the lock; the second finds it gone (409).
 */
export async function reserveCoupon(
  tx: Tx,
  coupon: CouponRow,
  use: { orderId: string; userId: string | null; email: string; amount: number },
): Promise<void> {
  await checkCouponLimits(tx, coupon, use, { lock: true });
  await tx.insert(couponRedemptions).values({
    couponId: coupon.id,
    orderId: use.orderId,
    userId: use.userId,
    email: use.email.toLowerCase(),
    amount: use.amount,
  });
}

/** The orders were paid: their reserved uses count for good (a revived order's released one too). */
export async function markCouponsUsed(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(couponRedemptions)
    .set({ status: 'used' })
    .where(and(inArray(couponRedemptions.orderId, orderIds), inArray(couponRedemptions.status, ['reserved', 'released'])));
}

/** The orders were cancelled, failed or expired unpaid: their uses are free again. */
export async function releaseCoupons(tx: Tx, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(and(inArray(couponRedemptions.orderId, orderIds), eq(couponRedemptions.status, 'reserved')));
}

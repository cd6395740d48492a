import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productVariants } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const LAGOS_OFFSET = 60 * 60 * 1000; // West Africa Time, UTC+1 all year.

let ctx: TestContext;
let admin: InjectOptions['headers'];
let shopper: InjectOptions['headers'];
const ids: Record<string, string> = {};
let midnight: number;
const lagosDate = (utcMs: number) => new Date(utcMs + LAGOS_OFFSET).toISOString().slice(0, 10);

/**
 * A small known shop. Times are placed relative to the start of today in Lagos, so the
 * figures hold whenever the test runs:
 * today: o1 paid 20,000 (gele ×2), o2 fulfilled 5,000 (beads ×1), o6 pending, o7 cancelled;
 * 2 days ago: o8 paid but archived; 3 days ago: o3 delivered 10,000 (gele ×1);
 * 20 days ago: o4 paid 10,000 (beads ×2, ₦1,000 off and ₦1,000 delivery); 40 days ago: o5 paid 50,000 (gele ×5).
 */
beforeAll(async () => {
  ctx = await createTestApp();
  admin = bearer((await createAdmin(ctx)).accessToken);
  shopper = bearer((await registerShopper(ctx.app)).accessToken);
  const db = ctx.database.db;
  const now = Date.now();
  midnight = Math.floor((now + LAGOS_OFFSET) / DAY) * DAY - LAGOS_OFFSET;
  const todayMid = midnight + Math.floor((now - midnight) / 2);

  const gele = await insertProduct(db, { title: 'Aso Oke Gele', price: 1_000_000, counter: 100 });
  const beads = await insertProduct(db, { title: 'Coral Beads', price: 500_000, counter: 100 });
  const stool = await insertProduct(db, { title: 'Carved Stool', counter: 100 });
  const lamp = await insertProduct(db, { title: 'Brass Lamp', counter: 100 });
  const rug = await insertProduct(db, { title: 'Woven Rug', counter: 100 });
  Object.assign(ids, { gele: gele.id, beads: beads.id, stool: stool.id, lamp: lamp.id, rug: rug.id });

  const place = async (key: string, at: number, productId: string, quantity: number, status: 'paid' | 'pending', name = key) => {
    const order = await ctx.app.orders.create({
      channel: 'web',
      contact: { email: `${key}@example.com`, name },
      lines: [{ productId, quantity }],
      status,
    });
    await db
      .update(orders)
      .set({ createdAt: new Date(at) })
      .where(eq(orders.id, order.id));
    ids[key] = order.id;
    return order.id;
  };
  await place('o1', todayMid + 4, gele.id, 2, 'paid', 'Amaka Obi');
  await place('o6', todayMid + 3, gele.id, 1, 'pending');
  await ctx.app.orders.transition(await place('o7', todayMid + 2, gele.id, 1, 'pending'), 'cancelled');
  await ctx.app.orders.transition(await place('o2', todayMid + 1, beads.id, 1, 'paid'), 'fulfilled');
  const archived = await place('o8', midnight - 2 * DAY + DAY / 2, gele.id, 1, 'paid');
  await db.update(orders).set({ archivedAt: new Date() }).where(eq(orders.id, archived));
  const delivered = await place('o3', midnight - 3 * DAY + DAY / 2, gele.id, 1, 'paid');
  await ctx.app.orders.transition(delivered, 'fulfilled');
  await ctx.app.orders.transition(delivered, 'delivered');
  const withCoupon = await place('o4', midnight - 20 * DAY + DAY / 2, beads.id, 2, 'paid');
  // o4 had ₦1,000 off with a code and paid ₦1,000 delivery: its total stays ₦10,000.
  await db
    .update(orders)
    .set({ discount: 100_000, couponDiscount: 100_000, deliveryFee: 100_000 })
    .where(eq(orders.id, withCoupon));
  await place('o5', midnight - 40 * DAY + DAY / 2, gele.id, 5, 'paid');

  for (const [id, counter] of [
    [gele.id, 50],
    [beads.id, 3],
    [stool.id, 0],
    [lamp.id, 5],
    [rug.id, 6],
  ] as const) {
    await db.update(productVariants).set({ counter }).where(eq(productVariants.productId, id));
  }
  // Two sizes running short beside a sold-out one, and a paused product with one unit left.
  const dress = await insertProduct(db, {
    title: 'Ankara Dress',
    variants: [
      { size: 'small', counter: 0 },
      { size: 'medium', counter: 1 },
      { size: 'large', counter: 2 },
    ],
  });
  const paused = await insertProduct(db, { title: 'Paused Wrapper', counter: 1, availability: 'Out of Stock' });
  Object.assign(ids, { dress: dress.id, paused: paused.id });
});
afterAll(() => ctx.close());

describe('GET /api/admin/stats', () => {
  it('answers 401 without a token and 403 for a shopper', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: shopper })).statusCode).toBe(403);
  });

  it('adds up paid, fulfilled and delivered sales for today, 7 and 30 days, leaving out archived ones', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.today).toEqual({ revenue: 25_000, orders: 2 });
    expect(stats.last7Days).toEqual({ revenue: 35_000, orders: 3 });
    expect(stats.last30Days).toEqual({ revenue: 45_000, orders: 4 });
    expect(stats.last30DaysBreakdown).toEqual({ goods: 45_000, discount: 1_000, delivery: 1_000, total: 45_000 });

    // Thirty days, oldest first, each present, in Lagos dates.
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[29]).toEqual({ date: lagosDate(midnight), revenue: 25_000, orders: 2 });
    expect(stats.daily[26]).toEqual({ date: lagosDate(midnight - 3 * DAY), revenue: 10_000, orders: 1 });
    expect(stats.daily[9]).toEqual({ date: lagosDate(midnight - 20 * DAY), revenue: 10_000, orders: 1 });
    expect(stats.daily[0].date).toBe(lagosDate(midnight - 29 * DAY));
    expect(stats.daily[27]).toEqual({ date: lagosDate(midnight - 2 * DAY), revenue: 0, orders: 0 });
    expect(stats.daily.reduce((sum: number, d: { revenue: number }) => sum + d.revenue, 0)).toBe(45_000);

    expect(stats.topProducts).toEqual([
      { productId: ids.gele, title: 'Aso Oke Gele', units: 3, revenue: 30_000 },
      { productId: ids.beads, title: 'Coral Beads', units: 3, revenue: 15_000 },
    ]);
    expect(stats.recentOrders.map((o: { id: string }) => o.id)).toEqual([ids.o1, ids.o6, ids.o7, ids.o2, ids.o3]);
    expect(stats.recentOrders[0]).toEqual({
      id: ids.o1,
      number: expect.stringMatching(/^NG-\d{6}$/),
      customerName: 'Amaka Obi',
      total: 20_000,
      status: 'paid',
      createdAt: expect.any(String),
    });
    expect(stats.recentOrders.map((o: { status: string }) => o.status)).toEqual([
      'paid',
      'pending',
      'cancelled',
      'fulfilled',
      'delivered',
    ]);
  });

  it('lists low stock by the stock=low rule: variants with 1 to the threshold left, of products on sale', async () => {
    const stats = (await ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin })).json();
    // The shop's threshold is 3 until it sets one. Not low: the lamp's 5, the stool and the dress's
    // small (sold out: out of stock, not low), and the paused wrapper's last unit.
    expect(stats.lowStockThreshold).toBe(3);
    expect(stats.lowStock).toEqual([
      expect.objectContaining({ id: ids.dress, title: 'Ankara Dress', size: 'medium', counter: 1, sku: expect.any(String) }),
      expect.objectContaining({ id: ids.dress, title: 'Ankara Dress', size: 'large', counter: 2 }),
      expect.objectContaining({ id: ids.beads, title: 'Coral Beads', size: '', counter: 3 }),
    ]);
    expect(stats.lowStockTotal).toBe(3);
    // Two sizes of one product: one product id, two variant ids (the overview's list keys).
    const variantIds = stats.lowStock.map((v: { variantId: string }) => v.variantId);
    expect(new Set(variantIds).size).toBe(3);

    // The same rule as the product list's filter: the products listed are the products these variants belong to.
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/products?stock=low&limit=100', headers: admin });
    expect(
      listed
        .json()
        .map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual([ids.dress, ids.beads].sort());
  });
});

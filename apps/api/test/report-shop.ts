/**
 * The reports' known shop (issue 30), built through the API as a shop would be, then its
 * orders' moments moved into the past. Every report's test builds it in its own app and checks
 * its figures to the kobo. Products and their costs are inserted as fixtures; the orders,
 * payments and the refund are made through the API:
 * - A: ₦20,000 marked down by ₦2,000, cost ₦9,000; B: ₦9,000, cost unknown until after its
 *   first sale, then ₦4,000; C: ₦5,000, cost ₦2,500. Delivery by bike: ₦2,500 charged, ₦1,800.50
 *   paid to the rider. Fees: the sandbox's card rate, and the owner's rates for the rest.
 * - O1 card (sandbox), 1 A, 10 March 23:30 Lagos (22:30 UTC);
 * - O2 transfer, 1 A + 2 B with the 10 % coupon, 11 March 00:30 Lagos (still 10 March in UTC),
 *   B's cost unknown then; ₦3,600 of it refunded on 5 April;
 * - O3 pay on delivery, 1 C, 15 March; paid to the rider;
 * - O4 a till sale, 2 C with a ₦500 till discount each + 1 B, 20 March, half cash, half card;
 * - O5 transfer, 1 C, 10 February (the comparison); O6 unpaid, March (never counted).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderRefunds, orders, productVariants, users } from '../src/db/schema/index.ts';
import { type Client, client } from './clients.ts';
import { insertProduct, readVariants } from './fixtures.ts';
import { bearer, createStaff, createTestApp, registerShopper, type TestContext } from './helpers.ts';

export interface ReportShop {
  ctx: TestContext;
  owner: Client;
  /** A custom role with the Manager's permissions but reports.profit. */
  noProfit: Client;
  cashier: Awaited<ReturnType<typeof createStaff>>;
  /** The products A, B and C. */
  ids: Record<'A' | 'B' | 'C', string>;
  /** Their (only) variants. */
  variants: Record<'A' | 'B' | 'C', string>;
  /** O1…O6. */
  order: Record<string, string>;
  /** Checks out the lines as a new shopper in Lagos Island, by bike: the order, its payment reference and amount (kobo). */
  checkout: (
    lines: { productId: string; quantity: number }[],
    extra?: object,
  ) => Promise<{ orderId: string; reference: string; amount: number; token: string }>;
}

const RATES = {
  transfer: { percent: 0, fixed: 52.5 },
  cash: { percent: 0, fixed: 0 },
  pod: { percent: 1.25, fixed: 100 },
  card: { percent: 1.5, fixed: 0 },
  terminal: { percent: 0.5, fixed: 10 },
};

/** Moves an order's creation to a Lagos wall-clock moment. */
const createdAt = (ctx: TestContext, id: string, lagos: string) =>
  ctx.database.db
    .update(orders)
    .set({ createdAt: new Date(`${lagos}+01:00`) })
    .where(eq(orders.id, id));

async function product(ctx: TestContext, title: string, price: number, discount: number, cost: number | null) {
  const p = await insertProduct(ctx.database.db, { title, price, discount, counter: 50 });
  const [variant] = await readVariants(ctx.database.db, p.id);
  await ctx.database.db.update(productVariants).set({ cost }).where(eq(productVariants.id, variant!.id));
  return { productId: p.id, variantId: variant!.id };
}

/** Builds the shop in a new app (close it with ctx.close()). */
export async function buildReportShop(): Promise<ReportShop> {
  const ctx = await createTestApp();
  const ownerStaff = await createStaff(ctx);
  const owner = client(ctx.app, ownerStaff.accessToken);
  const cashier = await createStaff(ctx, 'cashier');
  await ctx.database.db.update(users).set({ firstName: 'Bisi', lastName: 'Till' }).where(eq(users.id, cashier.user.id));

  const role = await owner.json('POST', '/api/roles', {
    name: 'Manager without profit',
    permissions: (await owner.json('GET', '/api/roles'))
      .json()
      .find((r: { template: string }) => r.template === 'manager')
      .permissions.filter((p: string) => p !== 'reports.profit'),
    pos: { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' },
    discountLimitPercent: 0,
  });
  expect(role.statusCode, role.body).toBe(201);
  const member = await createStaff(ctx, 'manager');
  await ctx.database.db.update(users).set({ staffRoleId: role.json().id }).where(eq(users.id, member.user.id));
  const noProfit = client(ctx.app, member.accessToken);

  expect((await owner.json('PUT', '/api/settings', { paymentFees: RATES })).statusCode).toBe(200);
  const zone = await owner.json('POST', '/api/delivery/zones', {
    name: 'Lagos Island',
    states: ['Lagos Island'],
    methods: [{ name: 'Bike', kind: 'flat', fee: 2500, cost: 1800.5, etaDays: 1, payOnDelivery: true }],
  });
  expect(zone.statusCode, zone.body).toBe(201);
  const bike = zone.json().methods[0].id as string;
  expect((await owner.json('POST', '/api/coupons', { code: 'TEN', type: 'percent', value: 10 })).statusCode).toBe(201);

  const ids: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };
  const order: Record<string, string> = {};
  const A = await product(ctx, 'Adire dress', 2_000_000, 200_000, 900_000);
  const B = await product(ctx, 'Aso-oke clutch', 900_000, 0, null);
  const C = await product(ctx, 'Ankara tote', 500_000, 0, 250_000);
  ids.A = A.productId;
  ids.B = B.productId;
  ids.C = C.productId;

  async function checkout(lines: { productId: string; quantity: number }[], extra: object = {}) {
    const shopper = await registerShopper(ctx.app, { state: 'Lagos Island' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(shopper.accessToken),
      payload: { lines, deliveryMethodId: bike, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json() as { orderId: string; reference: string; amount: number }), token: shopper.accessToken };
  }
  const record = async (orderId: string, method: string, kobo: number) => {
    const res = await owner.json('POST', `/api/orders/${orderId}/payments`, { method, amount: kobo / 100 });
    expect(res.statusCode, res.body).toBe(201);
  };

  // O1: card through the sandbox.
  const o1 = await checkout([{ productId: A.productId, quantity: 1 }]);
  const pay = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${o1.reference}/pay`,
    headers: bearer(o1.token),
    payload: { card: '4084 0840 8408 4081' },
  });
  expect(pay.json()).toEqual({ status: 'success' });
  const verified = await ctx.app.inject({
    method: 'POST',
    url: `/api/checkout/${o1.reference}/verify`,
    headers: bearer(o1.token),
  });
  expect(verified.json()).toMatchObject({ paid: true });
  order.O1 = o1.orderId;

  // O2: transfer with the coupon; B's cost is set only after.
  const o2 = await checkout(
    [
      { productId: A.productId, quantity: 1 },
      { productId: B.productId, quantity: 2 },
    ],
    { couponCode: 'TEN' },
  );
  await record(o2.orderId, 'transfer', o2.amount);
  order.O2 = o2.orderId;
  await ctx.database.db.update(productVariants).set({ cost: 400_000 }).where(eq(productVariants.id, B.variantId));

  // O3: pay on delivery, paid to the rider.
  const o3 = await checkout([{ productId: C.productId, quantity: 1 }], { paymentMethod: 'pod' });
  await record(o3.orderId, 'pod', o3.amount);
  order.O3 = o3.orderId;

  // O4: the till, synced: ₦500 off each C, half cash, half on the card terminal.
  const till = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/pos/tills',
      headers: bearer(cashier.accessToken),
      payload: { name: 'Counter' },
    })
  ).json() as { tillId: string; prefix: string; deviceToken: string };
  order.O4 = randomUUID();
  const synced = await ctx.app.inject({
    method: 'POST',
    url: '/api/pos/sales/sync',
    headers: bearer(till.deviceToken),
    payload: {
      tillId: till.tillId,
      sales: [
        {
          id: order.O4,
          receiptNumber: `${till.prefix}-000001`,
          createdAt: new Date(Date.now() - 60_000).toISOString(),
          cashierId: cashier.user.id,
          offline: false,
          lines: [
            { variantId: C.variantId, quantity: 2, discount: 50_000 },
            { variantId: B.variantId, quantity: 1 },
          ],
          tenders: [
            { type: 'cash', amount: 900_000, tendered: 1_000_000 },
            { type: 'card', amount: 900_000, reference: 'TERM-1' },
          ],
          approvals: [],
        },
      ],
    },
  });
  expect(synced.statusCode, synced.body).toBe(200);
  expect(synced.json().results[0]).toMatchObject({ status: 'recorded' });

  // O5: February's transfer; O6: never paid.
  const o5 = await checkout([{ productId: C.productId, quantity: 1 }]);
  await record(o5.orderId, 'transfer', o5.amount);
  order.O5 = o5.orderId;
  order.O6 = (await checkout([{ productId: A.productId, quantity: 1 }])).orderId;

  // ₦3,600 of O2's goods back, processed on 5 April.
  const refund = await owner.json('POST', `/api/orders/${order.O2}/refunds`, { amount: 3600, reason: 'One clutch came back' });
  expect(refund.statusCode, refund.body).toBe(201);
  await ctx.database.db
    .update(orderRefunds)
    .set({ createdAt: new Date('2026-04-05T10:00:00+01:00'), processedAt: new Date('2026-04-05T10:00:00+01:00') })
    .where(eq(orderRefunds.orderId, order.O2));

  await createdAt(ctx, order.O1, '2026-03-10T23:30:00');
  await createdAt(ctx, order.O2, '2026-03-11T00:30:00');
  await createdAt(ctx, order.O3, '2026-03-15T12:00:00');
  await createdAt(ctx, order.O4, '2026-03-20T15:00:00');
  await createdAt(ctx, order.O5, '2026-02-10T12:00:00');
  await createdAt(ctx, order.O6, '2026-03-12T12:00:00');
  return { ctx, owner, noProfit, cashier, ids, variants: { A: A.variantId, B: B.variantId, C: C.variantId }, order, checkout };
}

/** A sales row's or total's figures (with profit), in the order the sales report gives them. */
export function fig(
  orders: number,
  units: number,
  grossSales: number,
  markdowns: number,
  coupons: number,
  tillDiscounts: number,
  refunds: number,
  deliveryCharged: number,
  costOfGoods: number,
  unitsUnknownCost: number,
  paymentFees: number,
  deliveryCost: number,
) {
  const netSales = grossSales - markdowns - coupons - tillDiscounts - refunds;
  const grossProfit = netSales - costOfGoods - paymentFees - deliveryCost + deliveryCharged;
  const base = netSales + deliveryCharged;
  return {
    orders,
    units,
    grossSales,
    markdowns,
    coupons,
    tillDiscounts,
    refunds,
    netSales,
    deliveryCharged,
    costOfGoods,
    unitsUnknownCost,
    paymentFees,
    deliveryCost,
    grossProfit,
    marginPercent: base === 0 ? null : Math.round((grossProfit * 10_000) / base) / 100,
  };
}

/** The report `name` (e.g. 'sales') and its CSV both refuse `query` with 400 and a message containing `message`. */
export async function expectBadQuery(as: Client, name: string, query: string, message: string): Promise<void> {
  for (const url of [`/api/reports/${name}?${query}`, `/api/reports/${name}.csv?${query}`]) {
    const res = await as.json('GET', url);
    expect(res.statusCode, url).toBe(400);
    expect(res.json().msg, url).toContain(message);
  }
}

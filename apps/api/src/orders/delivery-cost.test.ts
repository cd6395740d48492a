/**
 * What a delivery costs the shop (issue 30), through HTTP: each delivery method's `cost` (naira
 * in the back office, kobo stored, 0 by default) is set beside its fee, shown in the back
 * office only (never in the storefront's zones or checkout answers), and copied onto each
 * order as it is made (orders.delivery_cost), so a later change leaves past orders alone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../../test/clients.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createStaff, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { orders } from '../db/schema/index.ts';

let ctx: TestContext;
let manager: Client;
let anonymous: Client;
let zone: { id: string; methods: { id: string; name: string; cost?: number }[] };
const ZONE = (methods: object[]) => ({ name: 'Lagos Island', states: ['Lagos Island'], methods });
const BIKE = { name: 'Bike', kind: 'flat', fee: 2500, cost: 1800.5, etaDays: 1 };
const PICKUP = { name: 'Pickup', kind: 'pickup', pickupAddress: '3 Broad Street', etaDays: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  manager = client(ctx.app, (await createStaff(ctx, 'manager')).accessToken);
  anonymous = client(ctx.app);
  const res = await manager.json('POST', '/api/delivery/zones', ZONE([BIKE, PICKUP]));
  expect(res.statusCode, res.body).toBe(201);
  zone = res.json();
});
afterAll(() => ctx.close());

const methodsOf = (body: { zones: { methods: object[] }[] }) => body.zones.flatMap((z) => z.methods);

/** A paid-later web order delivered by `methodId`: its row. */
async function orderBy(methodId: string) {
  const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 5 });
  const shopper = client(ctx.app, (await registerShopper(ctx.app, { state: 'Lagos Island' })).accessToken);
  const body = { lines: [{ productId: product.id, quantity: 1 }], deliveryMethodId: methodId };
  const quote = await shopper.json('POST', '/api/checkout/quote', body);
  expect(quote.statusCode, quote.body).toBe(200);
  expect(quote.body).not.toContain('"cost"');
  const res = await shopper.json('POST', '/api/checkout', body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.body).not.toContain('"cost"');
  return (await ctx.database.db.select().from(orders).where(eq(orders.id, res.json().orderId)))[0]!;
}

describe('delivery cost', () => {
  it('is set beside the fee and shown in the back office only (0 by default)', async () => {
    expect(zone.methods.map((m) => [m.name, m.cost])).toEqual([
      ['Bike', 1800.5],
      ['Pickup', 0],
    ]);
    const all = await manager.json('GET', '/api/delivery/zones/all');
    expect(methodsOf(all.json()).map((m) => (m as { cost?: number }).cost)).toContain(1800.5);
    const shown = await anonymous.json('GET', '/api/delivery/zones');
    for (const m of methodsOf(shown.json())) expect(m).not.toHaveProperty('cost');
  });

  it('is copied onto each order as it is made; a later change leaves the order alone', async () => {
    const bike = zone.methods.find((m) => m.name === 'Bike')!;
    const first = await orderBy(bike.id);
    expect(first).toMatchObject({ deliveryFee: 250_000, deliveryCost: 180_050 });
    const changed = await manager.json('PUT', `/api/delivery/zones/${zone.id}`, {
      ...ZONE([
        { ...BIKE, id: bike.id, cost: 2000 },
        { ...PICKUP, id: zone.methods[1]!.id },
      ]),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await orderBy(bike.id)).deliveryCost).toBe(200_000);
    expect((await ctx.database.db.select().from(orders).where(eq(orders.id, first.id)))[0]!.deliveryCost).toBe(180_050);
    // A save that leaves the cost out (an older client) keeps it.
    const { cost: _cost, ...withoutCost } = BIKE;
    await manager.json('PUT', `/api/delivery/zones/${zone.id}`, {
      ...ZONE([
        { ...withoutCost, id: bike.id },
        { ...PICKUP, id: zone.methods[1]!.id },
      ]),
    });
    expect((await orderBy(bike.id)).deliveryCost).toBe(200_000);
  });

  it('refuses a negative cost with 400, changing nothing', async () => {
    const res = await manager.json('PUT', `/api/delivery/zones/${zone.id}`, ZONE([{ ...BIKE, cost: -1 }]));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Cost cannot be negative');
    const all = (await manager.json('GET', '/api/delivery/zones/all')).json();
    expect(methodsOf(all).map((m) => (m as { name: string }).name)).toEqual(['Bike', 'Pickup']);
  });
});

/**
 * Pay on delivery without a way to hoard stock (issue 26, item 1): the shop confirms each
 * order by phone in time or it is let go, a sent order refused at the door comes back, and
 * one shopper's unpaid pay-on-delivery orders hold a bounded number of units. Through HTTP.
 */
import { MESSAGES_ORDER, podUnitCapMessage } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema/index.ts';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type Client, client } from '../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let methodId: string;
const HOUR_MS = 3600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
  const zone = {
    name: 'Lagos Mainland',
    states: ['Lagos Mainland'],
    methods: [{ name: 'Standard delivery', kind: 'flat', fee: 2500, etaDays: 2, payOnDelivery: true }],
  };
  const res = await admin.json('POST', '/api/delivery/zones', zone);
  expect(res.statusCode).toBe(201);
  methodId = res.json().methods[0].id;
  expect((await admin.json('PUT', '/api/settings', { podConfirmHours: 6, podMaxUnits: 5 })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

async function shopper(overrides: Record<string, unknown> = {}) {
  const registered = await registerShopper(ctx.app, overrides);
  return { ...client(ctx.app, registered.accessToken), id: registered.user.id as string, email: registered.email };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

async function podOrder(buyer: Shopper, productId: string, quantity = 1, extra: object = {}) {
  const res = await buyer.json('POST', '/api/checkout', {
    lines: [{ productId, quantity }],
    paymentMethod: 'pod',
    deliveryMethodId: methodId,
    ...extra,
  });
  return res;
}
const view = async (id: string) => (await admin.json('GET', `/api/orders/${id}`)).json();
const awaiting = async () =>
  ((await admin.json('GET', '/api/purchases?awaiting=confirmation&limit=100')).json() as { id: string }[]).map((p) => p.id);

describe('confirming in time', () => {
  it('needs a phone number the shop can call, and creates nothing without one', async () => {
    const buyer = await shopper({ phone: '' });
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const res = await podOrder(buyer, product.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(MESSAGES_ORDER.podPhoneRequired);
    expect((await podOrder(buyer, product.id, 1, { phone: 'call me' })).statusCode).toBe(400);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
    expect((await podOrder(buyer, product.id, 1, { phone: '0803 555 0142' })).statusCode).toBe(201);
  });

  it('waits for the shop, listed under "Awaiting confirmation", until it is confirmed; then it no longer expires', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 4 });
    const before = Date.now();
    const res = await podOrder(buyer, product.id, 2);
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json();
    const placed = await view(orderId);
    expect(placed).toMatchObject({ status: 'confirmed', awaitingConfirmation: true, shopConfirmedAt: null });
    const expires = Date.parse(placed.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 6 * HOUR_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + 6 * HOUR_MS);
    expect(await awaiting()).toContain(orderId);

    const confirmed = await admin.json('POST', `/api/orders/${orderId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      awaitingConfirmation: false,
      expiresAt: null,
      shopConfirmedAt: expect.any(String),
    });
    expect(await awaiting()).not.toContain(orderId);
    await ctx.app.orders.expirePending(new Date(Date.now() + 30 * 24 * HOUR_MS));
    expect((await view(orderId)).status).toBe('confirmed');
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(2);

    // Audited, and not twice.
    const again = await admin.json('POST', `/api/orders/${orderId}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This order was confirmed already');
    await ctx.app.audit.flush();
    const entries = (await admin.json('GET', '/api/admin/audit?entity=orders&limit=200')).json() as {
      action: string;
      entityId: string;
      after: { shopConfirmedAt: string | null };
    }[];
    const audit = entries.filter((e) => e.entityId === orderId && e.action === 'order.confirmed');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.shopConfirmedAt).toEqual(expect.any(String));
  });

  it('is cancelled "Not confirmed in time" by the sweeper: its goods and coupon use go back and the shopper is told', async () => {
    const coupon = await admin.json('POST', '/api/coupons', { code: 'PODONCE', type: 'percent', value: 10, usageLimit: 1 });
    expect(coupon.statusCode).toBe(201);
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 3 });
    const res = await podOrder(buyer, product.id, 2, { couponCode: 'PODONCE' });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId } = res.json();
    // Another shopper cannot have the code while the order holds it.
    const other = await shopper();
    const refused = await other.json('POST', '/api/checkout', {
      lines: [{ productId: product.id, quantity: 1 }],
      couponCode: 'PODONCE',
    });
    expect(refused.statusCode).toBe(409);

    expect(await ctx.app.orders.expirePending(new Date(Date.now() + 5 * HOUR_MS))).toBe(0);
    expect(await ctx.app.orders.expirePending(new Date(Date.now() + 7 * HOUR_MS))).toBeGreaterThanOrEqual(1);
    expect(await view(orderId)).toMatchObject({
      status: 'cancelled',
      failureReason: MESSAGES_ORDER.notConfirmedInTime,
      awaitingConfirmation: false,
    });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
    const told = await ctx.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, orderId), eq(messages.template, 'order-cancelled')));
    expect(told.map((m) => m.to)).toEqual([buyer.email]);
    // The code is free again.
    const now = await other.json('POST', '/api/checkout', {
      lines: [{ productId: product.id, quantity: 1 }],
      couponCode: 'PODONCE',
    });
    expect(now.statusCode, now.body).toBe(201);
    // Too late to confirm.
    expect((await admin.json('POST', `/api/orders/${orderId}/confirm`)).statusCode).toBe(409);
  });

  it('is confirmed by being sent: a shipped order never expires', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 2 });
    const { orderId } = (await podOrder(buyer, product.id)).json();
    const sent = await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'fulfilled' });
    expect(sent.json()).toMatchObject({ status: 'fulfilled', expiresAt: null, shopConfirmedAt: expect.any(String) });
    await ctx.app.orders.expirePending(new Date(Date.now() + 30 * 24 * HOUR_MS));
    expect((await view(orderId)).status).toBe('fulfilled');
  });

  it('confirms only a pay-on-delivery order waiting for it; shoppers may not; an unknown order is 404', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 5 });
    const card = await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] });
    const cardConfirm = await admin.json('POST', `/api/orders/${card.json().orderId}/confirm`);
    expect(cardConfirm.statusCode).toBe(409);
    expect(cardConfirm.json().msg).toBe('Only a pay-on-delivery order waiting to be confirmed can be confirmed');
    const pod = (await podOrder(buyer, product.id)).json();
    expect((await buyer.json('POST', `/api/orders/${pod.orderId}/confirm`)).statusCode).toBe(403);
    expect((await client(ctx.app).json('POST', `/api/orders/${pod.orderId}/confirm`)).statusCode).toBe(401);
    expect((await admin.json('POST', '/api/orders/00000000-0000-4000-8000-000000000000/confirm')).statusCode).toBe(404);
    expect((await admin.json('POST', '/api/orders/not-an-id/confirm')).statusCode).toBe(404);
    expect((await view(pod.orderId)).awaitingConfirmation).toBe(true);
  });
});

describe('refused at delivery', () => {
  it('cancels a sent, unpaid order "Refused at delivery": its units go back on sale and its coupon use is freed', async () => {
    expect(
      (await admin.json('POST', '/api/coupons', { code: 'DOORSTEP', type: 'fixed', value: 1000, usageLimit: 1 })).statusCode,
    ).toBe(201);
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 1_500_000, counter: 4 });
    const { orderId } = (await podOrder(buyer, product.id, 3, { couponCode: 'DOORSTEP' })).json();
    expect((await admin.json('POST', `/api/orders/${orderId}/confirm`)).statusCode).toBe(200);
    // Not sent yet: nothing to refuse at the door.
    expect((await admin.json('POST', `/api/orders/${orderId}/refused`)).statusCode).toBe(409);
    expect((await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'fulfilled' })).statusCode).toBe(200);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(1);
    // Today such an order could be neither cancelled nor returned.
    expect((await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'cancelled' })).statusCode).toBe(409);

    expect((await buyer.json('POST', `/api/orders/${orderId}/refused`)).statusCode).toBe(403);
    const refused = await admin.json('POST', `/api/orders/${orderId}/refused`);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'cancelled',
      failureReason: 'Refused at delivery',
      paymentStatus: 'unpaid',
      lines: [{ quantity: 3, restockedQuantity: 3 }],
    });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(4);
    expect((await admin.json('POST', `/api/orders/${orderId}/refused`)).statusCode).toBe(409);
    const other = await shopper();
    const reuse = await other.json('POST', '/api/checkout', {
      lines: [{ productId: product.id, quantity: 1 }],
      couponCode: 'DOORSTEP',
    });
    expect(reuse.statusCode, reuse.body).toBe(201);
    await ctx.app.audit.flush();
    const entries = (await admin.json('GET', '/api/admin/audit?entity=orders&limit=200')).json() as {
      action: string;
      entityId: string;
    }[];
    expect(entries.filter((e) => e.entityId === orderId && e.action === 'order.refused_at_delivery')).toHaveLength(1);
  });

  it('refuses an order that was paid, or not paid on delivery', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 5 });
    const { orderId } = (await podOrder(buyer, product.id)).json();
    await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'fulfilled' });
    expect((await admin.json('POST', `/api/orders/${orderId}/payments`, { method: 'pod', amount: 12_500 })).statusCode).toBe(201);
    const paid = await admin.json('POST', `/api/orders/${orderId}/refused`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().msg).toBe('Only a pay-on-delivery order that was sent and not paid can be refused at delivery');
    const card = (await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] })).json();
    expect((await admin.json('POST', `/api/orders/${card.orderId}/refused`)).statusCode).toBe(409);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
  });
});

describe('a cap on units waiting for payment on delivery', () => {
  it('refuses a pay-on-delivery order that would take the shopper past podMaxUnits unpaid units', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 500_000, counter: 50 });
    const first = await podOrder(buyer, product.id, 3);
    expect(first.statusCode).toBe(201);
    const second = await podOrder(buyer, product.id, 3);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe(podUnitCapMessage(5));
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(47);
    // The same units paid by card are not limited by it.
    expect((await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 3 }] })).statusCode).toBe(201);
    expect((await podOrder(buyer, product.id, 2)).statusCode).toBe(201);

    // Sent and still unpaid, they count; paid, they do not.
    const { orderId } = first.json();
    await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'fulfilled' });
    expect((await podOrder(buyer, product.id, 1)).statusCode).toBe(409);
    await admin.json('POST', `/api/orders/${orderId}/payments`, { method: 'pod', amount: 17_500 });
    expect((await podOrder(buyer, product.id, 3)).statusCode).toBe(201);
    // One refused at the door no longer counts either.
    const last = await shopper();
    const door = (await podOrder(last, product.id, 5)).json();
    await admin.json('PATCH', `/api/orders/${door.orderId}/status`, { status: 'fulfilled' });
    expect((await podOrder(last, product.id, 1)).statusCode).toBe(409);
    await admin.json('POST', `/api/orders/${door.orderId}/refused`);
    expect((await podOrder(last, product.id, 5)).statusCode).toBe(201);
  });
});

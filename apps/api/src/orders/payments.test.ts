/**
 * The ways to pay besides the card (bank transfer, pay on delivery), payments an admin
 * records, a shopper cancelling their own order, the limits against stock hoarding,
 * refunds (to the card through the sandbox, or recorded) and gap-free invoice numbers,
 * through HTTP.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_ORDER } from '@shop/shared';
import { orderPayments, orders, shopCounters } from '../db/schema/index.ts';
import { insertProduct, readProduct, readVariants } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type Client, client } from '../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let anonymous: Client;
const methodIds: Record<string, string> = {};

const BANK = { bankName: 'Zenith Bank', bankAccountName: 'Adire Stores Ltd', bankAccountNumber: '1012345678' };
let confirm: { currentPassword: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const created = await createAdmin(ctx);
  admin = client(ctx.app, created.accessToken);
  // Changing the bank account takes the admin's password (decision 0021).
  confirm = { currentPassword: created.password };
  anonymous = client(ctx.app);
  for (const zone of [
    {
      name: 'Lagos Mainland',
      states: ['Lagos Mainland'],
      methods: [
        { name: 'Standard delivery', kind: 'flat', fee: 2500, etaDays: 2, payOnDelivery: true },
        { name: 'Express', kind: 'flat', fee: 5000, etaDays: 1 },
      ],
    },
    { name: 'North', states: ['FCT', 'Kano'], methods: [{ name: 'Courier', kind: 'flat', fee: 6000, etaDays: 5 }] },
  ]) {
    const res = await admin.json('POST', '/api/delivery/zones', zone);
    expect(res.statusCode, res.body).toBe(201);
    for (const m of res.json().methods) methodIds[`${zone.name}/${m.name}`] = m.id;
  }
  expect((await admin.json('PUT', '/api/settings', { ...BANK, ...confirm })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

/** A new shopper living in `state` (each holds at most 3 unpaid orders, so most tests take a fresh one). */
async function shopper(state = 'Lagos') {
  const registered = await registerShopper(ctx.app, { state });
  return { ...client(ctx.app, registered.accessToken), id: registered.user.id as string };
}
const checkout = (who: Client, body: object) => who.json('POST', '/api/checkout', body);
const order = async (who: Client, id: string) => (await who.json('GET', `/api/orders/${id}`)).json();
const pay = (id: string, body: object) => admin.json('POST', `/api/orders/${id}/payments`, body);
const refund = (id: string, body: object) => admin.json('POST', `/api/orders/${id}/refunds`, body);

describe('paying by bank transfer', () => {
  it('holds the goods for the shop’s hold time and tells the shopper where to pay, with the order number as reference', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 1_800_000, counter: 5 });
    const before = Date.now();
    const res = await checkout(buyer, { lines: [{ productId: product.id, quantity: 2 }], paymentMethod: 'transfer' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // 2 × ₦18,000 + ₦2,500 delivery to Lagos Mainland.
    expect(body).toMatchObject({
      status: 'pending',
      paymentMethod: 'transfer',
      provider: null,
      amount: 3_850_000,
      transfer: { ...{ bankName: 'Zenith Bank', accountName: 'Adire Stores Ltd', accountNumber: '1012345678' }, amount: 38_500 },
    });
    expect(body.transfer.reference).toBe(body.number);
    const payBy = Date.parse(body.transfer.payBy);
    expect(payBy - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(payBy - before).toBeLessThan(48 * 3600_000 + 60_000);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);

    const view = await order(buyer, body.orderId);
    expect(view).toMatchObject({ paymentStatus: 'unpaid', balanceDue: 38_500, invoiceNumber: null, cancellable: true });
    expect(view.transfer).toEqual(body.transfer);
    // Still held after a card checkout's 30 minutes.
    await ctx.app.orders.expirePending(new Date(Date.now() + 2 * 3600_000));
    expect((await order(buyer, body.orderId)).status).toBe('pending');
  });

  it('becomes paid when the admin has recorded transfers reaching its total, and gets the next invoice number', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 5 });
    const { orderId } = (
      await checkout(buyer, { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' })
    ).json();

    const part = await pay(orderId, { method: 'transfer', amount: 5000, reference: 'ZEN-001' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', amountPaid: 5000, balanceDue: 7500 });
    expect(part.json().transfer.amount).toBe(7500);

    // The same bank reference again is the same payment: refused.
    const again = await pay(orderId, { method: 'transfer', amount: 5000, reference: 'ZEN-001' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The payment with reference ZEN-001 is already recorded on this order');
    // More than is owed: refused, nothing recorded.
    const over = await pay(orderId, { method: 'transfer', amount: 7500.01, reference: 'ZEN-002' });
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toBe('Only ₦7,500.00 is owed on this order');

    const [{ value: lastInvoice } = { value: 0 }] = await ctx.database.db
      .select()
      .from(shopCounters)
      .where(eq(shopCounters.name, 'invoice'));
    const rest = await pay(orderId, { method: 'transfer', amount: 7500, reference: 'ZEN-003' });
    expect(rest.json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'paid',
      amountPaid: 12_500,
      balanceDue: 0,
      transfer: null,
      cancellable: false,
      invoiceNumber: `INV-${String(lastInvoice + 1).padStart(6, '0')}`,
    });
    expect(rest.json().payments.map((p: { amount: number; reference: string }) => [p.amount, p.reference])).toEqual([
      [5000, 'ZEN-001'],
      [7500, 'ZEN-003'],
    ]);
    expect((await pay(orderId, { method: 'cash', amount: 1 })).json().msg).toBe('This order is already paid in full');
  });

  it('is refused while the shop has no bank account, and records nothing', async () => {
    await admin.json('PUT', '/api/settings', { bankAccountNumber: '', ...confirm });
    try {
      const buyer = await shopper();
      const product = await insertProduct(ctx.database.db, { counter: 2 });
      const res = await checkout(buyer, { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MESSAGES_ORDER.transferUnavailable);
      expect((await readProduct(ctx.database.db, product.id)).counter).toBe(2);
      const quote = await buyer.json('POST', '/api/checkout/quote', { lines: [{ productId: product.id, quantity: 1 }] });
      expect(quote.json().paymentMethods).toEqual(['paystack', 'pod']);
    } finally {
      await admin.json('PUT', '/api/settings', { ...BANK, ...confirm });
    }
  });

  it('lets only an admin record a payment, with clear refusals for bad input', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 2 });
    const { orderId } = (
      await checkout(buyer, { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' })
    ).json();
    expect((await anonymous.json('POST', `/api/orders/${orderId}/payments`, { method: 'cash', amount: 1 })).statusCode).toBe(401);
    expect((await buyer.json('POST', `/api/orders/${orderId}/payments`, { method: 'cash', amount: 1 })).statusCode).toBe(403);
    for (const [body, message] of [
      [{ method: 'cash', amount: 0 }, 'The amount must be more than ₦0'],
      [{ method: 'cash', amount: -5 }, 'The amount must be more than ₦0'],
      [{ method: 'cash', amount: 10.005 }, 'The amount can have at most 2 decimals'],
      [{ method: 'bitcoin', amount: 10 }, 'Choose how it was paid'],
    ] as const) {
      const res = await pay(orderId, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await pay('00000000-0000-4000-8000-000000000000', { method: 'cash', amount: 1 })).statusCode).toBe(404);
    expect((await order(admin, orderId)).payments).toEqual([]);
  });
});

describe('pay on delivery', () => {
  it('holds the goods; once the shop confirms it the order no longer expires, is sent unpaid and paid when the rider brings the cash', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 2_000_000, counter: 4 });
    const res = await checkout(buyer, {
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'pod',
      deliveryMethodId: methodIds['Lagos Mainland/Standard delivery'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'confirmed', paymentMethod: 'pod', provider: null });
    const { orderId } = res.json();
    expect(await order(buyer, orderId)).toMatchObject({ awaitingConfirmation: true, expiresAt: expect.any(String) });
    expect((await admin.json('POST', `/api/orders/${orderId}/confirm`)).statusCode).toBe(200);
    await ctx.app.orders.expirePending(new Date(Date.now() + 30 * 24 * 3600_000));
    expect(await order(buyer, orderId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'unpaid',
      expiresAt: null,
      awaitingConfirmation: false,
      shopConfirmedAt: expect.any(String),
      allowedTransitions: ['fulfilled', 'cancelled'],
    });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);

    expect((await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'fulfilled' })).json().status).toBe('fulfilled');
    expect((await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'delivered' })).json()).toMatchObject({
      status: 'delivered',
      paymentStatus: 'unpaid',
    });
    const cash = await pay(orderId, { method: 'pod', amount: 22_500 });
    expect(cash.json()).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
      invoiceNumber: expect.stringMatching(/^INV-/),
    });
  });

  it('is refused for a delivery method that does not take payment on delivery, and for a state with none', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 4 });
    const express = await checkout(buyer, {
      lines: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'pod',
      deliveryMethodId: methodIds['Lagos Mainland/Express'],
    });
    expect(express.statusCode).toBe(400);
    expect(express.json().msg).toBe('Pay on delivery is not available for Express');
    const kano = await checkout(await shopper('Kano'), { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'pod' });
    expect(kano.json().msg).toBe('Pay on delivery is not available for Courier');
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(4);
  });
});

describe('a shopper cancels their own order', () => {
  it('puts the goods back on sale at once; a paid order, or someone else’s, cannot be cancelled', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const { orderId } = (
      await checkout(buyer, { lines: [{ productId: product.id, quantity: 2 }], paymentMethod: 'transfer' })
    ).json();
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(1);

    expect((await (await shopper()).json('POST', `/api/orders/${orderId}/cancel`)).statusCode).toBe(404);
    expect((await anonymous.json('POST', `/api/orders/${orderId}/cancel`)).statusCode).toBe(401);
    const res = await buyer.json('POST', `/api/orders/${orderId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellable: false, failureReason: 'Cancelled by the customer' });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
    expect((await buyer.json('POST', `/api/orders/${orderId}/cancel`)).statusCode).toBe(409);

    const paid = (await checkout(buyer, { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' })).json();
    await pay(paid.orderId, { method: 'transfer', amount: paid.amount / 100 });
    const refused = await buyer.json('POST', `/api/orders/${paid.orderId}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(MESSAGES_ORDER.notCancellable);
  });
});

describe('limits against holding the shop’s stock', () => {
  it('refuses a fourth unpaid order, whatever the payment methods, until one is paid or cancelled', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 50 });
    const line = { lines: [{ productId: product.id, quantity: 1 }] };
    const held = [
      await checkout(buyer, { ...line, paymentMethod: 'paystack' }),
      await checkout(buyer, { ...line, paymentMethod: 'transfer' }),
      await checkout(buyer, { ...line, paymentMethod: 'pod' }),
    ];
    expect(held.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const fourth = await checkout(buyer, line);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().msg).toBe(MESSAGES_ORDER.tooManyUnpaid);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(47);

    await buyer.json('POST', `/api/orders/${held[1]!.json().orderId}/cancel`);
    expect((await checkout(buyer, line)).statusCode).toBe(201);
  });

  it('merges lines of one size and refuses more units of a product than the shop’s cap, from all its sizes together', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, {
      title: 'Gele Headwrap',
      variants: [
        { size: 'small', color: 'Gold', counter: 40 },
        { size: 'large', color: 'Gold', counter: 40 },
      ],
    });
    const [small, large] = await readVariants(ctx.database.db, product.id);
    const merged = await checkout(buyer, {
      lines: [
        { productId: product.id, variantId: small!.id, quantity: 2 },
        { productId: product.id, variantId: small!.id, quantity: 3 },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(201);
    expect((await order(buyer, merged.json().orderId)).lines.map((l: { quantity: number }) => l.quantity)).toEqual([5]);

    const tooMany = await checkout(buyer, {
      lines: [
        { productId: product.id, variantId: small!.id, quantity: 12 },
        { productId: product.id, variantId: large!.id, quantity: 9 },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('You can buy at most 20 of Gele Headwrap in one order');
    const [s, l] = await readVariants(ctx.database.db, product.id);
    expect([s!.counter, l!.counter]).toEqual([35, 40]);

    // The cap is the shop's setting; the point of sale has none.
    expect((await admin.json('PUT', '/api/settings', { maxUnitsPerProduct: 25 })).statusCode).toBe(200);
    try {
      expect((await checkout(buyer, { lines: [{ productId: product.id, variantId: large!.id, quantity: 21 }] })).statusCode).toBe(
        201,
      );
    } finally {
      await admin.json('PUT', '/api/settings', { maxUnitsPerProduct: 20 });
    }
    const pos = await admin.json('POST', '/api/pos/orders', {
      lines: [{ productId: product.id, variantId: small!.id, quantity: 30 }],
      paymentMethod: 'cash',
    });
    expect(pos.statusCode, pos.body).toBe(201);
  });
});

describe('refunds', () => {
  /** A card order paid in the sandbox, with two products (₦10,000 and ₦6,000, 2 units each). */
  async function paidCardOrder() {
    const buyer = await shopper();
    const wrap = await insertProduct(ctx.database.db, { title: 'Adire Wrap', price: 1_000_000, counter: 10 });
    const beads = await insertProduct(ctx.database.db, { title: 'Coral Beads', price: 600_000, counter: 10 });
    const started = (
      await checkout(buyer, {
        lines: [
          { productId: wrap.id, quantity: 2 },
          { productId: beads.id, quantity: 2 },
        ],
        deliveryMethodId: methodIds['Lagos Mainland/Standard delivery'],
      })
    ).json();
    await buyer.json('POST', `/api/payments/sandbox/${started.reference}/pay`, { card: '4084 0840 8408 4081' });
    const verified = await buyer.json('POST', `/api/checkout/${started.reference}/verify`);
    expect(verified.json()).toMatchObject({ paid: true });
    return { buyer, wrap, beads, orderId: started.orderId as string };
  }

  it('gives back part of a card order with one line back on sale, then the rest; the order ends refunded', async () => {
    const { buyer, wrap, beads, orderId } = await paidCardOrder();
    const paid = await order(admin, orderId);
    // 2 × ₦10,000 + 2 × ₦6,000 + ₦2,500.
    expect(paid).toMatchObject({ total: 34_500, amountPaid: 34_500, paymentStatus: 'paid' });
    const beadsLine = paid.lines.find((l: { title: string }) => l.title === 'Coral Beads');

    const half = await refund(orderId, {
      amount: 17_250,
      reason: 'Beads arrived broken',
      restock: true,
      lines: [{ lineId: beadsLine.id, quantity: 1 }],
    });
    expect(half.statusCode, half.body).toBe(201);
    expect(half.json()).toMatchObject({
      status: 'paid',
      paymentStatus: 'partially_refunded',
      amountRefunded: 17_250,
      refunds: [{ amount: 17_250, status: 'processed', method: 'sandbox', restocked: [{ lineId: beadsLine.id, quantity: 1 }] }],
    });
    expect((await readProduct(ctx.database.db, beads.id)).counter).toBe(9);
    expect((await readProduct(ctx.database.db, wrap.id)).counter).toBe(8);

    const tooMuch = await refund(orderId, { amount: 17_250.01, reason: 'All of it' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().msg).toBe('Only ₦17,250.00 can still be refunded on this order');

    const rest = await refund(orderId, { reason: 'Customer returned everything', restock: true });
    expect(rest.json()).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', amountRefunded: 34_500 });
    // Every unit not put back yet goes back: the wraps, and the one bead still out.
    expect((await readProduct(ctx.database.db, beads.id)).counter).toBe(10);
    expect((await readProduct(ctx.database.db, wrap.id)).counter).toBe(10);
    expect((await order(buyer, orderId)).refunds).toHaveLength(2);
    expect((await refund(orderId, { reason: 'Again' })).statusCode).toBe(409);
  });

  it('refunds the value of the chosen lines when no amount is given, and puts nothing back on sale unless asked', async () => {
    const { orderId } = await paidCardOrder();
    const { lines } = await order(admin, orderId);
    const wrapLine = lines.find((l: { title: string }) => l.title === 'Adire Wrap');
    const res = await refund(orderId, { reason: 'Wrong colour', lines: [{ lineId: wrapLine.id, quantity: 1 }] });
    expect(res.json().refunds[0].amount).toBe(10_000);
    expect(res.json().lines.find((l: { id: string }) => l.id === wrapLine.id).restockedQuantity).toBe(0);
  });

  it('refuses to refund an unpaid order, a line of another order, more units than were sold, and bad input', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 5 });
    const unpaid = (await checkout(buyer, { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' })).json();
    const refused = await refund(unpaid.orderId, { reason: 'Nothing to give' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(MESSAGES_ORDER.refundStatus);

    const { orderId } = await paidCardOrder();
    const { lines } = await order(admin, orderId);
    const foreign = await refund(orderId, {
      reason: 'x',
      lines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    const tooMany = await refund(orderId, { reason: 'x', restock: true, lines: [{ lineId: lines[0].id, quantity: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe(`Only 2 of ${lines[0].title} were sold in this order`);
    expect((await refund(orderId, { amount: 10 })).statusCode).toBe(400);
    expect((await refund(orderId, { reason: 'x', amount: 0 })).statusCode).toBe(400);
    expect((await buyer.json('POST', `/api/orders/${orderId}/refunds`, { reason: 'Mine' })).statusCode).toBe(403);
    expect((await anonymous.json('POST', `/api/orders/${orderId}/refunds`, { reason: 'Mine' })).statusCode).toBe(401);
    expect(await order(admin, orderId)).toMatchObject({ paymentStatus: 'paid', refunds: [] });
  });

  it('never gives back more than was paid when two admins refund at once', async () => {
    const { orderId } = await paidCardOrder();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => refund(orderId, { amount: 20_000, reason: 'Refund at once' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await order(admin, orderId)).toMatchObject({ amountRefunded: 20_000, paymentStatus: 'partially_refunded' });
  });

  it('no longer sets "refunded" by name', async () => {
    const { orderId } = await paidCardOrder();
    const res = await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'refunded' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(MESSAGES_ORDER.refundStatus);
  });
});

describe('invoice numbers', () => {
  it('are given once per paid order, in order and without gaps, even when payments arrive at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shopper()));
    const product = await insertProduct(ctx.database.db, { price: 500_000, counter: 20 });
    const placed = await Promise.all(
      buyers.map(async (b) =>
        (await checkout(b, { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' })).json(),
      ),
    );
    // One payment too big fails in the same rush: it must not use up a number.
    const results = await Promise.all([
      ...placed.map((p) => pay(p.orderId, { method: 'transfer', amount: p.amount / 100 })),
      pay(placed[0]!.orderId, { method: 'transfer', amount: 1_000_000 }),
    ]);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(6);
    const numbers = results
      .filter((r) => r.statusCode === 201)
      .map((r) => Number(r.json().invoiceNumber.slice(4)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => numbers[0]! + i));
    const [counter] = await ctx.database.db.select().from(shopCounters).where(eq(shopCounters.name, 'invoice'));
    expect(counter!.value).toBe(numbers[5]);
    const rows = await ctx.database.db.select().from(orderPayments).where(eq(orderPayments.orderId, placed[0]!.orderId));
    expect(rows).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed[0]!.orderId));
    expect(row!.invoiceNumber).toMatch(/^INV-\d{6}$/);
  });
});

describe('the audit log', () => {
  it('records each payment and refund an admin makes, with the order before and after', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 800_000, counter: 3 });
    const placed = (await checkout(buyer, { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' })).json();
    await pay(placed.orderId, { method: 'transfer', amount: placed.amount / 100, reference: 'GTB-5531' });
    await refund(placed.orderId, { amount: 1000, reason: 'Late delivery' });
    await ctx.app.audit.flush();
    const entries = (await admin.json('GET', '/api/admin/audit?entity=orders')).json() as {
      action: string;
      entityId: string;
      before: { paymentStatus: string; amountRefunded: number } | null;
      after: { paymentStatus: string; amountRefunded: number } | null;
    }[];
    const mine = entries.filter((e) => e.entityId === placed.orderId);
    expect(mine.map((e) => e.action)).toEqual(['order.refunded', 'order.payment_recorded']);
    expect(mine[1]).toMatchObject({ before: { paymentStatus: 'unpaid' }, after: { paymentStatus: 'paid' } });
    // As the database keeps it: kobo.
    expect(mine[0]).toMatchObject({ before: { amountRefunded: 0 }, after: { amountRefunded: 100_000 } });
  });
});

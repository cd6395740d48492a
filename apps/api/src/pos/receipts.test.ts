/**
 * A till sale's public receipt and its e-mail copy (issue 29): read without signing in by the
 * sale's uuid, naming the customer and the cashier by first name only, each tender with its
 * change and the units brought back; noindex and never cached; 404 for an unknown id or an
 * order not made at the counter. A sale to a customer with an address queues the till receipt
 * through the outbox (a walk-in sale none), an exchange's with what the returned goods paid.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orders } from '../db/schema/index.ts';
import { bearer, createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { newId, productOnSale, tillSale } from '../../test/till-sales.ts';

type Staff = Awaited<ReturnType<typeof createStaff>>;
let ctx: TestContext;
let cashier: Staff;
let manager: Staff;
beforeAll(async () => {
  ctx = await createTestApp();
  cashier = await createStaff(ctx, 'cashier');
  manager = await createStaff(ctx, 'manager');
});
afterAll(() => ctx.close());

const receipt = (id: string) => ctx.app.inject({ method: 'GET', url: `/api/pos/receipts/${id}` });
const db = () => ctx.database.db;
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(manager.accessToken), payload });

async function customer(email: string) {
  const res = await post('/api/customers/create', {
    firstName: 'Chiamaka',
    lastName: 'Nwosu',
    email,
    phone: '+234 802 111 3333',
  });
  return res.json() as { id: string };
}
const receiptsTo = (orderId: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.orderId, orderId), eq(messages.template, 'till-receipt')));

describe('the public receipt', () => {
  it('shows the sale with first names only, each tender with its change, and is neither indexed nor cached', async () => {
    const buyer = await customer(`chiamaka-${newId().slice(0, 6)}@example.com`);
    const wrap = await productOnSale(db(), 1_200_000, 10, 'Silk Head Wrap');
    const sale = await tillSale(ctx.app, db(), {
      headers: bearer(cashier.accessToken),
      customerId: buyer.id,
      cashierId: cashier.user.id,
      receiptNumber: 'T7-000184',
      lines: [{ productId: wrap.productId, quantity: 2 }],
      tenders: [
        { type: 'cash', amount: 1_400_000, tendered: 1_500_000 },
        { type: 'card', amount: 1_000_000, reference: 'MONIEPOINT-8812' },
      ],
    });
    const res = await receipt(sale.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      storeName: 'Adire',
      saleId: sale.id,
      receiptNumber: 'T7-000184',
      customerFirstName: 'Chiamaka',
      cashierFirstName: 'Cashier',
      lines: [
        { title: 'Silk Head Wrap', quantity: 2, listPrice: 1_200_000, unitPrice: 1_200_000, lineTotal: 2_400_000, returned: 0 },
      ],
      total: 2_400_000,
      tenders: [
        { type: 'cash', amount: 1_400_000, tendered: 1_500_000, change: 100_000, reference: null },
        { type: 'card', amount: 1_000_000, tendered: null, change: 0, reference: 'MONIEPOINT-8812' },
      ],
      change: 100_000,
      refunded: 0,
    });
    for (const secret of ['Nwosu', '@example.com', '802 111', 'Staff']) expect(res.body).not.toContain(secret);

    await post('/api/pos/returns', {
      saleId: sale.id,
      lines: [{ variantId: wrap.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
    });
    expect((await receipt(sale.id)).json()).toMatchObject({ lines: [{ returned: 1 }], refunded: 1_200_000 });
  });

  it('is 404 for an unknown id, an id that is not one, and an order not made at the counter', async () => {
    const scarf = await productOnSale(db(), 500_000);
    const sale = await tillSale(ctx.app, db(), {
      headers: bearer(manager.accessToken),
      lines: [{ productId: scarf.productId, quantity: 1 }],
      tenders: [{ type: 'cash', amount: 500_000 }],
    });
    expect((await receipt(sale.id)).json().customerFirstName).toBeNull();
    await db().update(orders).set({ channel: 'web' }).where(eq(orders.id, sale.id));
    for (const id of [sale.id, newId(), 'T1-000001']) {
      const res = await receipt(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ msg: 'Receipt not found' });
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
  });
});

describe('the e-mailed receipt', () => {
  it('is queued for a customer with an address when the sale is recorded, and for a walk-in sale is not', async () => {
    const email = `receipt-${newId().slice(0, 6)}@example.com`;
    const buyer = await customer(email);
    const bag = await productOnSale(db(), 800_000, 10, 'Raffia Bag');
    const sold = await post('/api/pos/orders', {
      customerId: buyer.id,
      lines: [{ productId: bag.productId, quantity: 1 }],
      paymentMethod: 'cash',
    });
    const saleId = sold.json().order.id as string;
    const [message] = await receiptsTo(saleId);
    expect(message).toMatchObject({ to: email, subject: `Your receipt ${sold.json().order.number} from Adire` });
    const props = message!.props as { receiptUrl: string; tenders: unknown[] };
    expect(props.receiptUrl).toMatch(new RegExp(`/r/${saleId}$`));
    expect(props.tenders).toEqual([{ type: 'cash', amount: 8_000, change: 0 }]);
    const other = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.orderId, saleId), eq(messages.template, 'payment-received')));
    expect(other).toEqual([]);

    const walkIn = await post('/api/pos/orders', { lines: [{ productId: bag.productId, quantity: 1 }], paymentMethod: 'cash' });
    expect(await receiptsTo(walkIn.json().order.id)).toEqual([]);
  });

  it('for an exchange shows what the returned goods paid beside the tenders', async () => {
    const email = `exchange-${newId().slice(0, 6)}@example.com`;
    const buyer = await customer(email);
    const bag = await productOnSale(db(), 800_000, 10, 'Raffia Bag');
    const gown = await productOnSale(db(), 1_000_000, 10, 'Lace Gown');
    const sold = await post('/api/pos/orders', {
      customerId: buyer.id,
      lines: [{ productId: bag.productId, quantity: 1 }],
      paymentMethod: 'cash',
    });
    const res = await post('/api/pos/returns', {
      saleId: sold.json().order.id,
      lines: [{ variantId: bag.variantId, quantity: 1, restock: true }],
      refundTo: 'cash',
      exchange: {
        sale: {
          id: newId(),
          lines: [{ variantId: gown.variantId, quantity: 1 }],
          tenders: [{ type: 'cash', amount: 200_000, tendered: 500_000 }],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [message] = await receiptsTo(res.json().exchangeOrderId);
    expect((message!.props as { tenders: unknown[] }).tenders).toEqual([
      { type: 'exchange', amount: 8_000, change: 0 },
      { type: 'cash', amount: 2_000, change: 3_000 },
    ]);
  });
});

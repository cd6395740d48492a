import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { insertProduct, readProduct, readVariants } from '../../test/fixtures.ts';
import { eq } from 'drizzle-orm';
import { MESSAGES_ORDER } from '@shop/shared';
import { coupons, orders } from '../db/schema/index.ts';
import { createAdmin, createTestApp, newShopper, type TestContext } from '../../test/helpers.ts';

/** Two real API processes on one PostgreSQL database, sharing nothing but the database. */
describe.runIf(process.env.TEST_DATABASE_URL)('stock with two API processes', () => {
  let ctx: TestContext;
  const processes: ApiProcess[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const env = { DATABASE_URL: ctx.database.url!, JWT_SECRET: 'multi-process-test-secret-0123456789abcdef' };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    ports.push(...processes.map((p) => p.port));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ctx.close();
  });

  /** Registers `n` shoppers, half on each process; their tokens. */
  const shoppers = (n: number) =>
    Promise.all(
      Array.from(
        { length: n },
        async (_, i) => (await call(ports[i % 2]!, '/api/auth/register', newShopper())).json.accessToken as string,
      ),
    );

  const call = async (port: number, url: string, body: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('20 concurrent checkouts across both processes of a product with 5 in stock: exactly 5 succeed', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Aso-Oke Fila', counter: 5 });
    // One shopper per checkout: a shopper may hold only 3 unpaid orders.
    const tokens = await shoppers(20);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(ports[i % 2]!, '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] }, tokens[i]),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(0);
  });

  it('the last unit of one variant, wanted by 12 shoppers across both processes: exactly 1 sells, the other sizes untouched', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Ankara Maxi Dress',
      variants: [
        { size: 'small', color: 'Red', counter: 4 },
        { size: 'medium', color: 'Red', counter: 1 },
        { size: 'large', color: 'Red', counter: 4 },
      ],
    });
    const [, medium] = await readVariants(ctx.database.db, product.id);
    const tokens = await Promise.all(
      Array.from(
        { length: 12 },
        async (_, i) => (await call(ports[i % 2]!, '/api/auth/register', newShopper())).json.accessToken as string,
      ),
    );
    const results = await Promise.all(
      tokens.map((token, i) =>
        call(ports[i % 2]!, '/api/checkout', { lines: [{ productId: product.id, variantId: medium!.id, quantity: 1 }] }, token),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.json.msg)).toEqual(
      Array(11).fill('Only 0 left in stock for Ankara Maxi Dress (medium / Red)'),
    );
    expect((await readVariants(ctx.database.db, product.id)).map((v) => v.counter)).toEqual([4, 0, 4]);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(8);
  });

  it('50 concurrent checkouts across both processes on a code with 10 uses left: exactly 10 orders carry it', async () => {
    await ctx.database.db.insert(coupons).values({ code: 'LAGOS10', type: 'percent', value: 10, usageLimit: 10 });
    // One product per shopper, so that nothing but the coupon makes the checkouts wait for each other.
    const products = await Promise.all(Array.from({ length: 50 }, () => insertProduct(ctx.database.db, { counter: 1 })));
    const tokens = await shoppers(50);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(
          ports[i % 2]!,
          '/api/checkout',
          { lines: [{ productId: products[i]!.id, quantity: 1 }], couponCode: 'lagos10' },
          tokens[i],
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409).map((r) => r.json.msg)).toEqual(Array(40).fill('This code has been used up'));
    const left = await Promise.all(products.map(async (p) => (await readProduct(ctx.database.db, p.id)).counter));
    expect(left.filter((n) => n === 0)).toHaveLength(10);
  });

  it('checkouts of two products at once with checkouts of one of them: no deadlock, every unit accounted for', async () => {
    // Found by npm run test:soak: a two-line order held the catalogue's version row after its first
    // line and waited for the second line's variant, held by a one-line order waiting for that row.
    const [first, second] = await Promise.all([
      insertProduct(ctx.database.db, { title: 'Adire Wrapper', counter: 100 }),
      insertProduct(ctx.database.db, { title: 'Coral Beads', counter: 100 }),
    ]);
    const tokens = await shoppers(40);
    const results = await Promise.all(
      tokens.map((token, i) =>
        call(
          ports[i % 2]!,
          '/api/checkout',
          {
            lines:
              i % 2 === 0
                ? [
                    { productId: first!.id, quantity: 1 },
                    { productId: second!.id, quantity: 1 },
                  ]
                : [{ productId: i % 4 === 1 ? first!.id : second!.id, quantity: 1 }],
          },
          token,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    expect((await readProduct(ctx.database.db, first!.id)).counter).toBe(100 - 20 - 10);
    expect((await readProduct(ctx.database.db, second!.id)).counter).toBe(100 - 20 - 10);
  });

  it('one shopper checking out 8 times at once across both processes holds exactly 3 unpaid orders', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Beaded Clutch', counter: 50 });
    const [token] = await shoppers(1);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(ports[i % 2]!, '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] }, token),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409).map((r) => r.json.msg)).toEqual(Array(5).fill(MESSAGES_ORDER.tooManyUnpaid));
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(47);
  });

  it('payments and refunds recorded at once on both processes never pass the total, nor what was paid', async () => {
    const adminUser = await createAdmin(ctx);
    const adminToken = (await call(ports[0]!, '/api/auth/adminlogin', { email: adminUser.email, password: adminUser.password }))
      .json.accessToken as string;
    const product = await insertProduct(ctx.database.db, { title: 'Kente Stole', price: 1_000_000, counter: 10 });
    const [token] = await shoppers(1);
    const placed = await call(ports[0]!, '/api/checkout', { lines: [{ productId: product.id, quantity: 2 }] }, token);
    expect(placed.status).toBe(201);
    const orderId = placed.json.orderId as string;
    const total = (placed.json.amount as number) / 100;

    // Six admins record the whole amount at once: one payment counts.
    const payments = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(ports[i % 2]!, `/api/orders/${orderId}/payments`, { method: 'cash', amount: total }, adminToken),
      ),
    );
    expect(payments.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);

    // Six refunds of 40 % at once: two fit in what was paid.
    const refunds = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(ports[i % 2]!, `/api/orders/${orderId}/refunds`, { amount: total * 0.4, reason: 'Returned' }, adminToken),
      ),
    );
    expect(refunds.filter((r) => r.status === 201)).toHaveLength(2);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ amountPaid: total * 100, amountRefunded: total * 80, paymentStatus: 'partially_refunded' });
    expect(row!.invoiceNumber).toMatch(/^INV-\d{6}$/);
  });
});

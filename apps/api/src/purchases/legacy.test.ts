/** POST /api/purchases/create: the old clients' three payload shapes, priced by the server. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, orders } from '../db/schema/index.ts';
import { insertProduct, readProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let shopper: Awaited<ReturnType<typeof registerShopper>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAdmin(ctx);
});
// A shopper of their own per test: every online order counts against the cap of 3 unpaid ones.
beforeEach(async () => {
  shopper = await registerShopper(ctx.app);
});
afterAll(() => ctx.close());

const create = (payload: Record<string, unknown>, token: string | null = shopper.accessToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/purchases/create', headers: token ? bearer(token) : {}, payload });
const orderRow = async (id: string) => (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const SUCCESS_CARD = '4084 0840 8408 4081';

describe('the direct form', () => {
  it('answers 200 with a pending purchase priced from the catalogue, whatever price the client sent', async () => {
    const product = await insertProduct(ctx.database.db, {
      title: 'Aso Oke Gele',
      price: 1_500_000,
      discount: 250_000,
      variants: [
        { size: 'medium', color: 'Gold', counter: 6 },
        { size: 'large', color: 'Gold', counter: 2 },
      ],
    });
    const other = await registerShopper(ctx.app);
    const res = await create({
      quantity: 2,
      productId: product.id,
      title: product.title,
      description: 'anything',
      imageUrl: 'https://example.com/x.webp',
      size: 'medium',
      color: 'gold',
      email: 'Ngozi@Example.com',
      fname: 'Ngozi',
      userId: other.user.id,
      address: '12 Allen Avenue',
      city: 'Ikeja',
      state: 'Lagos',
      country: 'Nigeria',
      // Tampered: the client says it costs 1 naira.
      price: 1,
      totalPrice: '2.00',
      discount: 14_999,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Aso Oke Gele',
      // The account's address: the one typed is kept for the shop to see, never an identity.
      email: shopper.email,
      price: 30_000,
      discount: 5_000,
      totalPrice: '25000.00',
      quantity: 2,
      // The variant sold: the size and colour the shopper chose.
      size: 'medium',
      color: 'Gold',
      status: 'pending',
      channel: 'legacy',
      customerName: 'Ngozi',
    });
    const row = await orderRow(res.json().id);
    expect(row).toMatchObject({
      userId: shopper.user.id,
      contactEmail: 'ngozi@example.com',
      total: 2_500_000,
      city: 'Ikeja',
      status: 'pending',
    });
    // The medium held two units; the product's stock follows.
    expect((await readVariants(ctx.database.db, product.id)).map((v) => [v.size, v.counter])).toEqual([
      ['medium', 4],
      ['large', 2],
    ]);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(6);
  });

  it('fills contact details from the account when the payload has none', async () => {
    const product = await insertProduct(ctx.database.db);
    const res = await create({ productId: product.id, quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: shopper.email, customerName: 'Chioma Eze' });
    // The state as delivery prices it, like checkout ("Lagos" is kept as Lagos Mainland).
    expect(await orderRow(res.json().id)).toMatchObject({ address: '5 Awolowo Road', city: 'Ikoyi', state: 'Lagos Mainland' });
  });
});

describe('the cart forms', () => {
  it('takes a cart list of products and quantities', async () => {
    const a = await insertProduct(ctx.database.db, { title: 'Beaded Clutch', price: 900_000 });
    const b = await insertProduct(ctx.database.db, { title: 'Kente Scarf', price: 400_000 });
    const res = await create({
      cart: [
        { product: { id: a.id, title: a.title, price: 1 }, quantity: 2 },
        { product: { id: b.id, price: 1 }, quantity: 1 },
      ],
      totalPrice: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Beaded Clutch, Kente Scarf',
      quantity: 3,
      totalPrice: '22000.00',
      status: 'pending',
    });
  });

  it('takes the flat form (titles joined with ", "), one unit of each, matching titles case-insensitively', async () => {
    const a = await insertProduct(ctx.database.db, { title: 'Adire Throw Pillow', price: 700_000 });
    const b = await insertProduct(ctx.database.db, { title: 'Raffia Basket', price: 300_000 });
    const res = await create({
      title: 'adire throw pillow, RAFFIA BASKET',
      price: 1,
      description: 'x',
      imageUrl: 'x',
      color: 'blue, natural',
      size: 'one size, one size',
      quantity: 2,
      totalPrice: '2.00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Adire Throw Pillow, Raffia Basket', quantity: 2, totalPrice: '10000.00' });
    expect((await readProduct(ctx.database.db, a.id)).counter).toBe(9);
    expect((await readProduct(ctx.database.db, b.id)).counter).toBe(9);
  });

  it('gives a single title the quantity, even a title with a comma in it', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Coral, Bead Necklace', price: 1_000_000 });
    const res = await create({ title: 'Coral, Bead Necklace', quantity: 3, price: 1, totalPrice: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ quantity: 3, totalPrice: '30000.00' });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(7);
  });
});

describe('one call per line', () => {
  it("records a shopper's line as a pending legacy purchase", async () => {
    await insertProduct(ctx.database.db, {
      title: 'Leather Sandals',
      price: 1_800_000,
      variants: [
        { size: 'medium', color: 'brown', counter: 4 },
        { size: 'large', color: 'brown', counter: 4 },
      ],
    });
    const res = await create({
      title: 'Leather Sandals',
      email: shopper.email,
      price: 18,
      description: 'x',
      color: 'brown',
      size: 'large',
      quantity: 1,
      totalPrice: '18.00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', channel: 'legacy', totalPrice: '18000.00', size: 'large' });
  });

  it("records an admin's line (the point of sale) as a paid point-of-sale purchase linked to the customer", async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Ankara Tote Bag', price: 1_100_000, counter: 5 });
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ firstName: 'Funke', lastName: 'Akindele', email: 'funke@example.com' })
      .returning();
    const res = await create(
      {
        title: 'Ankara Tote Bag',
        email: 'FUNKE@example.com',
        price: 1,
        description: '',
        color: '',
        size: '',
        quantity: 2,
        totalPrice: '2.00',
      },
      admin.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', channel: 'pos', totalPrice: '22000.00', customerName: 'Funke Akindele' });
    expect(await orderRow(res.json().id)).toMatchObject({ customerId: customer!.id, userId: null, paymentProvider: 'pos' });
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
  });

  it("records a new customer named in an admin's line, as the point of sale's own screen does", async () => {
    await insertProduct(ctx.database.db, { title: 'Woven Raffia Hat', price: 800_000, counter: 5 });
    const res = await create(
      { title: 'Woven Raffia Hat', email: 'Bisi@Example.com', fname: 'Bisi', lname: 'Ade', quantity: 1 },
      admin.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', channel: 'pos', customerName: 'Bisi Ade', email: 'bisi@example.com' });
    const [recorded] = await ctx.database.db.select().from(customers).where(eq(customers.email, 'bisi@example.com'));
    expect(recorded).toMatchObject({ firstName: 'Bisi', lastName: 'Ade' });
    expect(await orderRow(res.json().id)).toMatchObject({ customerId: recorded!.id });
  });

  it("sells an admin's line without a customer to a walk-in shopper", async () => {
    await insertProduct(ctx.database.db, { title: 'Brass Hand Fan', price: 500_000, counter: 5 });
    const res = await create({ title: 'Brass Hand Fan', quantity: 1, totalPrice: '5000.00' }, admin.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', channel: 'pos', customerName: 'Walk-in customer', email: '' });
    expect(await orderRow(res.json().id)).toMatchObject({ customerId: null });
  });
});

describe('refusals', () => {
  it.each([
    ['an unknown title', { title: 'No Such Thing', quantity: 1 }],
    ['joined titles with one unknown', { title: 'Leather Sandals, No Such Thing', quantity: 2 }],
    ['an unknown product id', { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    ['a malformed product id', { productId: 'abc', quantity: 1 }],
    ['a cart item without a product', { cart: [{ product: {}, quantity: 1 }] }],
    ['a quantity of 0', { title: 'Leather Sandals', quantity: 0 }],
    ['a quantity that is not a number', { title: 'Leather Sandals', quantity: 'two' }],
    ['nothing to buy', { email: 'x@example.com' }],
  ])('refuses %s with 400 "Invalid product or quantity"', async (_label, payload) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Invalid product or quantity' });
  });

  it('refuses more than is in stock with 409 and needs a signed-in user', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Last Brass Lamp', counter: 1 });
    const res = await create({ productId: product.id, quantity: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Only 1 left in stock for Last Brass Lamp');
    expect((await create({ productId: product.id, quantity: 1 }, null)).statusCode).toBe(401);
  });
});

describe('a payment reference', () => {
  async function paidInSandbox(reference: string, amount: number) {
    await ctx.app.payments.sandbox!.initialize({ reference, amount, currency: 'NGN', email: shopper.email });
    expect(await ctx.app.payments.sandbox!.pay(reference, SUCCESS_CARD)).toBe('success');
  }

  it('makes the purchase paid when the provider confirms the exact amount, and cannot be used twice', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, discount: 100_000, counter: 5 });
    await paidInSandbox('client-ref-ok', 1_800_000);
    const res = await create({ productId: product.id, quantity: 2, reference: 'client-ref-ok' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', totalPrice: '18000.00' });
    expect(await orderRow(res.json().id)).toMatchObject({ paymentReference: 'client-ref-ok', paidAt: expect.any(Date) });

    const again = await create({ productId: product.id, quantity: 2, reference: 'client-ref-ok' });
    expect(again.statusCode).toBe(409);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
  });

  it('does not count as paid when the amount paid differs from the catalogue price, and gives the stock back', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, discount: 100_000, counter: 5 });
    // The old client charged the list price, without the discount.
    await paidInSandbox('client-ref-short', 2_000_000);
    const res = await create({ productId: product.id, quantity: 2, reference: 'client-ref-short', price: 10_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('failed');
    expect((await orderRow(res.json().id)).failureReason).toMatch(/does not match/);
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(5);
  });

  it('leaves the purchase pending when the provider does not know the reference', async () => {
    const product = await insertProduct(ctx.database.db);
    const res = await create({ productId: product.id, quantity: 1, reference: 'never-paid' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
  });
});

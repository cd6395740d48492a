/**
 * Delivery zones, coupons and the checkout quote, through HTTP: the server prices
 * delivery and codes, the quote and the order agree, and refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, DELIVERY_STATES } from '@shop/shared';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type Client, client } from '../../test/clients.ts';

let ctx: TestContext;
let admin: Client;
let lagosShopper: Client;
let anonymous: Client;
const zoneIds: Record<string, string> = {};
const methodIds: Record<string, string> = {};

const LAGOS_MAINLAND = {
  name: 'Lagos Mainland',
  states: ['Lagos Mainland'],
  methods: [
    {
      name: 'Pickup in Yaba',
      kind: 'pickup',
      pickupAddress: '12 Herbert Macaulay Way, Yaba',
      pickupHours: 'Mon–Sat 9am–6pm',
      etaDays: 0,
    },
    { name: 'Standard delivery', kind: 'free_over', fee: 2500, freeOver: 50000, etaDays: 2, payOnDelivery: true },
    { name: 'Express', kind: 'flat', fee: 5000, etaDays: 1 },
  ],
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
  lagosShopper = client(ctx.app, (await registerShopper(ctx.app, { state: 'Lagos' })).accessToken);
  anonymous = client(ctx.app);
  for (const zone of [
    LAGOS_MAINLAND,
    {
      name: 'South-West',
      states: ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'],
      methods: [{ name: 'Courier', kind: 'flat', fee: 4500, etaDays: 3 }],
    },
    {
      name: 'Closed for now',
      enabled: false,
      states: ['Borno'],
      methods: [{ name: 'Courier', kind: 'flat', fee: 9000, etaDays: 7 }],
    },
  ]) {
    const res = await admin.json('POST', '/api/delivery/zones', zone);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    zoneIds[zone.name] = body.id;
    for (const m of body.methods) methodIds[`${zone.name}/${m.name}`] = m.id;
  }
});
afterAll(() => ctx.close());

const quote = (who: Client, body: object) => who.json('POST', '/api/checkout/quote', body);
const checkout = (who: Client, body: object) => who.json('POST', '/api/checkout', body);

describe('delivery zones', () => {
  it('lists the states and the enabled zones with their methods to anyone, fees in naira', async () => {
    const res = await anonymous.json('GET', '/api/delivery/zones');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.states).toEqual([...DELIVERY_STATES]);
    expect(body.states).toHaveLength(38);
    expect(body.zones.map((z: { name: string }) => z.name)).toEqual(['Lagos Mainland', 'South-West']);
    expect(body.zones[0].methods.map((m: { name: string; fee: number }) => [m.name, m.fee])).toEqual([
      ['Pickup in Yaba', 0],
      ['Standard delivery', 2500],
      ['Express', 5000],
    ]);
    expect(body.zones[1].states).toEqual(['Ekiti', 'Ogun', 'Ondo', 'Osun', 'Oyo']);
  });

  it('shows disabled zones to admins only', async () => {
    const all = await admin.json('GET', '/api/delivery/zones/all');
    expect(all.json().zones.map((z: { name: string }) => z.name)).toContain('Closed for now');
    expect((await anonymous.json('GET', '/api/delivery/zones/all')).statusCode).toBe(401);
    expect((await lagosShopper.json('GET', '/api/delivery/zones/all')).statusCode).toBe(403);
    expect((await lagosShopper.json('POST', '/api/delivery/zones', LAGOS_MAINLAND)).statusCode).toBe(403);
  });

  it('refuses a state that is already in another zone, naming both, and changes nothing', async () => {
    const res = await admin.json('POST', '/api/delivery/zones', {
      name: 'Lagos everything',
      states: ['Lagos Island', 'Lagos Mainland'],
      methods: [{ name: 'Bike', kind: 'flat', fee: 1000, etaDays: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Lagos Mainland is already in the zone “Lagos Mainland”');
    const zones = (await admin.json('GET', '/api/delivery/zones/all')).json().zones;
    expect(zones.map((z: { name: string }) => z.name)).not.toContain('Lagos everything');
    expect(zones.flatMap((z: { states: string[] }) => z.states)).not.toContain('Lagos Island');
  });

  it.each([
    ['an unknown state', { states: ['Atlantis'] }, 'Unknown state'],
    ['no state', { states: [] }, 'Choose at least one state'],
    [
      'free delivery without a threshold',
      { methods: [{ name: 'Free', kind: 'free_over', fee: 1000, etaDays: 2 }] },
      'Say above which goods total delivery is free',
    ],
    [
      'pickup without an address',
      { methods: [{ name: 'Pickup', kind: 'pickup', etaDays: 0 }] },
      'A pickup method needs its address',
    ],
    ['a negative fee', { methods: [{ name: 'Bike', kind: 'flat', fee: -5, etaDays: 1 }] }, 'Fee cannot be negative'],
  ])('refuses %s with 400 and a clear message', async (_label, change, message) => {
    const res = await admin.json('POST', '/api/delivery/zones', { name: 'North', states: ['Kano'], methods: [], ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('edits a zone in place: methods kept by id, new ones added, missing ones removed; deletes a zone', async () => {
    const created = (
      await admin.json('POST', '/api/delivery/zones', {
        name: 'North-Central',
        states: ['Kwara', 'Kogi'],
        methods: [
          { name: 'Courier', kind: 'flat', fee: 6000, etaDays: 4 },
          { name: 'Bus park pickup', kind: 'pickup', pickupAddress: 'Ilorin park', etaDays: 3 },
        ],
      })
    ).json();
    const courier = created.methods.find((m: { name: string }) => m.name === 'Courier');
    const res = await admin.json('PUT', `/api/delivery/zones/${created.id}`, {
      name: 'North-Central',
      states: ['Kwara', 'Kogi', 'Niger'],
      methods: [
        { id: courier.id, name: 'Courier', kind: 'flat', fee: 6500, etaDays: 4 },
        { name: 'Express', kind: 'flat', fee: 9000, etaDays: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const zone = res.json();
    expect(zone.states).toEqual(['Kogi', 'Kwara', 'Niger']);
    expect(zone.methods.map((m: { id: string; name: string; fee: number }) => [m.name, m.fee])).toEqual([
      ['Courier', 6500],
      ['Express', 9000],
    ]);
    expect(zone.methods[0].id).toBe(courier.id);
    expect((await admin.json('DELETE', `/api/delivery/zones/${created.id}`)).statusCode).toBe(200);
    expect((await admin.json('DELETE', `/api/delivery/zones/${created.id}`)).statusCode).toBe(404);
    expect((await admin.json('PUT', '/api/delivery/zones/nope', LAGOS_MAINLAND)).statusCode).toBe(404);
  });
});

describe('quote', () => {
  it('prices "Lagos" as Lagos Mainland with its cheapest delivered method, and free over ₦50,000', async () => {
    const product = await insertProduct(ctx.database.db, { price: 2_000_000, discount: 500_000 });
    const small = await quote(lagosShopper, { lines: [{ productId: product.id, quantity: 2 }] });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json()).toMatchObject({
      subtotal: 40000,
      discount: 10000,
      couponDiscount: 0,
      deliveryFee: 2500,
      total: 32500,
      currency: 'NGN',
      state: 'Lagos Mainland',
      deliveryMethod: { name: 'Standard delivery', fee: 2500, etaDays: 2, kind: 'free_over', freeOver: 50000 },
      coupon: null,
    });
    expect(small.json().deliveryMethods.map((m: { name: string }) => m.name)).toEqual([
      'Pickup in Yaba',
      'Standard delivery',
      'Express',
    ]);

    // 4 × ₦15,000 = ₦60,000 of goods: standard delivery is free.
    const big = await quote(lagosShopper, { lines: [{ productId: product.id, quantity: 4 }] });
    expect(big.json()).toMatchObject({ subtotal: 80000, discount: 20000, deliveryFee: 0, total: 60000 });

    const pickup = await quote(lagosShopper, {
      lines: [{ productId: product.id, quantity: 1 }],
      deliveryMethodId: methodIds['Lagos Mainland/Pickup in Yaba'],
    });
    expect(pickup.json()).toMatchObject({
      deliveryFee: 0,
      total: 15000,
      deliveryMethod: { kind: 'pickup', pickupAddress: '12 Herbert Macaulay Way, Yaba' },
    });

    const ogun = await quote(lagosShopper, { lines: [{ productId: product.id, quantity: 1 }], state: 'Ogun State' });
    expect(ogun.json()).toMatchObject({ state: 'Ogun', deliveryFee: 4500, total: 19500 });
  });

  it.each([
    ['an address outside Nigeria', { country: 'Ghana', state: 'Accra' }, 400, 'We deliver within Nigeria only'],
    ['a state nobody knows', { state: 'Gotham' }, 400, 'Gotham is not a Nigerian state we know; choose one from the list'],
    ['a method of another zone', { state: 'Ogun', deliveryMethodId: 'x' }, 400, 'That delivery method is not available for Ogun'],
  ])('refuses %s', async (_label, extra, status, message) => {
    const product = await insertProduct(ctx.database.db);
    const res = await quote(lagosShopper, { lines: [{ productId: product.id, quantity: 1 }], ...extra });
    expect(res.statusCode).toBe(status);
    expect(res.json().msg).toBe(message);
  });

  it('needs a signed-in shopper', async () => {
    expect((await quote(anonymous, { lines: [] })).statusCode).toBe(401);
  });
});

describe('checkout with delivery', () => {
  it('charges what the quote said and keeps a snapshot of the delivery on the order', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000 });
    const body = { lines: [{ productId: product.id, quantity: 1 }], deliveryMethodId: methodIds['Lagos Mainland/Express'] };
    const priced = (await quote(lagosShopper, body)).json();
    const res = await checkout(lagosShopper, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().amount).toBe(priced.total * 100);
    expect(res.json().amount).toBe(1_500_000);
    const order = (await lagosShopper.json('GET', `/api/orders/${res.json().orderId}`)).json();
    expect(order).toMatchObject({
      subtotal: 10000,
      discount: 0,
      deliveryFee: 5000,
      total: 15000,
      state: 'Lagos Mainland',
      country: 'Nigeria',
      delivery: { method: 'Express', kind: 'flat', etaDays: 1, pickupAddress: '' },
    });
  });

  it('refuses a state the shop does not deliver to (or has switched off) and takes no stock', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 4 });
    for (const state of ['Borno', 'Kano']) {
      const res = await checkout(lagosShopper, { lines: [{ productId: product.id, quantity: 1 }], state });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`We do not deliver to ${state} yet`);
    }
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(4);
  });
});

describe('coupons', () => {
  const coupon = (body: object) => admin.json('POST', '/api/coupons', { type: 'percent', value: 10, ...body });

  it('are managed by admins only, with codes unique in any case', async () => {
    const res = await coupon({ code: 'welcome10' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ code: 'WELCOME10', type: 'percent', value: 10, uses: 0, reserved: 0, revenue: 0 });
    const again = await coupon({ code: 'Welcome10' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The code WELCOME10 already exists');
    expect((await lagosShopper.json('GET', '/api/coupons')).statusCode).toBe(403);
    expect((await anonymous.json('POST', '/api/coupons', { code: 'FREE', type: 'fixed', value: 1 })).statusCode).toBe(401);
    const list = (await admin.json('GET', '/api/coupons')).json();
    expect(list.map((c: { code: string }) => c.code)).toContain('WELCOME10');
  });

  it.each([
    ['a percentage over 100', { code: 'TOOMUCH', value: 150 }, 'A percentage is a whole number from 1 to 100'],
    [
      'an end before the start',
      { code: 'BACKWARDS', startsOn: '2026-12-10', endsOn: '2026-12-01' },
      'The end date is before the start date',
    ],
    ['a code with spaces', { code: 'NO SPACES' }, 'A code is 3 to 32 letters, digits, dashes or underscores'],
    ['a fixed amount of 0', { code: 'NOTHING', type: 'fixed', value: 0 }, 'Amount off must be more than 0'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const res = await coupon(body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('takes a percentage off the goods after markdowns, in the quote and on the order, and counts the use once paid', async () => {
    const created = (await coupon({ code: 'TENOFF', minSubtotal: 5000 })).json();
    const product = await insertProduct(ctx.database.db, { price: 2_000_000, discount: 500_000 });
    const body = { lines: [{ productId: product.id, quantity: 2 }], couponCode: 'tenoff' };
    const priced = (await quote(lagosShopper, body)).json();
    // Goods ₦30,000 after markdowns; 10 % = ₦3,000; delivery ₦2,500.
    expect(priced).toMatchObject({ subtotal: 40000, discount: 13000, couponDiscount: 3000, deliveryFee: 2500, total: 29500 });
    expect(priced.coupon).toEqual({ code: 'TENOFF', type: 'percent', value: 10 });

    const started = (await checkout(lagosShopper, body)).json();
    expect(started.amount).toBe(2_950_000);
    let listed = (await admin.json('GET', '/api/coupons')).json().find((c: { id: string }) => c.id === created.id);
    expect(listed).toMatchObject({ uses: 0, reserved: 1 });

    await lagosShopper.json('POST', `/api/payments/sandbox/${started.reference}/pay`, { card: '4084 0840 8408 4081' });
    expect((await lagosShopper.json('POST', `/api/checkout/${started.reference}/verify`)).json().paid).toBe(true);
    listed = (await admin.json('GET', '/api/coupons')).json().find((c: { id: string }) => c.id === created.id);
    expect(listed).toMatchObject({ uses: 1, reserved: 0, revenue: 29500, discountGiven: 3000 });
    const order = (await lagosShopper.json('GET', `/api/orders/${started.orderId}`)).json();
    expect(order).toMatchObject({ couponCode: 'TENOFF', couponDiscount: 3000, discount: 13000, total: 29500 });
  });

  it('free delivery waives the fee; a fixed amount never takes more than the goods', async () => {
    await coupon({ code: 'SHIPFREE', type: 'free_delivery' });
    await coupon({ code: 'MINUS50K', type: 'fixed', value: 50000 });
    const product = await insertProduct(ctx.database.db, { price: 1_000_000 });
    const lines = [{ productId: product.id, quantity: 1 }];
    expect((await quote(lagosShopper, { lines, couponCode: 'shipfree' })).json()).toMatchObject({
      deliveryFee: 0,
      couponDiscount: 0,
      total: 10000,
      coupon: { type: 'free_delivery' },
    });
    expect((await quote(lagosShopper, { lines, couponCode: 'MINUS50K' })).json()).toMatchObject({
      couponDiscount: 10000,
      deliveryFee: 2500,
      total: 2500,
    });
  });

  it('refuses unknown, inactive, early, expired, below-minimum and other products’ codes, and creates no order', async () => {
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 3 });
    const other = await insertProduct(ctx.database.db);
    await coupon({ code: 'SLEEPING', active: false });
    await coupon({ code: 'LATER', startsOn: '2099-01-01' });
    await coupon({ code: 'GONE', startsOn: '2020-01-01', endsOn: '2020-12-31' });
    await coupon({ code: 'BIGSPEND', minSubtotal: 25000 });
    await coupon({ code: 'ONLYTHAT', productIds: [other.id] });
    const cases: [string, string][] = [
      ['NOSUCH', 'This code cannot be used'],
      ['SLEEPING', 'This code cannot be used'],
      ['LATER', 'This code cannot be used'],
      ['GONE', COUPON_MESSAGES.expired],
      ['BIGSPEND', 'Spend ₦15,000.00 more to use this code'],
      ['ONLYTHAT', COUPON_MESSAGES.notForThese],
    ];
    for (const [code, message] of cases) {
      const body = { lines: [{ productId: product.id, quantity: 1 }], couponCode: code };
      const q = await quote(lagosShopper, body);
      expect([q.statusCode, q.json().msg]).toEqual([400, message]);
      const res = await checkout(lagosShopper, body);
      expect([res.statusCode, res.json().msg]).toEqual([400, message]);
    }
    expect((await readProduct(ctx.database.db, product.id)).counter).toBe(3);
  });

  it('holds a use while the order is pending and gives it back when the order is cancelled or expires', async () => {
    await coupon({ code: 'ONEEACH', perCustomerLimit: 1, usageLimit: 2 });
    const product = await insertProduct(ctx.database.db, { counter: 10 });
    const shopper = client(ctx.app, (await registerShopper(ctx.app, { state: 'Lagos' })).accessToken);
    const body = { lines: [{ productId: product.id, quantity: 1 }], couponCode: 'ONEEACH' };
    const first = await checkout(shopper, body);
    expect(first.statusCode).toBe(201);
    const second = await checkout(shopper, body);
    expect([second.statusCode, second.json().msg]).toEqual([409, COUPON_MESSAGES.usedByYou]);

    const cancelled = await admin.json('PATCH', `/api/orders/${first.json().orderId}/status`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    const third = await checkout(shopper, body);
    expect(third.statusCode).toBe(201);

    // Another shopper takes the second use; a third shopper finds it used up until one expires.
    const other = client(ctx.app, (await registerShopper(ctx.app, { state: 'Lagos' })).accessToken);
    expect((await checkout(other, body)).statusCode).toBe(201);
    const late = client(ctx.app, (await registerShopper(ctx.app, { state: 'Lagos' })).accessToken);
    const refused = await checkout(late, body);
    expect([refused.statusCode, refused.json().msg]).toEqual([409, COUPON_MESSAGES.usedUp]);
    await ctx.app.orders.expirePending(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect((await checkout(late, body)).statusCode).toBe(201);
  });

  it('50 concurrent checkouts on a code with 10 uses left: exactly 10 orders carry it, the rest are refused and take no stock', async () => {
    await coupon({ code: 'FIRST10', usageLimit: 10 });
    // One product per checkout, so that nothing but the coupon makes them wait for each other.
    const products = await Promise.all(Array.from({ length: 50 }, () => insertProduct(ctx.database.db, { counter: 1 })));
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => registerShopper(ctx.app, { state: 'Lagos' })));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        checkout(client(ctx.app, shoppers[i % shoppers.length]!.accessToken), {
          lines: [{ productId: products[i]!.id, quantity: 1 }],
          couponCode: 'FIRST10',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().msg)).toEqual(Array(40).fill(COUPON_MESSAGES.usedUp));
    const left = await Promise.all(products.map(async (p) => (await readProduct(ctx.database.db, p.id)).counter));
    expect(left.filter((n) => n === 0)).toHaveLength(10);
  });

  it('deletes a code nobody used; one with orders can only be switched off', async () => {
    const unused = (await coupon({ code: 'UNUSED1' })).json();
    expect((await admin.json('DELETE', `/api/coupons/${unused.id}`)).statusCode).toBe(200);
    const used = (await admin.json('GET', '/api/coupons')).json().find((c: { code: string }) => c.code === 'FIRST10');
    const res = await admin.json('DELETE', `/api/coupons/${used.id}`);
    expect(res.statusCode).toBe(409);
    const off = await admin.json('PUT', `/api/coupons/${used.id}`, {
      code: 'FIRST10',
      type: 'percent',
      value: 10,
      usageLimit: 10,
      active: false,
    });
    expect(off.json()).toMatchObject({ active: false, reserved: 10 });
  });
});

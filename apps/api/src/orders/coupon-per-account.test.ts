/**
 * A shopper is her account, not the e-mail she types at checkout (issue 26, item 4): uses of
 * a once-per-customer code count per account, and order messages go to the account's
 * address while another address typed is only shown to the shop. Through HTTP.
 */
import { COUPON_MESSAGES } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type Client, client } from '../../test/clients.ts';

let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  const created = await createAdmin(ctx);
  admin = client(ctx.app, created.accessToken);
  // Changing the bank account takes the admin's password (decision 0021).
  const bank = {
    bankName: 'Zenith Bank',
    bankAccountName: 'Adire Stores Ltd',
    bankAccountNumber: '1012345678',
    currentPassword: created.password,
  };
  expect((await admin.json('PUT', '/api/settings', bank)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

async function shopper() {
  const registered = await registerShopper(ctx.app);
  return { ...client(ctx.app, registered.accessToken), email: registered.email };
}

it('counts a once-per-customer code per account: typing another e-mail does not use it again', async () => {
  const code = await admin.json('POST', '/api/coupons', { code: 'ONCEEACH', type: 'percent', value: 20, perCustomerLimit: 1 });
  expect(code.statusCode).toBe(201);
  const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 20 });
  const line = [{ productId: product.id, quantity: 1 }];
  const ada = await shopper();
  const first = await ada.json('POST', '/api/checkout', { lines: line, couponCode: 'ONCEEACH', paymentMethod: 'transfer' });
  expect(first.statusCode, first.body).toBe(201);

  for (const email of ['ada.second@example.com', 'ADA+promo@example.com']) {
    const quote = await ada.json('POST', '/api/checkout/quote', { lines: line, couponCode: 'ONCEEACH', email });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().msg).toBe(COUPON_MESSAGES.usedByYou);
    const again = await ada.json('POST', '/api/checkout', {
      lines: line,
      couponCode: 'ONCEEACH',
      email,
      paymentMethod: 'transfer',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(COUPON_MESSAGES.usedByYou);
  }
  // Another account may, even with Ada's address typed in.
  const bola = await shopper();
  const theirs = await bola.json('POST', '/api/checkout', {
    lines: line,
    couponCode: 'ONCEEACH',
    email: ada.email,
    paymentMethod: 'transfer',
  });
  expect(theirs.statusCode, theirs.body).toBe(201);
  expect(theirs.json().email).toBe(bola.email);
});

it("sends order messages to the account's address; another address typed is shown to the shop, never used", async () => {
  const product = await insertProduct(ctx.database.db, { price: 800_000, counter: 5 });
  const chidi = await shopper();
  const res = await chidi.json('POST', '/api/checkout', {
    lines: [{ productId: product.id, quantity: 1 }],
    email: 'Someone.Else@Example.com',
    paymentMethod: 'transfer',
  });
  expect(res.statusCode, res.body).toBe(201);
  const { orderId } = res.json();
  expect((await admin.json('GET', `/api/orders/${orderId}`)).json()).toMatchObject({
    email: chidi.email,
    contactEmail: 'someone.else@example.com',
  });
  const sent = await ctx.database.db.select().from(messages).where(eq(messages.orderId, orderId));
  expect(sent.filter((m) => m.template === 'order-received').map((m) => m.to)).toEqual([chidi.email]);
  expect(sent.map((m) => m.to).join()).not.toContain('someone.else');
  // The address typed is the account's own: nothing extra is kept.
  const own = await chidi.json('POST', '/api/checkout', {
    lines: [{ productId: product.id, quantity: 1 }],
    email: chidi.email.toUpperCase(),
    paymentMethod: 'transfer',
  });
  expect((await admin.json('GET', `/api/orders/${own.json().orderId}`)).json().contactEmail).toBeNull();
});

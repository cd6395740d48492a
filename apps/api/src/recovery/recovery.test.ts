/**
 * Abandoned checkout recovery (issue 31) through the API and a real SMTP server: a consenting
 * quote records one checkout per cart, reminders go at the shop's delays (time moved through
 * the sweep's `now`, never waited for), never twice and not after payment, a payment within 7
 * days of the last reminder counts as recovered, the restore link rebuilds the cart and expires,
 * a transfer order's shopper is reminded once before its hold ends, and /api/recovery's access
 * rule and figures.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abandonedCheckouts, messages, orders } from '../db/schema/index.ts';
import { type Client, client } from '../../test/clients.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import {
  createAdmin,
  createTestApp,
  expectRefusedWithout,
  registerShopper,
  type TestContext,
  testConfig,
} from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';
import { sweepAppRecovery } from './index.ts';
import { RESTORE_EXPIRED } from './restore.ts';

const PUBLIC_URL = 'https://shop.example.ng';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SUCCESS_CARD = '4084 0840 8408 4081';

let smtp: SmtpStandin;
let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  smtp = await startSmtpStandin();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  const created = await createAdmin(ctx);
  admin = client(ctx.app, created.accessToken);
  const res = await admin.json('PUT', '/api/settings', {
    recoveryCoupon: 'COMEBACK10',
    whatsappNumber: '+234 801 234 5678',
    bankName: 'Zenith Bank',
    bankAccountName: 'Adire Stores Ltd',
    bankAccountNumber: '1012345678',
    currentPassword: created.password,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  await ctx.app.messages.worker.drain();
  smtp.received.length = 0;
});

const db = () => ctx.database.db;
const sweep = (at: Date) => sweepAppRecovery(ctx.app, at);
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const mailsTo = (address: string) => smtp.received.filter((m) => m.to === address && !m.subject.startsWith('Welcome to'));

async function shopper({ consent = true } = {}) {
  const account = await registerShopper(ctx.app, { phone: '0803 123 4567' });
  const api = client(ctx.app, account.accessToken);
  if (consent) expect((await api.json('PUT', '/api/account/marketing', { consent: true })).statusCode).toBe(200);
  return { ...account, api, id: account.user.id };
}

/** A product with two sizes in stock, priced ₦12,000. */
async function dress() {
  const product = await insertProduct(db(), {
    price: 1_200_000,
    variants: [
      { size: 'small', color: 'Indigo', counter: 5 },
      { size: 'medium', color: 'Indigo', counter: 5 },
    ],
  });
  const [small, medium] = await readVariants(db(), product.id);
  return { product, small: small!, medium: medium! };
}

type Shopper = Awaited<ReturnType<typeof shopper>>;
const quote = (who: Shopper, lines: object[], marketingConsent?: boolean) =>
  who.api.json('POST', '/api/checkout/quote', { lines, ...(marketingConsent !== undefined && { marketingConsent }) });
const checkoutsOf = (userId: string) => db().select().from(abandonedCheckouts).where(eq(abandonedCheckouts.userId, userId));
const remindersTo = (email: string) =>
  db().select().from(messages).where(sql`${messages.template} = 'cart-recovery' and ${messages.to} = ${email}`);

/** Pays a new card order of these lines through the sandbox: the account paid. */
async function payAnOrder(who: Shopper, lines: object[]) {
  const placed = await who.api.json('POST', '/api/checkout', { lines });
  expect(placed.statusCode, placed.body).toBe(201);
  const { reference, orderId } = placed.json();
  await who.api.json('POST', `/api/payments/sandbox/${reference}/pay`, { card: SUCCESS_CARD });
  expect((await who.api.json('POST', `/api/checkout/${reference}/verify`)).json()).toMatchObject({ paid: true });
  return orderId as string;
}

/** A consenting shopper who priced a cart at checkout; `at`: just after it was recorded. */
async function abandoned() {
  const who = await shopper();
  const { product, small } = await dress();
  const lines = [{ productId: product.id, variantId: small.id, quantity: 2 }];
  expect((await quote(who, lines, true)).statusCode).toBe(200);
  const [checkout] = await checkoutsOf(who.id);
  return { who, lines, product, small, checkout: checkout!, at: checkout!.createdAt };
}

describe('recording', () => {
  it('records one checkout for a consenting quote, however often the same cart is priced', async () => {
    const who = await shopper({ consent: false });
    const { product, small, medium } = await dress();
    const lines = [{ productId: product.id, variantId: small.id, quantity: 2 }];
    expect((await quote(who, lines, true)).statusCode).toBe(200);
    expect((await quote(who, lines, true)).statusCode).toBe(200);
    const [checkout, ...more] = await checkoutsOf(who.id);
    expect(more).toEqual([]);
    expect(checkout).toMatchObject({
      email: who.email,
      phone: '0803 123 4567',
      source: 'quote',
      value: 2_400_000,
      lines: [{ productId: product.id, variantId: small.id, quantity: 2, unitPrice: 1_200_000, size: 'small', color: 'Indigo' }],
    });

    // Another cart before any reminder takes its place: one set of reminders per shopper's checkout.
    await quote(who, [...lines, { productId: product.id, variantId: medium.id, quantity: 1 }], true);
    const now = await checkoutsOf(who.id);
    expect(now).toHaveLength(1);
    expect(now[0]!.value).toBe(3_600_000);
  });

  it('records nothing and sends nothing without the box ticked', async () => {
    const who = await shopper({ consent: false });
    const { product, small } = await dress();
    expect((await quote(who, [{ productId: product.id, variantId: small.id, quantity: 1 }])).statusCode).toBe(200);
    expect((await quote(who, [{ productId: product.id, variantId: small.id, quantity: 1 }], false)).statusCode).toBe(200);
    expect(await checkoutsOf(who.id)).toEqual([]);
    await sweep(later(new Date(), 2 * DAY));
    await ctx.app.messages.worker.drain();
    expect(mailsTo(who.email)).toEqual([]);
  });

  it('records an unpaid card order that expired, once, for an account with consent only', async () => {
    const who = await shopper();
    const without = await shopper({ consent: false });
    const { product, medium } = await dress();
    for (const w of [who, without]) {
      expect(
        (await w.api.json('POST', '/api/checkout', { lines: [{ productId: product.id, variantId: medium.id, quantity: 1 }] }))
          .statusCode,
      ).toBe(201);
    }
    const expiry = later(new Date(), 31 * MINUTE);
    await ctx.app.orders.expirePending(expiry);
    await sweep(expiry);
    await sweep(later(expiry, MINUTE));
    const [checkout, ...more] = await checkoutsOf(who.id);
    expect(more).toEqual([]);
    expect(checkout).toMatchObject({ source: 'expired', value: 1_200_000, lines: [{ variantId: medium.id, quantity: 1 }] });
    expect(checkout!.expiredOrderId).not.toBeNull();
    expect(await checkoutsOf(without.id)).toEqual([]);
  });
});

describe('reminders', () => {
  it('go at 60 and 1440 minutes, not before, never twice, as marketing with the restore link, coupon and WhatsApp', async () => {
    const { who, checkout, at } = await abandoned();
    // Other tests' checkouts share the database: counted per shopper.
    const sent = async (minutes: number) => {
      await sweep(later(at, minutes * MINUTE));
      return (await remindersTo(who.email)).length;
    };
    expect(await sent(59)).toBe(0);
    expect(await sent(60)).toBe(1);
    // Two processes sweeping at once, and the next minute: nothing more.
    await Promise.all([sweep(later(at, 61 * MINUTE)), sweep(later(at, 61 * MINUTE))]);
    expect(await sent(61)).toBe(1);
    expect(await sent(1439)).toBe(1);
    expect(await sent(1440)).toBe(2);
    expect(await sent(3 * 1440)).toBe(2);
    expect((await remindersTo(who.email)).map((m) => m.dedupeKey).sort()).toEqual([
      `cart-recovery:${checkout.id}:1`,
      `cart-recovery:${checkout.id}:2`,
    ]);

    await ctx.app.messages.worker.drain();
    const mails = mailsTo(who.email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('You left something in your cart'),
      expect.stringContaining('Your cart at'),
    ]);
    const [first] = mails;
    expect(first!.headers['list-unsubscribe']).toContain(`${PUBLIC_URL}/api/marketing/unsubscribe?token=`);
    expect(first!.text).toContain(`${PUBLIC_URL}/cart/restore?token=${checkout.token}`);
    expect(first!.text).toContain('COMEBACK10');
    expect(first!.html).toContain('https://wa.me/2348012345678?text=');
    const [row] = await checkoutsOf(who.id);
    expect(row).toMatchObject({ remindersSent: 2 });
  });

  it('a sweep that missed the first sends the latest only', async () => {
    const { who, at } = await abandoned();
    await sweep(later(at, 2 * DAY));
    await sweep(later(at, 2 * DAY + MINUTE));
    expect((await remindersTo(who.email)).map((m) => m.props)).toEqual([expect.objectContaining({ reminder: 2 })]);
  });

  it('stop as soon as the shopper pays, and the checkout is not counted as recovered without a reminder', async () => {
    const { who, lines, at } = await abandoned();
    const orderId = await payAnOrder(who, lines);
    await sweep(later(at, 60 * MINUTE));
    await sweep(later(at, 1440 * MINUTE));
    expect(await remindersTo(who.email)).toEqual([]);
    const [row] = await checkoutsOf(who.id);
    expect(row).toMatchObject({ paidOrderId: orderId, recoveredRevenue: null });
  });

  it('count as recovered when the account pays within 7 days of the last reminder, with its revenue', async () => {
    const { who, lines, at } = await abandoned();
    await sweep(later(at, 60 * MINUTE));
    const orderId = await payAnOrder(who, lines);
    await sweep(later(at, 61 * MINUTE));
    await sweep(later(at, 1440 * MINUTE));
    expect(await remindersTo(who.email)).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const [row] = await checkoutsOf(who.id);
    expect(row).toMatchObject({ remindersSent: 1, paidOrderId: orderId, recoveredRevenue: order!.total });
  });

  it('a payment more than 7 days after the last reminder ends it without counting it recovered', async () => {
    const { who, lines, at, checkout } = await abandoned();
    await sweep(later(at, 60 * MINUTE));
    // Time moved: the reminder went 8 days ago.
    await db()
      .update(abandonedCheckouts)
      .set({ lastReminderAt: new Date(Date.now() - 8 * DAY), createdAt: new Date(Date.now() - 8 * DAY - HOUR) })
      .where(eq(abandonedCheckouts.id, checkout.id));
    const orderId = await payAnOrder(who, lines);
    await sweep(new Date());
    const [row] = await checkoutsOf(who.id);
    expect(row).toMatchObject({ paidOrderId: orderId, recoveredRevenue: null });
  });

  it('are dropped by the outbox when the shopper unsubscribed after one was queued', async () => {
    const { who, at } = await abandoned();
    await sweep(later(at, 60 * MINUTE));
    await who.api.json('PUT', '/api/account/marketing', { consent: false });
    await ctx.app.messages.worker.drain();
    expect((await remindersTo(who.email)).map((m) => m.status)).toEqual(['dropped']);
    // Without consent, the next is not even queued.
    await sweep(later(at, 1440 * MINUTE));
    expect(await remindersTo(who.email)).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('reminders with two API processes', () => {
  it('sends each reminder once while two apps on one PostgreSQL sweep at the same moments', async () => {
    const database = await openDatabase({ url: ctx.database.url!, poolSize: 10 });
    const other = await buildApp({ config: testConfig({ PUBLIC_URL }), database, logger: false });
    try {
      const left = await Promise.all(Array.from({ length: 5 }, () => abandoned()));
      const latest = Math.max(...left.map((l) => l.at.getTime()));
      for (const minutes of [60, 61, 1440, 1441]) {
        const at = later(new Date(latest), minutes * MINUTE);
        await Promise.all([sweep(at), sweepAppRecovery(other, at), sweep(at), sweepAppRecovery(other, at)]);
      }
      for (const { who, checkout } of left) {
        expect((await remindersTo(who.email)).map((m) => m.dedupeKey).sort()).toEqual([
          `cart-recovery:${checkout.id}:1`,
          `cart-recovery:${checkout.id}:2`,
        ]);
        expect((await checkoutsOf(who.id))[0]!.remindersSent).toBe(2);
      }
    } finally {
      // The app closes its database.
      await other.close();
    }
  }, 60_000);
});

describe('the restore link', () => {
  const restore = (token: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/cart/restore/${encodeURIComponent(token)}`, headers });

  it('rebuilds the cart lines as the catalogue sells them now, without signing in, as often as it is opened', async () => {
    const { product, small, checkout } = await abandoned();
    let cookie = '';
    for (let i = 0; i < 2; i++) {
      const res = await restore(checkout.token, cookie ? { cookie } : {});
      expect(res.statusCode, res.body).toBe(200);
      // No session: only the server cart's cookie, set the first time (issue 32).
      expect(res.cookies.map((c) => c.name)).toEqual(i === 0 ? ['cart'] : []);
      if (i === 0) cookie = `cart=${res.cookies[0]!.value}`;
      expect(res.json()).toMatchObject({
        unavailable: 0,
        lines: [
          {
            productId: product.id,
            variantId: small.id,
            title: product.title,
            size: 'small',
            color: 'Indigo',
            quantity: 2,
            price: 12_000,
            salePrice: 12_000,
            stock: 5,
          },
        ],
      });
    }
    // The server cart holds the same lines, once however often the link is opened.
    const cart = (await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } })).json();
    expect(cart.lines.map((l: { variantId: string; quantity: number }) => [l.variantId, l.quantity])).toEqual([[small.id, 2]]);
  });

  it("fills a signed-in shopper's account cart in place of what it held", async () => {
    const { small, checkout } = await abandoned();
    const { accessToken } = await registerShopper(ctx.app);
    const auth = { authorization: `Bearer ${accessToken}` };
    const other = await insertProduct(db(), { counter: 3 });
    const [otherVariant] = await readVariants(db(), other.id);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: auth,
      payload: { variantId: otherVariant!.id, quantity: 1 },
    });
    const res = await restore(checkout.token, auth);
    expect([res.statusCode, res.headers['set-cookie']]).toEqual([200, undefined]);
    const cart = (await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: auth })).json();
    expect(cart.lines.map((l: { variantId: string; quantity: number }) => [l.variantId, l.quantity])).toEqual([[small.id, 2]]);
  });

  it('answers 404 for an unknown token and 410 with a clear message after 7 days', async () => {
    expect((await restore('not-a-token')).statusCode).toBe(404);
    // Not a token's shape (a NUL, which PostgreSQL's text cannot hold; a dot): 400, before the database.
    for (const bad of ['Ada\u0000Eze', 'a.b']) {
      const refused = await restore(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().msg).toMatch(/restore link is not valid/);
    }
    const { checkout } = await abandoned();
    await db()
      .update(abandonedCheckouts)
      .set({ createdAt: new Date(Date.now() - 7 * DAY - MINUTE) })
      .where(eq(abandonedCheckouts.id, checkout.id));
    const res = await restore(checkout.token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ msg: RESTORE_EXPIRED });
  });
});

describe('the transfer reminder', () => {
  it('goes once, 12 hours before the hold ends, as an order message without consent', async () => {
    const who = await shopper({ consent: false });
    const { product, small } = await dress();
    const placed = await who.api.json('POST', '/api/checkout', {
      lines: [{ productId: product.id, variantId: small.id, quantity: 1 }],
      paymentMethod: 'transfer',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const payBy = new Date(placed.json().transfer.payBy);
    const reminders = () =>
      db()
        .select()
        .from(messages)
        .where(eq(messages.dedupeKey, `transfer-reminder:${placed.json().orderId}`));

    await sweep(later(payBy, -12 * HOUR - MINUTE));
    expect(await reminders()).toEqual([]);
    await sweep(later(payBy, -12 * HOUR + MINUTE));
    await sweep(later(payBy, -11 * HOUR));
    expect(await reminders()).toHaveLength(1);

    await ctx.app.messages.worker.drain();
    const [mail, ...more] = mailsTo(who.email).filter((m) => m.subject.includes('or it is released'));
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Order NG-\d{6}: pay ₦12,000\.00 by \d\d:\d\d on .+ or it is released$/);
    expect(mail!.text).toContain('1012345678');
    expect(mail!.headers['list-unsubscribe']).toBeUndefined();
  });
});

describe('GET /api/recovery', () => {
  it('is for staff who may see orders', async () => {
    await expectRefusedWithout(ctx, 'orders.read', [{ method: 'GET', url: '/api/recovery' }]);
  });

  it('lists the checkouts with their value, reminders and recovered revenue', async () => {
    const before = (await admin.json('GET', '/api/recovery')).json();
    const { who, lines, at, checkout } = await abandoned();
    await sweep(later(at, 60 * MINUTE));
    await payAnOrder(who, lines);
    await sweep(later(at, 61 * MINUTE));
    const res = await admin.json('GET', '/api/recovery');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.checkouts).toBe(before.checkouts + 1);
    expect(body.value).toBe(before.value + 24_000);
    expect(body.remindersSent).toBe(before.remindersSent + 1);
    expect(body.recoveredOrders).toBe(before.recoveredOrders + 1);
    expect(body.recoveredRevenue).toBeGreaterThan(before.recoveredRevenue);
    expect(body.items.find((i: { id: string }) => i.id === checkout.id)).toMatchObject({
      id: checkout.id,
      email: who.email,
      phone: '0803 123 4567',
      value: 24_000,
      items: 2,
      remindersSent: 1,
      status: 'recovered',
      orderNumber: expect.stringMatching(/^NG-/),
      restoreUrl: `${PUBLIC_URL}/cart/restore?token=${checkout.token}`,
    });
  });
});

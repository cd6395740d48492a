/**
 * Messages through a real SMTP server in the test process: queued with their event, sent by
 * the worker, retried while the mail server is away, never sent for a change that rolled
 * back, one per event; the back office's list, preview and "send again"; and the embedded
 * default, which writes .eml files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, orders } from '../db/schema/index.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';
import { type Client, client } from '../../test/clients.ts';

let smtp: SmtpStandin;
let ctx: TestContext;
let admin: Client;
let adminEmail: string;
const PUBLIC_URL = 'https://shop.example.ng';

beforeAll(async () => {
  smtp = await startSmtpStandin();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Adire <orders@shop.example.ng>' });
  const created = await createAdmin(ctx);
  admin = client(ctx.app, created.accessToken);
  adminEmail = created.email;
  await admin.json('PUT', '/api/settings', {
    bankName: 'Zenith Bank',
    bankAccountName: 'Adire Stores Ltd',
    bankAccountNumber: '1012345678',
    lowStockThreshold: 3,
    // Changing the bank account takes the admin's password (decision 0021).
    currentPassword: created.password,
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  // Each test reads only what it sent.
  await ctx.app.messages.worker.drain();
  smtp.received.length = 0;
});

const send = () => ctx.app.messages.worker.drain();
/** What reached an address (a new shopper's welcome left out). */
const mailsTo = (address: string) =>
  smtp.received.filter((m) => m.to.split(', ').includes(address) && !m.subject.startsWith('Welcome to'));

async function shopper() {
  const registered = await registerShopper(ctx.app);
  return { ...client(ctx.app, registered.accessToken), email: registered.email };
}

async function paidCardOrder(buyer: Awaited<ReturnType<typeof shopper>>, price = 1_500_000, counter = 10) {
  const product = await insertProduct(ctx.database.db, { title: `Ankara Wrap ${Math.random()}`, price, counter });
  const started = (await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] })).json();
  await buyer.json('POST', `/api/payments/sandbox/${started.reference}/pay`, { card: '4084 0840 8408 4081' });
  expect((await buyer.json('POST', `/api/checkout/${started.reference}/verify`)).json().paid).toBe(true);
  return { ...started, product } as { orderId: string; number: string; reference: string; product: { id: string } };
}

describe('order messages', () => {
  it('sends the shopper a receipt and the shop a new-order alert once an order is paid, each once', async () => {
    const buyer = await shopper();
    const { number, orderId } = await paidCardOrder(buyer);
    expect(await send()).toBeGreaterThanOrEqual(2);
    const [receipt] = mailsTo(buyer.email);
    expect(receipt).toMatchObject({ subject: `Receipt for order ${number}`, from: 'orders@shop.example.ng' });
    expect(receipt!.text).toContain(number);
    expect(receipt!.text).toContain(`${PUBLIC_URL}/orders/${orderId}/invoice`);
    const [alert] = mailsTo(adminEmail);
    expect(alert!.subject).toBe(`New order ${number}: ₦15,000.00`);
    // The Message-ID is the message's own: the same on a second try.
    const [row] = await ctx.database.db
      .select()
      .from(messages)
      .where(eq(messages.subject, `Receipt for order ${number}`));
    expect(receipt!.messageId).toBe(`<${row!.id}@shop.example.ng>`);

    // Verifying again pays nothing more and says nothing more.
    const { paymentReference: reference } = (await ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    await buyer.json('POST', `/api/checkout/${reference}/verify`);
    expect(await send()).toBe(0);
  });

  it('tells a transfer buyer where to pay, and a cancelled order’s buyer that the items went back', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 800_000, counter: 4 });
    const placed = (
      await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'transfer' })
    ).json();
    await send();
    const [received] = mailsTo(buyer.email);
    expect(received!.subject).toBe(`Order ${placed.number} received: pay ₦8,000.00 by transfer`);
    expect(received!.text).toContain('1012345678');

    await buyer.json('POST', `/api/orders/${placed.orderId}/cancel`);
    await send();
    const cancelled = mailsTo(buyer.email).at(-1)!;
    expect(cancelled.subject).toBe(`Order ${placed.number} was cancelled`);
    expect(cancelled.text).toContain(`${PUBLIC_URL}/cart`);
  });

  it('says when an order ships (with the admin’s tracking note), arrives, and is refunded', async () => {
    const buyer = await shopper();
    const { orderId, number } = await paidCardOrder(buyer, 2_000_000);
    await send();
    smtp.received.length = 0;
    const shipped = await admin.json('PATCH', `/api/orders/${orderId}/status`, {
      status: 'fulfilled',
      note: 'GIG Logistics, waybill 88213',
    });
    expect(shipped.statusCode).toBe(200);
    await admin.json('PATCH', `/api/orders/${orderId}/status`, { status: 'delivered' });
    await admin.json('POST', `/api/orders/${orderId}/refunds`, { amount: 5000, reason: 'Stain on the hem' });
    await send();
    const mine = mailsTo(buyer.email);
    expect(mine.map((m) => m.subject)).toEqual([
      `Order ${number} is on its way`,
      `Order ${number} was delivered`,
      `Refund of ₦5,000.00 for order ${number}`,
    ]);
    expect(mine[0]!.text).toContain('GIG Logistics, waybill 88213');
    expect(mine[2]!.text).toContain('Stain on the hem');
  });

  it('tells the shop when a variant falls to the low-stock threshold, once', async () => {
    const product = await insertProduct(ctx.database.db, { title: 'Coral Bead Necklace', counter: 5 });
    const buyer = await shopper();
    // 5 → 4: above the threshold, nothing. 4 → 3: at it, a word. 3 → 2: already low, nothing.
    for (let i = 0; i < 3; i++) {
      const placed = await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] });
      expect(placed.statusCode).toBe(201);
    }
    await send();
    const alerts = mailsTo(adminEmail).filter((m) => m.subject.startsWith('Low stock'));
    expect(alerts.map((m) => m.subject)).toEqual(['Low stock: Coral Bead Necklace']);
  });

  it('tells a shopper whose unpaid order expired that the items went back, with the way back to the cart', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { counter: 3 });
    const placed = (await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] })).json();
    expect(await ctx.app.orders.expirePending(new Date(Date.now() + 31 * 60_000))).toBeGreaterThan(0);
    await send();
    const [expired] = mailsTo(buyer.email);
    expect(expired!.subject).toBe(`Order ${placed.number} was cancelled`);
    expect(expired!.text).toContain(`${PUBLIC_URL}/cart`);
  });

  it('alerts the shop to a payment that does not match its order, and to a card refund that failed', async () => {
    const buyer = await shopper();
    const product = await insertProduct(ctx.database.db, { price: 1_000_000, counter: 3 });
    const placed = (await buyer.json('POST', '/api/checkout', { lines: [{ productId: product.id, quantity: 1 }] })).json();
    await ctx.app.orders.settle(placed.reference, { status: 'success', amount: 100, currency: 'NGN', raw: null }, 'paystack');
    await send();
    const mismatch = mailsTo(adminEmail).find((m) => m.subject === `A payment did not check out on order ${placed.number}`);
    expect(mismatch!.text).toContain('A payment of ₦1.00 does not match the order total of ₦10,000.00');

    const paid = await paidCardOrder(await shopper());
    const { refund } = await ctx.app.orders.refund(paid.orderId, { reason: 'Faulty zip', restock: false, method: 'paystack' });
    await ctx.app.orders.settleRefund({ refundId: refund.id }, 'failed', 'The card was closed');
    await send();
    const failed = mailsTo(adminEmail).find((m) => m.subject === `A refund failed on order ${paid.number}`);
    expect(failed!.text).toContain('The card was closed');
  });

  it('queues nothing for a change that rolled back', async () => {
    await ctx.database.db
      .transaction(async (tx) => {
        await ctx.app.messages.notifier.welcome(tx, { email: 'ghost@example.com', firstName: 'Ghost' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await ctx.database.db.select().from(messages).where(eq(messages.to, 'ghost@example.com'))).toEqual([]);
    expect(await send()).toBe(0);
  });
});

describe('when the mail server is away', () => {
  it('tries again after 1, 5, 30 and 120 minutes, sends once it is back, and gives up after the fifth failure', async () => {
    await smtp.stop();
    try {
      await ctx.app.messages.notifier.welcome(ctx.database.db, { email: 'patient@example.com', firstName: 'Ada' });
      const t0 = new Date(Date.now() + 1000);
      await ctx.app.messages.worker.drain(t0);
      let [row] = await ctx.database.db.select().from(messages).where(eq(messages.to, 'patient@example.com'));
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.nextAttemptAt.getTime() - t0.getTime()).toBe(60_000);
      expect(row!.lastError).toBeTruthy();
      // Not before its time.
      expect(await ctx.app.messages.worker.drain(new Date(t0.getTime() + 59_000))).toBe(0);
      await smtp.start();
      await ctx.app.messages.worker.drain(new Date(t0.getTime() + 61_000));
      [row] = await ctx.database.db.select().from(messages).where(eq(messages.to, 'patient@example.com'));
      expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      expect(smtp.received.filter((m) => m.to === 'patient@example.com')).toHaveLength(1);
    } finally {
      await smtp.start();
    }

    await smtp.stop();
    try {
      await ctx.app.messages.notifier.welcome(ctx.database.db, { email: 'unlucky@example.com', firstName: 'Bo' });
      let at = Date.now();
      for (const wait of [0, 60_000, 5 * 60_000, 30 * 60_000, 120 * 60_000]) {
        at += wait + 1000;
        await ctx.app.messages.worker.drain(new Date(at));
      }
      const [row] = await ctx.database.db.select().from(messages).where(eq(messages.to, 'unlucky@example.com'));
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    } finally {
      await smtp.start();
    }
  });
});

describe('the Messages screen’s API', () => {
  it('lists messages by state and search, previews one without revealing a reset token, and sends a failed one again', async () => {
    const [failed] = await ctx.database.db.select().from(messages).where(eq(messages.to, 'unlucky@example.com'));
    const list = await admin.json('GET', '/api/messages?status=failed&search=unlucky');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toMatchObject([{ id: failed!.id, status: 'failed', attempts: 5, subject: 'Welcome to Adire' }]);

    const detail = (await admin.json('GET', `/api/messages/${failed!.id}`)).json();
    expect(detail.html).toContain('Bo');
    expect(detail.text).toBeTruthy();

    const again = await admin.json('POST', `/api/messages/${failed!.id}/resend`);
    expect(again.json()).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await admin.json('POST', `/api/messages/${failed!.id}/resend`)).statusCode).toBe(409);
    await send();
    expect(smtp.received.filter((m) => m.to === 'unlucky@example.com')).toHaveLength(1);

    // A reset link's token is sealed in the database and hidden in the preview.
    await ctx.app.messages.notifier.passwordReset(
      ctx.database.db,
      { email: 'reset@example.com', firstName: 'Cy' },
      'tok3n-in-the-link',
    );
    const [reset] = await ctx.database.db.select().from(messages).where(eq(messages.to, 'reset@example.com'));
    expect(JSON.stringify(reset!.props)).not.toContain('tok3n-in-the-link');
    const preview = (await admin.json('GET', `/api/messages/${reset!.id}`)).json();
    expect(preview.html).not.toContain('tok3n-in-the-link');
    await send();
    expect(mailsTo('reset@example.com')[0]!.text).toContain(`${PUBLIC_URL}/reset-password?token=tok3n-in-the-link`);
  });

  it("keeps an invitation link's token sealed too: hidden in the preview, working in the e-mail", async () => {
    await ctx.app.messages.notifier.staffInvitation(
      ctx.database.db,
      { email: 'invited@example.com', inviterName: 'Shop Admin', roleName: 'Cashier' },
      'inv1te-in-the-link',
    );
    const [invitation] = await ctx.database.db.select().from(messages).where(eq(messages.to, 'invited@example.com'));
    expect(invitation!.subject).toBe('Shop Admin invited you to the Adire team');
    expect(JSON.stringify(invitation!.props)).not.toContain('inv1te-in-the-link');
    const preview = (await admin.json('GET', `/api/messages/${invitation!.id}`)).json();
    expect(preview.html).not.toContain('inv1te-in-the-link');
    expect(preview.text).toContain(`${PUBLIC_URL}/accept-invitation?token=(hidden)`);
    await send();
    expect(mailsTo('invited@example.com')[0]!.text).toContain(`${PUBLIC_URL}/accept-invitation?token=inv1te-in-the-link`);
  });

  it('is for admins only, and answers 404 for an unknown message', async () => {
    const buyer = await shopper();
    expect((await buyer.json('GET', '/api/messages')).statusCode).toBe(403);
    expect((await client(ctx.app).json('GET', '/api/messages')).statusCode).toBe(401);
    expect((await admin.json('GET', '/api/messages/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin.json('POST', '/api/messages/nope/resend')).statusCode).toBe(404);
    expect((await admin.json('GET', '/api/messages?status=lost')).statusCode).toBe(400);
  });
});

describe('the embedded default', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    const local = await createTestApp();
    try {
      await local.app.messages.notifier.welcome(local.database.db, { email: 'eml@example.com', firstName: 'Eko' });
      expect(await local.app.messages.worker.drain()).toBe(1);
      const dir = path.join(local.app.config.dataDir, 'outbox');
      expect(existsSync(dir)).toBe(true);
      const [file] = readdirSync(dir);
      const eml = readFileSync(path.join(dir, file!), 'utf8');
      expect(eml).toContain('To: eml@example.com');
      expect(eml).toContain('Subject: Welcome to Adire');
    } finally {
      await local.close();
    }
  });
});

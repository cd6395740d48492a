/**
 * The price-drop alert (issue 31): one marketing message when a price or markdown makes a
 * wishlisted product 10 % or more cheaper than when saved (or than the last alert said), only
 * with the shopper's consent, at most one a week; time is moved, never waited for.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_DROP_INTERVAL_MS } from '@shop/shared';
import { messages } from '../db/schema/index.ts';
import { type Client, client } from '../../test/clients.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { sweepAppPriceDrops } from './index.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
});
afterAll(() => ctx.close());

async function shopper() {
  const account = await registerShopper(ctx.app);
  return { ...account, api: client(ctx.app, account.accessToken) };
}

/** A product on sale at ₦`naira`. */
const product = async (naira = 10_000) => (await insertProduct(ctx.app.db, { price: naira * 100 })).id;

describe('the price-drop alert', () => {
  const sweep = (now: Date) => sweepAppPriceDrops(ctx.app, now);
  const alertsTo = (email: string) =>
    ctx.app.db
      .select({ subject: messages.subject, props: messages.props, status: messages.status })
      .from(messages)
      .where(and(eq(messages.template, 'price-drop'), eq(messages.to, email)));
  const markDown = async (id: string, discountNaira: number) => {
    const res = await admin.json('PUT', `/api/products/${id}`, { discount: discountNaira });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('fires once at a drop of 10 % or more with consent, not again within the week, and measures the next drop from it', async () => {
    const { api, email } = await shopper();
    expect((await api.json('PUT', '/api/account/marketing', { consent: true })).statusCode).toBe(200);
    const id = await product(20_000);
    await api.json('POST', '/api/account/wishlist', { productId: id });
    const start = new Date();

    await markDown(id, 1_000); // 5 %: not enough
    expect(await sweep(start)).toBe(0);
    await markDown(id, 2_000); // 10 %
    expect(await sweep(start)).toBe(1);
    const [alert] = await alertsTo(email);
    expect(alert!.props).toMatchObject({ items: [{ productId: id, was: 20_000, now: 18_000 }] });
    // Swept again (another process, a minute later): nothing more.
    expect(await sweep(new Date(start.getTime() + 60_000))).toBe(0);

    // A further 10 % off the alert's ₦18,000 within the week waits for the week to end.
    await markDown(id, 3_800); // ₦16,200
    expect(await sweep(new Date(start.getTime() + PRICE_DROP_INTERVAL_MS - 60_000))).toBe(0);
    expect(await sweep(new Date(start.getTime() + PRICE_DROP_INTERVAL_MS + 60_000))).toBe(1);
    const sent = await alertsTo(email);
    expect(sent).toHaveLength(2);
    expect(sent.map((m) => m.props)).toContainEqual(
      expect.objectContaining({ items: [expect.objectContaining({ was: 18_000, now: 16_200 })] }),
    );

    // The outbox sends it (consent still given).
    await ctx.app.messages.worker.drain();
    expect((await alertsTo(email)).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('sends nothing without consent, and the drop is still there once consent is given', async () => {
    const { api, email } = await shopper();
    const id = await product(10_000);
    await api.json('POST', '/api/account/wishlist', { productId: id });
    await markDown(id, 5_000);
    expect(await sweep(new Date())).toBe(0);
    expect(await alertsTo(email)).toEqual([]);

    await api.json('PUT', '/api/account/marketing', { consent: true });
    expect(await sweep(new Date())).toBe(1);
    expect((await alertsTo(email))[0]!.props).toMatchObject({ items: [{ was: 10_000, now: 5_000 }] });
  });

  it('is marketing: dropped by the outbox when consent was withdrawn after it was queued', async () => {
    const { api, email } = await shopper();
    await api.json('PUT', '/api/account/marketing', { consent: true });
    const id = await product(10_000);
    await api.json('POST', '/api/account/wishlist', { productId: id });
    await markDown(id, 2_000);
    expect(await sweep(new Date())).toBe(1);
    await api.json('PUT', '/api/account/marketing', { consent: false });
    await ctx.app.messages.worker.drain();
    expect((await alertsTo(email)).map((m) => m.status)).toEqual(['dropped']);
  });

  it('puts every dropped product of a shopper in one message, and leaves out those that cannot be bought', async () => {
    const { api, email } = await shopper();
    await api.json('PUT', '/api/account/marketing', { consent: true });
    const [a, b, paused] = [await product(10_000), await product(30_000), await product(10_000)];
    for (const id of [a, b, paused]) await api.json('POST', '/api/account/wishlist', { productId: id });
    await markDown(a, 2_000);
    await markDown(b, 9_000);
    await markDown(paused, 5_000);
    expect((await admin.json('PUT', `/api/products/${paused}`, { availability: 'Out of Stock' })).statusCode).toBe(200);
    expect(await sweep(new Date())).toBe(1);
    const [alert] = await alertsTo(email);
    const items = (alert!.props as { items: { productId: string }[] }).items.map((i) => i.productId);
    expect(items.sort()).toEqual([a, b].sort());
    expect(alert!.subject).toContain('2 items');
  });
});

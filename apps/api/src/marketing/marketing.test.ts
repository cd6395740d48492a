/**
 * Marketing e-mail (issue 31) through a real SMTP server: consent recorded with its source,
 * no marketing mail without it, the one-click unsubscribe (RFC 8058) dropping a message already
 * queued, and back-in-stock alerts queued by the trigger on a variant's stock, whatever path
 * brings the stock back, once per request.
 */
import { and, eq, like } from 'drizzle-orm';
import { MARKETING_MESSAGES, MAX_OPEN_STOCK_ALERTS } from '@shop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketingConsents, marketingSuppressions, messages, productVariants } from '../db/schema/index.ts';
import { MARKETING_TEMPLATES, SUBJECTS } from '../messages/index.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { expectTooMany, uniqueIp } from '../../test/rate-limits.ts';
import { type SmtpStandin, startSmtpStandin } from '../../test/smtp-standin.ts';
import { type Client, client } from '../../test/clients.ts';
import { hasMarketingConsent, unsubscribeToken } from './index.ts';

const PUBLIC_URL = 'https://shop.example.ng';
const ALERT_RATE_LIMIT = 5;
let smtp: SmtpStandin;
let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  smtp = await startSmtpStandin();
  ctx = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, ALERT_RATE_LIMIT: String(ALERT_RATE_LIMIT) });
  admin = client(ctx.app, (await createAdmin(ctx)).accessToken);
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
const send = () => ctx.app.messages.worker.drain();
const mailsTo = (address: string) => smtp.received.filter((m) => m.to === address && !m.subject.startsWith('Welcome to'));
let guests = 0;
const guestEmail = () => `guest${++guests}-${Date.now()}@example.com`;

/** POST /api/alerts/stock from a client address of its own (the per-IP limit is the rate-limit test's). */
function askAlert(body: object, { token, ip = uniqueIp() }: { token?: string; ip?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/alerts/stock',
    payload: body,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A product with a sold-out size small (and an in-stock medium). */
async function soldOut() {
  const product = await insertProduct(db(), {
    title: `Adire Kaftan ${guests}`,
    variants: [
      { size: 'small', color: 'Indigo', counter: 0 },
      { size: 'medium', color: 'Indigo', counter: 4 },
    ],
  });
  const [twelve, fourteen] = await readVariants(db(), product.id);
  return { product, twelve: twelve!, fourteen: fourteen! };
}

const setStock = (variantId: string, counter: number) =>
  db().update(productVariants).set({ counter }).where(eq(productVariants.id, variantId));

const alertMessages = (to: string) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.to, to), like(messages.dedupeKey, 'back-in-stock:%')));

const consentRows = (email: string) => db().select().from(marketingConsents).where(eq(marketingConsents.email, email));

describe('consent', () => {
  it('is recorded with its source at registration, and only when the box is ticked', async () => {
    const ticked = await registerShopper(ctx.app, { marketingConsent: true });
    const unticked = await registerShopper(ctx.app);
    expect(await consentRows(ticked.email)).toMatchObject([
      { source: 'registration', userId: ticked.user.id, withdrawnAt: null },
    ]);
    expect(await consentRows(unticked.email)).toEqual([]);
    const me = (await client(ctx.app, ticked.accessToken).json('GET', '/api/account/marketing')).json();
    expect(me).toMatchObject({ consent: true, source: 'registration' });
    expect(new Date(me.grantedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await hasMarketingConsent(db(), ticked.user.id)).toBe(true);
    expect(await hasMarketingConsent(db(), ticked.email.toUpperCase())).toBe(true);
    expect(await hasMarketingConsent(db(), unticked.user.id)).toBe(false);
  });

  it('is recorded at checkout from the quote (source checkout); an unticked box records nothing', async () => {
    const { product } = await soldOut();
    const shopper = await registerShopper(ctx.app);
    const as = client(ctx.app, shopper.accessToken);
    const lines = [{ productId: product.id, size: 'medium', color: 'Indigo', quantity: 1 }];
    expect((await as.json('POST', '/api/checkout/quote', { lines, marketingConsent: false })).statusCode).toBe(200);
    expect(await consentRows(shopper.email)).toEqual([]);
    expect((await as.json('POST', '/api/checkout/quote', { lines, marketingConsent: true })).statusCode).toBe(200);
    expect(await consentRows(shopper.email)).toMatchObject([{ source: 'checkout', withdrawnAt: null }]);
    // Ticked again: the consent stays as first given.
    await as.json('POST', '/api/checkout/quote', { lines, marketingConsent: true });
    expect(await consentRows(shopper.email)).toHaveLength(1);
  });

  it('is given and withdrawn on /account (source account); the withdrawn row is kept with its time', async () => {
    const shopper = await registerShopper(ctx.app);
    const as = client(ctx.app, shopper.accessToken);
    expect((await as.json('GET', '/api/account/marketing')).json()).toEqual({ consent: false, grantedAt: null, source: null });
    expect((await as.json('PUT', '/api/account/marketing', { consent: true })).json()).toMatchObject({
      consent: true,
      source: 'account',
    });
    expect((await as.json('PUT', '/api/account/marketing', { consent: false })).json()).toMatchObject({ consent: false });
    const [row] = await consentRows(shopper.email);
    expect(row).toMatchObject({ source: 'account' });
    expect(row!.withdrawnAt).toBeInstanceOf(Date);
    expect(await hasMarketingConsent(db(), shopper.email)).toBe(false);
    expect((await as.json('PUT', '/api/account/marketing', { consent: 'yes' })).statusCode).toBe(400);
    expect((await client(ctx.app).json('GET', '/api/account/marketing')).statusCode).toBe(401);
    expect((await client(ctx.app).json('PUT', '/api/account/marketing', { consent: true })).statusCode).toBe(401);
  });

  it('lets no marketing message that needs consent go without it; order and account messages are unaffected', async () => {
    // The welcome stands in for a consent-based marketing message (price drops, reminders).
    MARKETING_TEMPLATES.welcome = 'consent';
    try {
      const without = await registerShopper(ctx.app);
      const withConsent = await registerShopper(ctx.app, { marketingConsent: true });
      await send();
      expect(smtp.received.filter((m) => m.to === without.email)).toEqual([]);
      const [dropped] = await db().select().from(messages).where(eq(messages.to, without.email));
      expect(dropped).toMatchObject({ status: 'dropped', lastError: 'No marketing consent, or unsubscribed' });
      const [sent] = smtp.received.filter((m) => m.to === withConsent.email);
      expect(sent!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    } finally {
      delete MARKETING_TEMPLATES.welcome;
    }
    const plain = await registerShopper(ctx.app);
    await send();
    const [welcome] = smtp.received.filter((m) => m.to === plain.email);
    expect(welcome!.subject).toMatch(/^Welcome to/);
    expect(welcome!.headers['list-unsubscribe']).toBeUndefined();
  });
});

describe('back-in-stock alerts', () => {
  it('fires once at 0 → 3, not at the next 0 → 2, and again at a later restock only when asked again', async () => {
    const { product, twelve } = await soldOut();
    const email = guestEmail();
    const asked = await askAlert({ variantId: twelve.id, email: email.toUpperCase() });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ variantId: twelve.id, email });
    // The alert is consent to its one message, not to the rest.
    expect(await hasMarketingConsent(db(), email)).toBe(false);

    await setStock(twelve.id, 3);
    expect(await alertMessages(email)).toHaveLength(1);
    await send();
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe(`Back in stock: ${product.title} (small / Indigo)`);
    const [stored] = await alertMessages(email);
    expect(stored!.subject).toBe(SUBJECTS['back-in-stock'](stored!.props as never, { name: '' }));
    expect(mail!.text).toContain(`${PUBLIC_URL}/productdetails/${product.id}?variant=${twelve.id}`);
    const token = unsubscribeToken(ctx.app.config.jwtSecret, email);
    expect(mail!.headers['list-unsubscribe']).toBe(
      `<${PUBLIC_URL}/api/marketing/unsubscribe?token=${encodeURIComponent(token)}>`,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(`${PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`);

    await setStock(twelve.id, 0);
    await setStock(twelve.id, 2);
    await send();
    expect(await alertMessages(email)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);

    await setStock(twelve.id, 0);
    expect((await askAlert({ variantId: twelve.id, email })).statusCode).toBe(201);
    await setStock(twelve.id, 5);
    await send();
    expect(mailsTo(email)).toHaveLength(2);
  });

  it("fires on an admin's stock edit, and on a cancelled order giving its unit back", async () => {
    const { product, twelve, fourteen } = await soldOut();
    const viaEdit = guestEmail();
    await askAlert({ variantId: twelve.id, email: viaEdit });
    const detail = (await admin.json('GET', `/api/products/${product.id}`)).json();
    const variants = detail.variants.map((v: Record<string, unknown>) => ({
      id: v.id,
      sku: v.sku,
      size: v.size,
      color: v.color,
      price: v.priceOverride,
      discount: v.discountOverride,
      counter: v.id === twelve.id ? 6 : v.counter,
      stockVersion: v.stockVersion,
    }));
    const edited = await admin.json('PUT', `/api/products/${product.id}/variants`, { variants });
    expect(edited.statusCode, edited.body).toBe(200);
    await send();
    expect(mailsTo(viaEdit)).toHaveLength(1);

    // A buyer takes the last medium; a guest waits for it; the unpaid order is cancelled.
    await setStock(fourteen.id, 1);
    const buyer = await registerShopper(ctx.app);
    const as = client(ctx.app, buyer.accessToken);
    const placed = await as.json('POST', '/api/checkout', {
      lines: [{ productId: product.id, size: 'medium', color: 'Indigo', quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const viaCancel = guestEmail();
    expect((await askAlert({ variantId: fourteen.id, email: viaCancel })).statusCode).toBe(201);
    expect((await as.json('POST', `/api/orders/${placed.json().orderId}/cancel`)).statusCode).toBe(200);
    await send();
    expect(mailsTo(viaCancel)).toHaveLength(1);
  });

  it('fires on a catalogue import, and on an unpaid order that expired', async () => {
    const { product, twelve, fourteen } = await soldOut();
    const viaImport = guestEmail();
    await askAlert({ variantId: twelve.id, email: viaImport });
    const csv = ['sku,stock,stock_version', `${twelve.sku},4,${twelve.stockVersion}`].join('\n');
    const imported = await admin.form('POST', '/api/products/import', [
      ['file', { file: Buffer.from(csv), name: 'catalogue.csv', type: 'text/csv' }],
    ]);
    expect(imported.json(), imported.body).toMatchObject({ updated: 1, applied: true });
    await send();
    expect(mailsTo(viaImport)).toHaveLength(1);

    await setStock(fourteen.id, 1);
    const buyer = client(ctx.app, (await registerShopper(ctx.app)).accessToken);
    const lines = [{ productId: product.id, size: 'medium', color: 'Indigo', quantity: 1 }];
    expect((await buyer.json('POST', '/api/checkout', { lines })).statusCode).toBe(201);
    const viaExpiry = guestEmail();
    await askAlert({ variantId: fourteen.id, email: viaExpiry });
    expect(await ctx.app.orders.expirePending(new Date(Date.now() + 30 * 24 * 3_600_000))).toBeGreaterThan(0);
    await send();
    expect(mailsTo(viaExpiry)).toHaveLength(1);
  });

  it("uses a signed-in shopper's own address, and the form's box adds consent to the rest (source alert)", async () => {
    const { twelve } = await soldOut();
    const shopper = await registerShopper(ctx.app);
    const res = await askAlert(
      { variantId: twelve.id, email: 'someone-else@example.com', marketingConsent: true },
      { token: shopper.accessToken },
    );
    expect(res.json()).toMatchObject({ email: shopper.email });
    expect(await consentRows(shopper.email)).toMatchObject([{ source: 'alert', userId: shopper.user.id }]);
    // Asking again for the same open alert changes nothing.
    expect((await askAlert({ variantId: twelve.id }, { token: shopper.accessToken })).statusCode).toBe(201);
    const waiting = await admin.json('GET', `/api/admin/products/${twelve.productId}/stock-alerts`);
    expect(waiting.json()).toEqual({ waiting: { [twelve.id]: 1 } });
  });

  it('refuses a guest without an address, an unknown variant and one in stock', async () => {
    const { twelve, fourteen } = await soldOut();
    const noEmail = await askAlert({ variantId: twelve.id });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().msg).toBe(MARKETING_MESSAGES.emailRequired);
    expect((await askAlert({ variantId: twelve.id, email: 'not an address' })).statusCode).toBe(400);
    const unknown = await askAlert({ variantId: '00000000-0000-4000-8000-000000000000', email: guestEmail() });
    expect(unknown.statusCode).toBe(404);
    const inStock = await askAlert({ variantId: fourteen.id, email: guestEmail() });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().msg).toBe(MARKETING_MESSAGES.inStock);
  });

  it(`keeps at most ${MAX_OPEN_STOCK_ALERTS} open alerts per address`, async () => {
    const sizes = Array.from({ length: MAX_OPEN_STOCK_ALERTS + 1 }, (_, i) => ({ size: String(30 + i), counter: 0 }));
    const product = await insertProduct(db(), { variants: sizes });
    const variants = await readVariants(db(), product.id);
    const email = guestEmail();
    for (const v of variants.slice(0, MAX_OPEN_STOCK_ALERTS)) {
      expect((await askAlert({ variantId: v.id, email })).statusCode).toBe(201);
    }
    const over = await askAlert({ variantId: variants.at(-1)!.id, email });
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toBe(MARKETING_MESSAGES.tooManyAlerts);
    // One that arrives frees a place.
    await setStock(variants[0]!.id, 1);
    expect((await askAlert({ variantId: variants.at(-1)!.id, email })).statusCode).toBe(201);
    const waiting = (await admin.json('GET', `/api/admin/products/${product.id}/stock-alerts`)).json().waiting;
    expect(Object.keys(waiting)).toHaveLength(MAX_OPEN_STOCK_ALERTS);
  });

  it(`is limited to ALERT_RATE_LIMIT (${ALERT_RATE_LIMIT}) an hour per client IP`, async () => {
    const { twelve } = await soldOut();
    const ip = uniqueIp();
    for (let i = 0; i < ALERT_RATE_LIMIT; i++) {
      expect((await askAlert({ variantId: twelve.id, email: guestEmail() }, { ip })).statusCode).toBe(201);
    }
    expectTooMany(await askAlert({ variantId: twelve.id, email: guestEmail() }, { ip }));
    expect((await askAlert({ variantId: twelve.id, email: guestEmail() })).statusCode).toBe(201);
  });

  it('shows the waiting count only to staff who see the catalogue', async () => {
    const { product } = await soldOut();
    const url = `/api/admin/products/${product.id}/stock-alerts`;
    expect((await client(ctx.app).json('GET', url)).statusCode).toBe(401);
    expect((await client(ctx.app, (await registerShopper(ctx.app)).accessToken).json('GET', url)).statusCode).toBe(403);
    expect((await admin.json('GET', url)).json()).toEqual({ waiting: {} });
    expect((await admin.json('GET', '/api/admin/products/not-a-uuid/stock-alerts')).statusCode).toBe(400);
  });
});

describe('unsubscribe', () => {
  const unsubscribeUrl = (email: string) =>
    `/api/marketing/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx.app.config.jwtSecret, email))}`;

  it('takes the one-click POST (form-encoded) and drops a message already queued, then cancels open alerts', async () => {
    const { twelve, fourteen } = await soldOut();
    const email = guestEmail();
    await askAlert({ variantId: twelve.id, email });
    await setStock(fourteen.id, 0);
    await askAlert({ variantId: fourteen.id, email });
    await setStock(twelve.id, 3);
    expect(await alertMessages(email)).toMatchObject([{ status: 'queued' }]);

    const res = await ctx.app.inject({
      method: 'POST',
      url: unsubscribeUrl(email),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email, unsubscribed: true });
    await send();
    expect(mailsTo(email)).toEqual([]);
    expect(await alertMessages(email)).toMatchObject([{ status: 'dropped', lastError: 'Unsubscribed after asking' }]);
    // Its other alert was cancelled: its restock sends nothing.
    await setStock(fourteen.id, 2);
    await send();
    expect(await alertMessages(email)).toHaveLength(1);
    // Asking again after unsubscribing is a new request: its message goes.
    await setStock(twelve.id, 0);
    await askAlert({ variantId: twelve.id, email });
    await setStock(twelve.id, 1);
    await send();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('takes JSON {token} from the page, and withdraws consent', async () => {
    const shopper = await registerShopper(ctx.app, { marketingConsent: true });
    const token = unsubscribeToken(ctx.app.config.jwtSecret, shopper.email);
    const res = await client(ctx.app).json('POST', '/api/marketing/unsubscribe', { token });
    expect(res.statusCode).toBe(200);
    expect(await hasMarketingConsent(db(), shopper.email)).toBe(false);
    expect((await consentRows(shopper.email))[0]!.withdrawnAt).toBeInstanceOf(Date);
    // Ticking the box again afterwards is a new consent, after the unsubscribe.
    await client(ctx.app, shopper.accessToken).json('PUT', '/api/account/marketing', { consent: true });
    expect(await hasMarketingConsent(db(), shopper.email)).toBe(true);
  });

  it('never unsubscribes on a GET (mail scanners follow links)', async () => {
    const email = guestEmail();
    const res = await ctx.app.inject({ method: 'GET', url: unsubscribeUrl(email) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await db().select().from(marketingSuppressions).where(eq(marketingSuppressions.email, email))).toEqual([]);
  });

  it('refuses a missing, changed or foreign token with 400', async () => {
    const email = guestEmail();
    const token = unsubscribeToken(ctx.app.config.jwtSecret, email);
    const post = (payload: object | undefined, query = '') =>
      ctx.app.inject({ method: 'POST', url: `/api/marketing/unsubscribe${query}`, ...(payload && { payload }) });
    for (const res of [
      await post({}),
      await post(undefined),
      await post({ token: `${token}x` }),
      await post({ token: unsubscribeToken('another shop secret that is long enough', email) }),
      await post({ token: 'not-a-token' }),
      await post(undefined, '?token=abc.def'),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MARKETING_MESSAGES.badToken);
    }
    expect(await db().select().from(marketingSuppressions).where(eq(marketingSuppressions.email, email))).toEqual([]);
  });
});

/**
 * A shopper's own pages and the checkout form without JavaScript (issue 32, decision 0033),
 * through HTTP. The pages are rendered by a stand-in for the web app's renderer that shows what
 * it read from the API (as the shopper whose session cookie was sent) and the CSRF token it was
 * given; the real pages are tested in the web app and in e2e/storefront/no-javascript.spec.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../../test/clients.ts';
import { insertProduct, readProduct, readVariants } from '../../test/fixtures.ts';
import { createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { uniqueIp } from '../../test/rate-limits.ts';
import { writeWebBuild } from '../../test/web-build.ts';
import { MESSAGES_ORDER } from '@shop/shared';
import { EMPTY_CART, SIGN_IN_TO_CHECK_OUT } from './checkout-form.ts';
import { SESSION_COOKIE } from './index.ts';
import { PASSWORDS_MUST_MATCH } from './register-form.ts';

type Send = typeof fetch;
interface StandIn {
  render(url: string, send: Send, options: { own?: { csrf: string } }): Promise<unknown>;
}
const standIn = globalThis as unknown as { __ownPages: StandIn };

/** What a page reads: the cart, her orders, one order; the page shows the answer's status and body. */
const READS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^\/cart$/, () => '/api/cart'],
  [/^\/orders$/, () => '/api/orders/mine'],
  [/^\/orders\/([^/?]+)$/, (m) => `/api/orders/${m[1]}`],
];

standIn.__ownPages = {
  async render(url, send, { own }) {
    const pathname = url.split('?')[0]!;
    let shown = '';
    let status = 200;
    for (const [pattern, api] of READS) {
      const match = pattern.exec(pathname);
      if (!match) continue;
      const res = await send(`http://localhost${api(match)}`, { headers: { accept: 'application/json' } });
      if (res.status === 404) status = 404;
      shown = `<pre data-status="${res.status}">${(await res.text()).replace(/</g, '&lt;')}</pre>`;
    }
    return {
      html: `<form method="post"><input type="hidden" name="_csrf" value="${own?.csrf ?? ''}"></form>${shown}`,
      data: '{"never":"sent"}',
      title: 'Own page',
      status,
    };
  },
};

const RENDERER = `
let send;
export const SERVER_DATA_ID = 'ssr-data';
export function setTransport(fn) { send = fn; }
export function render(url, options) { return globalThis.__ownPages.render(url, send, options); }
`;

const BANK = { bankName: 'Zenith Bank', bankAccountName: 'Adire Stores Ltd', bankAccountNumber: '1012345678' };
const ADDRESS = { name: 'Ada Obi', phone: '08031234567', address: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos Mainland' };

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  const webDist = writeWebBuild(mkdtempSync(path.join(tmpdir(), 'web-')), RENDERER);
  ctx = await createTestApp({ WEB_DIST: webDist });
  const created = await createAdmin(ctx);
  admin = client(ctx.app, created.accessToken);
  const zone = {
    name: 'Lagos Mainland',
    states: ['Lagos Mainland'],
    methods: [{ name: 'Standard delivery', kind: 'flat', fee: 2500, etaDays: 2, payOnDelivery: true }],
  };
  expect((await admin.json('POST', '/api/delivery/zones', zone)).statusCode).toBe(201);
  expect((await admin.json('PUT', '/api/settings', { ...BANK, currentPassword: created.password })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;

/** A shopper signed in through the form session, with a product of `counter` in her server cart. */
async function shopperWithCart({ quantity = 2, counter = 5, phone = '08031234567' } = {}) {
  const shopper = await registerShopper(ctx.app, { phone });
  const product = await insertProduct(ctx.app.db, { price: 500_000, counter });
  const [variant] = await readVariants(ctx.app.db, product.id);
  const session = `${SESSION_COOKIE}=${shopper.accessToken}`;
  const added = await form('/cart/add', { variantId: variant!.id, quantity: String(quantity) }, session);
  expect(added.statusCode).toBe(303);
  return { shopper, product, variant: variant!, session, api: client(ctx.app, shopper.accessToken) };
}

const page = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: uniqueIp() });

const form = (url: string, fields: Record<string, string>, cookie: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: uniqueIp(),
  });

/** The /checkout page as she gets it: its form's token, and the CSRF secret cookie it came with. */
async function checkoutPage(session: string) {
  const res = await page('/checkout', session);
  expect(res.statusCode).toBe(200);
  const token = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1];
  expect(token).toBeTruthy();
  return { token: token!, cookie: `${session}; _csrf=${cookieOf(res, '_csrf')}` };
}

const cartLines = async (api: Client) =>
  ((await api.json('GET', '/api/cart')).json() as { lines: { variantId: string; quantity: number }[] }).lines.map((l) => [
    l.variantId,
    l.quantity,
  ]);
const myOrders = async (api: Client) => (await api.json('GET', '/api/orders/mine')).json() as { id: string }[];

describe("a shopper's own pages", () => {
  it('are rendered for her alone: her cart and orders read with her session, a CSRF token in the form, never cached', async () => {
    const { variant, session } = await shopperWithCart();
    // (/signin and /register send her on: below.)
    for (const url of ['/cart', '/checkout', '/orders']) {
      const res = await page(url, session);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toMatch(/name="_csrf" value="[^"]+"/);
      expect(cookieOf(res, '_csrf')).toBeTruthy();
      // The app renders the page afresh in the browser: no server data to hydrate from.
      expect(res.body).not.toContain('ssr-data');
    }
    expect((await page('/cart', session)).body).toContain(variant.id);
    // Without her session: an anonymous cart (none), and My orders refused by the API.
    expect((await page('/cart')).body).toContain('&quot;lines&quot;:[]'.replace(/&quot;/g, '"'));
    expect((await page('/orders')).body).toContain('data-status="401"');
  });

  it("answers another shopper's order with the page's Not Found (404), showing nothing of it", async () => {
    const owner = await shopperWithCart();
    const { token, cookie } = await checkoutPage(owner.session);
    const placed = await form('/checkout', { ...ADDRESS, paymentMethod: 'transfer', _csrf: token }, cookie);
    const orderPath = placed.headers.location as string;
    expect((await page(orderPath, owner.session)).statusCode).toBe(200);

    const other = await registerShopper(ctx.app);
    const res = await page(orderPath, `${SESSION_COOKIE}=${other.accessToken}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(owner.shopper.email);
    expect((await page(orderPath)).body).toContain('data-status="401"');
  });
});

describe('/signin and /register with a form session', () => {
  it('send a shopper already signed in on to where she was going, her orders unless told; the pages stay for everyone else', async () => {
    const shopper = await registerShopper(ctx.app);
    const session = `${SESSION_COOKIE}=${shopper.accessToken}`;
    for (const url of ['/signin', '/register']) {
      const signedIn = await page(url, session);
      expect(signedIn.statusCode, url).toBe(303);
      expect(signedIn.headers.location, url).toBe('/orders');
      expect((await page(`${url}?back=/checkout`, session)).headers.location, url).toBe('/checkout');
      // Only a path of this site.
      expect((await page(`${url}?back=//evil.example/x`, session)).headers.location, url).toBe('/orders');

      for (const cookie of [undefined, `${SESSION_COOKIE}=not-a-token`]) {
        const signedOut = await page(`${url}?back=%2Fcheckout`, cookie);
        expect(signedOut.statusCode, `${url} ${cookie}`).toBe(200);
        expect(signedOut.headers['cache-control']).toBe('private, no-store');
        expect(signedOut.body).toMatch(/name="_csrf" value="[^"]+"/);
      }
    }
    // Signed out everywhere: the old cookie no longer counts.
    expect((await client(ctx.app, shopper.accessToken).json('POST', '/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await page('/signin', session)).statusCode).toBe(200);
  });
});

describe('POST /checkout (the checkout form, no JavaScript)', () => {
  it('makes the order from her server cart with a bank transfer: stock held, cart emptied, 303 to the order with the account to pay', async () => {
    const { product, session, api } = await shopperWithCart({ quantity: 2, counter: 5 });
    const { token, cookie } = await checkoutPage(session);
    const res = await form('/checkout', { ...ADDRESS, paymentMethod: 'transfer', _csrf: token }, cookie);
    expect(res.statusCode, res.body).toBe(303);
    const [order] = await myOrders(api);
    expect(res.headers.location).toBe(`/orders/${order!.id}`);
    const view = (await api.json('GET', `/api/orders/${order!.id}`)).json();
    expect(view).toMatchObject({
      status: 'pending',
      paymentMethod: 'transfer',
      name: ADDRESS.name,
      address: ADDRESS.address,
      city: ADDRESS.city,
      transfer: { bankName: BANK.bankName, accountNumber: BANK.bankAccountNumber, reference: view.number },
    });
    expect(view.lines).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);
    // The delivery is priced as the API's checkout prices it: 2 × ₦5,000 and ₦2,500 to Lagos Mainland.
    expect(view.total).toBe(12_500);
    expect((await readProduct(ctx.app.db, product.id)).counter).toBe(3);
    expect(await cartLines(api)).toEqual([]);
    // Her order's page, rendered for her, reads it.
    const orderPage = await page(res.headers.location as string, session);
    expect(orderPage.body).toContain(view.number);
  });

  it('places a pay-on-delivery order, confirmed for the shop to call', async () => {
    const { session, api } = await shopperWithCart({ quantity: 1 });
    const { token, cookie } = await checkoutPage(session);
    const res = await form('/checkout', { ...ADDRESS, paymentMethod: 'pod', _csrf: token }, cookie);
    expect(res.statusCode, res.body).toBe(303);
    const [order] = await myOrders(api);
    expect((await api.json('GET', `/api/orders/${order!.id}`)).json()).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'pod',
    });
  });

  it('refuses without her session (401), without a CSRF token (403) or from another site (403), changing nothing', async () => {
    const { product, session, api } = await shopperWithCart({ quantity: 2, counter: 5 });
    const { token, cookie } = await checkoutPage(session);
    const fields = { ...ADDRESS, paymentMethod: 'transfer' };

    const signedOut = await form('/checkout', { ...fields, _csrf: token }, cookie.replace(session, ''));
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain(SIGN_IN_TO_CHECK_OUT);
    expect(signedOut.body).toContain('href="/signin?back=%2Fcheckout"');

    const noToken = await form('/checkout', fields, cookie);
    expect(noToken.statusCode).toBe(403);
    const noSecret = await form('/checkout', { ...fields, _csrf: token }, session);
    expect(noSecret.statusCode).toBe(403);
    const forged = await form('/checkout', { ...fields, _csrf: token }, cookie, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);

    expect(await myOrders(api)).toEqual([]);
    expect((await readProduct(ctx.app.db, product.id)).counter).toBe(5);
    expect(await cartLines(api)).toHaveLength(1);
  });

  it('refuses bad input with a page saying why and a link back, changing nothing', async () => {
    const { product, session, api } = await shopperWithCart({ quantity: 2, counter: 5 });
    const { token, cookie } = await checkoutPage(session);
    const cases: [Record<string, string>, number, string][] = [
      [{ ...ADDRESS, paymentMethod: 'paystack' }, 400, MESSAGES_ORDER.cardNeedsJavaScript],
      [{ ...ADDRESS }, 400, MESSAGES_ORDER.choosePayment],
      [{ ...ADDRESS, state: 'Atlantis', paymentMethod: 'transfer' }, 400, 'Choose the state to deliver to'],
      [{ ...ADDRESS, address: ' ', paymentMethod: 'transfer' }, 400, 'Enter the street address to deliver to'],
      [{ ...ADDRESS, phone: '', paymentMethod: 'pod' }, 400, 'Enter a phone number for the delivery'],
    ];
    for (const [fields, status, message] of cases) {
      const res = await form('/checkout', { ...fields, _csrf: token }, cookie);
      expect(res.statusCode, message).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain(message.replace(/'/g, '&#39;'));
      expect(res.body).toContain('href="/checkout"');
    }
    expect(await myOrders(api)).toEqual([]);
    expect((await readProduct(ctx.app.db, product.id)).counter).toBe(5);
    expect(await cartLines(api)).toHaveLength(1);
  });

  it("refuses what the API's checkout refuses (more than is in stock, an empty cart) with its message, changing nothing", async () => {
    const { product, session, api } = await shopperWithCart({ quantity: 4, counter: 3 });
    const { token, cookie } = await checkoutPage(session);
    const res = await form('/checkout', { ...ADDRESS, paymentMethod: 'transfer', _csrf: token }, cookie);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const same = await api.json('POST', '/api/checkout', {
      ...ADDRESS,
      paymentMethod: 'transfer',
      lines: [{ productId: product.id, quantity: 4 }],
    });
    expect(res.statusCode).toBe(same.statusCode);
    expect(res.body).toContain(same.json().msg.replace(/'/g, '&#39;'));
    expect(await myOrders(api)).toEqual([]);
    expect((await readProduct(ctx.app.db, product.id)).counter).toBe(3);
    expect(await cartLines(api)).toHaveLength(1);

    const empty = await registerShopper(ctx.app);
    const emptySession = `${SESSION_COOKIE}=${empty.accessToken}`;
    const fresh = await checkoutPage(emptySession);
    const none = await form('/checkout', { ...ADDRESS, paymentMethod: 'transfer', _csrf: fresh.token }, fresh.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(EMPTY_CART);
  });
});

describe('POST /register (the register form, no JavaScript)', () => {
  const fields = () => {
    const email = `form-${Math.random().toString(36).slice(2, 10)}@example.com`;
    return { firstName: 'Ada', lastName: 'Obi', email, password: 'correct-horse-9', confirmPassword: 'correct-horse-9' };
  };
  const signsIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: uniqueIp() });

  async function registerPage() {
    const res = await page('/register');
    const token = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1];
    expect(token).toBeTruthy();
    return { token: token!, cookie: `_csrf=${cookieOf(res, '_csrf')}` };
  }

  it("makes the account with the API's rules, signs her in with a form session and answers 303 to back", async () => {
    const { token, cookie } = await registerPage();
    const account = fields();
    const res = await form('/register', { ...account, marketingConsent: 'on', back: '/checkout', _csrf: token }, cookie);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/checkout');
    const session = cookieOf(res, SESSION_COOKIE)!;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session}` } });
    expect(me.json().user).toMatchObject({ email: account.email, fname: 'Ada' });
    expect((await signsIn(account.email, account.password)).statusCode).toBe(200);
  });

  it('refuses differing passwords, bad fields, a taken address and a form without its token, making no account', async () => {
    const { token, cookie } = await registerPage();
    const taken = fields();
    expect((await form('/register', { ...taken, _csrf: token }, cookie)).statusCode).toBe(303);
    const cases: [Record<string, string>, number, string][] = [
      [{ ...fields(), confirmPassword: 'something-else' }, 400, PASSWORDS_MUST_MATCH],
      [{ ...fields(), password: 'short', confirmPassword: 'short' }, 400, 'Password must be at least 8 characters'],
      [{ ...fields(), email: 'not-an-address' }, 400, 'Enter a valid email address'],
      [{ ...fields(), email: taken.email }, 409, 'An account with this email already exists'],
    ];
    for (const [account, status, message] of cases) {
      const res = await form('/register', { ...account, _csrf: token }, cookie);
      expect(res.statusCode, message).toBe(status);
      expect(res.body).toContain(message);
      expect(res.body).toContain('href="/register"');
      expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    }
    const account = fields();
    expect((await form('/register', account, cookie)).statusCode).toBe(403);
    expect((await signsIn(account.email, account.password)).statusCode).toBe(401);
  });
});

describe("POST /orders/:id/cancel (the order page's form, no JavaScript)", () => {
  /** A transfer order placed with the checkout form, and the order page's form token. */
  async function placed() {
    const buyer = await shopperWithCart({ quantity: 2, counter: 5 });
    const checkout = await checkoutPage(buyer.session);
    const res = await form('/checkout', { ...ADDRESS, paymentMethod: 'transfer', _csrf: checkout.token }, checkout.cookie);
    const orderPath = res.headers.location as string;
    const orderPage = await page(orderPath, buyer.session);
    const token = /name="_csrf" value="([^"]+)"/.exec(orderPage.body)![1]!;
    return { ...buyer, orderPath, token, cookie: `${buyer.session}; _csrf=${cookieOf(orderPage, '_csrf')}` };
  }
  const status = async (api: Client, orderPath: string) =>
    (await api.json('GET', `/api/${orderPath.slice(1)}`)).json().status as string;

  it('cancels her unpaid order, its goods back on sale, and sends her back to it', async () => {
    const { api, product, orderPath, token, cookie } = await placed();
    expect((await readProduct(ctx.app.db, product.id)).counter).toBe(3);
    const res = await form(`${orderPath}/cancel`, { _csrf: token }, cookie);
    expect([res.statusCode, res.headers.location]).toEqual([303, orderPath]);
    expect(await status(api, orderPath)).toBe('cancelled');
    expect((await readProduct(ctx.app.db, product.id)).counter).toBe(5);
    const again = await form(`${orderPath}/cancel`, { _csrf: token }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(MESSAGES_ORDER.notCancellable);
  });

  it("refuses another shopper's order (404), no session (401), no token or another site (403), changing nothing", async () => {
    const { api, orderPath, token, cookie, session } = await placed();
    const other = await registerShopper(ctx.app);
    const theirs = await form(
      `${orderPath}/cancel`,
      { _csrf: token },
      cookie.replace(session, `${SESSION_COOKIE}=${other.accessToken}`),
    );
    expect(theirs.statusCode).toBe(404);
    expect((await form(`${orderPath}/cancel`, { _csrf: token }, cookie.replace(session, ''))).statusCode).toBe(401);
    expect((await form(`${orderPath}/cancel`, {}, cookie)).statusCode).toBe(403);
    expect((await form(`${orderPath}/cancel`, { _csrf: token }, cookie, { origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await form('/orders/not-an-id/cancel', { _csrf: token }, cookie)).statusCode).toBe(404);
    expect(await status(api, orderPath)).toBe('pending');
  });
});

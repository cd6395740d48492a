/**
 * The server cart through HTTP (issue 32): the cookie's cart (made on the first write only,
 * its attributes), an account's cart, the merge at sign-in, lines of a paused product, and
 * every route's 4xx (nothing changed).
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '@shop/shared';
import { carts, products } from '../db/schema/index.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A browser: keeps the `cart` cookie it is given; signed in when `token` is set. */
function browser(token?: string) {
  let cookie: string | undefined;
  const b = {
    token,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    async send(method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> {
      const headers: InjectOptions['headers'] = {
        ...(b.token ? bearer(b.token) : {}),
        ...(cookie && { cookie: `cart=${cookie}` }),
      };
      const res = await ctx.app.inject({ method, url, headers, ...(payload && { payload }) });
      const set = res.cookies.find((c) => c.name === 'cart');
      if (set) cookie = set.value && (set.maxAge ?? 1) > 0 ? set.value : undefined;
      return res;
    },
  };
  return b;
}

/** A variant on sale at ₦`naira` with `stock` units. */
async function variant(naira = 5_000, stock = 10) {
  const product = await insertProduct(ctx.app.db, { price: naira * 100, counter: stock });
  const [v] = await readVariants(ctx.app.db, product.id);
  return { productId: product.id, variantId: v!.id };
}

const lines = (res: LightMyRequestResponse) =>
  res.json().lines.map((l: { variantId: string; quantity: number }) => [l.variantId, l.quantity]);

describe('/api/cart, anonymous (the cookie)', () => {
  it('reads an empty cart without setting a cookie, and sets it on the first write', async () => {
    const b = browser();
    const empty = await b.send('GET', '/api/cart');
    expect([empty.statusCode, empty.json()]).toEqual([200, { lines: [], count: 0, subtotal: 0 }]);
    expect(empty.headers['set-cookie']).toBeUndefined();
    expect(empty.headers['cache-control']).toBe('private, no-store');

    const { variantId, productId } = await variant(5_000, 10);
    const added = await b.send('POST', '/api/cart/lines', { variantId, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const cookie = added.cookies.find((c) => c.name === 'cart')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 90 * 24 * 60 * 60 });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(added.json()).toEqual({
      lines: [
        {
          variantId,
          productId,
          title: expect.any(String),
          size: '',
          color: expect.any(String),
          price: 500_000,
          image: null,
          stock: 10,
          quantity: 2,
          available: true,
        },
      ],
      count: 2,
      subtotal: 1_000_000,
    });

    // The same line again grows; the cookie is not set again.
    const again = await b.send('POST', '/api/cart/lines', { variantId, quantity: 3 });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(lines(again)).toEqual([[variantId, 5]]);
    expect((await b.send('GET', '/api/cart')).json().count).toBe(5);

    const set = await b.send('PATCH', `/api/cart/lines/${variantId}`, { quantity: 7 });
    expect([set.statusCode, lines(set)]).toEqual([200, [[variantId, 7]]]);
    const removed = await b.send('DELETE', `/api/cart/lines/${variantId}`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { lines: [], count: 0, subtotal: 0 }]);
    // Gone already: unchanged, still 200.
    expect((await b.send('DELETE', `/api/cart/lines/${variantId}`)).statusCode).toBe(200);
  });

  it('keeps each cookie its own cart, and ignores a forged or unknown cookie', async () => {
    const [a, b] = [browser(), browser()];
    const v = await variant();
    await a.send('POST', '/api/cart/lines', { variantId: v.variantId, quantity: 1 });
    expect((await b.send('GET', '/api/cart')).json().count).toBe(0);
    b.cookie = 'not a cart';
    expect((await b.send('GET', '/api/cart')).json().count).toBe(0);
    b.cookie = 'AAAAAAAAAAAAAAAAAAAAAAAA';
    expect((await b.send('GET', '/api/cart')).json().count).toBe(0);
    const made = await b.send('POST', '/api/cart/lines', { variantId: v.variantId, quantity: 1 });
    expect(b.cookie).not.toBe('AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(made.json().count).toBe(1);
    expect((await a.send('GET', '/api/cart')).json().count).toBe(1);
  });

  it('refuses bad input with a clear message, changing nothing', async () => {
    const b = browser();
    const v = await variant();
    const cases: [Method, string, object | undefined, number][] = [
      ['POST', '/api/cart/lines', { variantId: v.variantId, quantity: 0 }, 400],
      ['POST', '/api/cart/lines', { variantId: v.variantId, quantity: 100 }, 400],
      ['POST', '/api/cart/lines', { variantId: v.variantId, quantity: 1.5 }, 400],
      ['POST', '/api/cart/lines', { variantId: v.variantId }, 400],
      ['POST', '/api/cart/lines', { quantity: 1 }, 400],
      ['POST', '/api/cart/lines', { variantId: MISSING, quantity: 1 }, 404],
      ['POST', '/api/cart/lines', { variantId: 'not-a-uuid', quantity: 1 }, 404],
      ['PATCH', `/api/cart/lines/${v.variantId}`, { quantity: 1 }, 404],
    ];
    for (const [method, url, payload, status] of cases) {
      const res = await b.send(method, url, payload);
      expect([res.statusCode, typeof res.json().msg], `${method} ${url} ${JSON.stringify(payload)}`).toEqual([status, 'string']);
      expect(res.headers['set-cookie'], 'no cart made').toBeUndefined();
    }
    await b.send('POST', '/api/cart/lines', { variantId: v.variantId, quantity: 2 });
    for (const [payload, status] of [
      [{ quantity: 0 }, 400],
      [{ quantity: 100 }, 400],
      [{ quantity: 'two' }, 400],
      [{}, 400],
    ] as const) {
      const res = await b.send('PATCH', `/api/cart/lines/${v.variantId}`, payload);
      expect([res.statusCode, typeof res.json().msg]).toEqual([status, 'string']);
    }
    expect((await b.send('PATCH', `/api/cart/lines/${MISSING}`, { quantity: 1 })).statusCode).toBe(404);
    expect((await b.send('PATCH', '/api/cart/lines/nope', { quantity: 1 })).statusCode).toBe(404);
    expect(lines(await b.send('GET', '/api/cart'))).toEqual([[v.variantId, 2]]);
  });

  it('caps a line at 99 and a cart at 50 lines (409)', async () => {
    const b = browser();
    const v = await variant();
    await b.send('POST', '/api/cart/lines', { variantId: v.variantId, quantity: 90 });
    expect(lines(await b.send('POST', '/api/cart/lines', { variantId: v.variantId, quantity: 20 }))).toEqual([[v.variantId, 99]]);
    for (let i = 1; i < MAX_CART_LINES; i++) {
      const res = await b.send('POST', '/api/cart/lines', { variantId: (await variant()).variantId, quantity: 1 });
      expect(res.statusCode).toBe(200);
    }
    const full = await b.send('POST', '/api/cart/lines', { variantId: (await variant()).variantId, quantity: 1 });
    expect([full.statusCode, full.json().msg]).toEqual([409, expect.stringContaining('50')]);
    // A line already there still grows.
    expect((await b.send('PATCH', `/api/cart/lines/${v.variantId}`, { quantity: 3 })).statusCode).toBe(200);
    expect((await b.send('GET', '/api/cart')).json().lines).toHaveLength(MAX_CART_LINES);
  });

  it('shows lines of a paused product or short stock as unavailable, and refuses to add a paused one', async () => {
    const b = browser();
    const paused = await variant(1_000, 10);
    const short = await variant(2_000, 1);
    await b.send('POST', '/api/cart/lines', { variantId: paused.variantId, quantity: 1 });
    await b.send('POST', '/api/cart/lines', { variantId: short.variantId, quantity: 2 });
    await ctx.app.db.update(products).set({ paused: true }).where(eq(products.id, paused.productId));
    const cart = (await b.send('GET', '/api/cart')).json();
    expect(cart.lines.map((l: { available: boolean; stock: number }) => [l.available, l.stock])).toEqual([
      [false, 10],
      [false, 1],
    ]);
    const res = await b.send('POST', '/api/cart/lines', { variantId: paused.variantId, quantity: 1 });
    expect([res.statusCode, typeof res.json().msg]).toEqual([409, 'string']);
  });
});

describe('/api/cart, signed in (bearer)', () => {
  it("uses the account's cart on every device", async () => {
    const { accessToken } = await registerShopper(ctx.app);
    const [phone, laptop] = [browser(accessToken), browser(accessToken)];
    const v = await variant();
    const added = await phone.send('POST', '/api/cart/lines', { variantId: v.variantId, quantity: 2 });
    expect(added.headers['set-cookie']).toBeUndefined();
    expect(lines(await laptop.send('GET', '/api/cart'))).toEqual([[v.variantId, 2]]);
    expect((await browser().send('GET', '/api/cart')).json().count).toBe(0);
  });

  it("merges the cookie's cart into the account's at sign-in, and clears the cookie", async () => {
    const { accessToken, user } = await registerShopper(ctx.app);
    const [both, onlyGuest, onlyAccount] = [await variant(), await variant(), await variant()];
    const account = browser(accessToken);
    await account.send('POST', '/api/cart/lines', { variantId: both.variantId, quantity: 60 });
    await account.send('POST', '/api/cart/lines', { variantId: onlyAccount.variantId, quantity: 1 });

    const guest = browser();
    await guest.send('POST', '/api/cart/lines', { variantId: both.variantId, quantity: 50 });
    await guest.send('POST', '/api/cart/lines', { variantId: onlyGuest.variantId, quantity: 3 });
    const anonymousId = guest.cookie!;
    guest.token = accessToken; // signs in
    const merged = await guest.send('GET', '/api/cart');
    const cleared = merged.cookies.find((c) => c.name === 'cart')!;
    expect(cleared.value).toBe('');
    expect(guest.cookie).toBeUndefined();
    expect(new Map(lines(merged))).toEqual(
      new Map([
        [both.variantId, 99],
        [onlyAccount.variantId, 1],
        [onlyGuest.variantId, 3],
      ]),
    );
    expect(await ctx.app.db.select().from(carts).where(eq(carts.id, anonymousId))).toEqual([]);
    expect(await ctx.app.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, user.id))).toHaveLength(1);
    // Signed out again: a new, empty guest cart.
    guest.token = undefined;
    expect((await guest.send('GET', '/api/cart')).json().count).toBe(0);
  });

  it('merges on a write too, and makes the account cart from the guest one when there was none', async () => {
    const { accessToken } = await registerShopper(ctx.app);
    const [a, b] = [await variant(), await variant()];
    const guest = browser();
    await guest.send('POST', '/api/cart/lines', { variantId: a.variantId, quantity: 2 });
    guest.token = accessToken;
    const res = await guest.send('DELETE', `/api/cart/lines/${b.variantId}`);
    expect(lines(res)).toEqual([[a.variantId, 2]]);
    expect(guest.cookie).toBeUndefined();
  });
});

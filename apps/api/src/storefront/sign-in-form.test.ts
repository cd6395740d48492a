import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { uniqueIp } from '../../test/rate-limits.ts';
import { safeBack, SESSION_COOKIE } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ AUTH_RATE_LIMIT: '3' });
});
afterAll(() => ctx.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/** A CSRF token and its secret cookie, as the page rendering the form gets them. */
async function formToken() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/forms/token' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  const secret = cookieOf(res, '_csrf')!;
  expect(secret).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  return { token: (res.json() as { token: string }).token, cookie: `_csrf=${secret.value}` };
}

async function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = uniqueIp(),
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...FORM, ...headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });
}

describe('POST /signin (the storefront form, no JavaScript)', () => {
  it('signs in with a valid CSRF token: an HttpOnly, SameSite=Lax session cookie holding a working token, and 303 to back', async () => {
    const shopper = await registerShopper(ctx.app);
    const { token, cookie } = await formToken();
    const res = await postForm(
      '/signin',
      { email: shopper.email, password: shopper.password, back: '/cart', _csrf: token },
      { cookie },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart');
    const session = cookieOf(res, SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy(); // Secure in production only
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.value}` },
    });
    expect(me.json().user.email).toBe(shopper.email);
  });

  it("moves the cart cookie's cart onto her account at sign-in", async () => {
    const shopper = await registerShopper(ctx.app);
    const product = await insertProduct(ctx.app.db, { price: 500_000, counter: 10 });
    const [v] = await readVariants(ctx.app.db, product.id);
    const added = await ctx.app.inject({ method: 'POST', url: '/api/cart/lines', payload: { variantId: v!.id, quantity: 2 } });
    expect(added.statusCode).toBe(200);
    const { token, cookie } = await formToken();
    const res = await postForm(
      '/signin',
      { email: shopper.email, password: shopper.password, _csrf: token },
      { cookie: `${cookie}; cart=${cookieOf(added, 'cart')!.value}` },
    );
    expect(res.statusCode).toBe(303);
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(cookieOf(res, SESSION_COOKIE)!.value) });
    expect(cart.json().lines.map((l: { variantId: string; quantity: number }) => [l.variantId, l.quantity])).toEqual([
      [v!.id, 2],
    ]);
  });

  it('goes to / when back is not a same-site path', async () => {
    const shopper = await registerShopper(ctx.app);
    for (const back of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const { token, cookie } = await formToken();
      const res = await postForm('/signin', { email: shopper.email, password: shopper.password, back, _csrf: token }, { cookie });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    }
  });

  it('refuses a form without a valid CSRF token with 403, and sets no session', async () => {
    const shopper = await registerShopper(ctx.app);
    const { cookie } = await formToken();
    for (const [fields, headers] of [
      [{ _csrf: 'forged' }, { cookie }],
      [{}, { cookie }],
      [{ _csrf: (await formToken()).token }, {}],
    ] as const) {
      const res = await postForm('/signin', { email: shopper.email, password: shopper.password, ...fields }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toMatch(/csrf/i);
      expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('refuses a form sent from another site by its Origin, with a clear message', async () => {
    const shopper = await registerShopper(ctx.app);
    const { token, cookie } = await formToken();
    const res = await postForm(
      '/signin',
      { email: shopper.email, password: shopper.password, _csrf: token },
      { cookie, origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/another site/);
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it("answers a wrong password 401 with the API's message and a link back, bad input 400, setting no session", async () => {
    const shopper = await registerShopper(ctx.app);
    const { token, cookie } = await formToken();
    const wrong = await postForm(
      '/signin',
      { email: shopper.email, password: 'not it', back: '/cart', _csrf: token },
      { cookie },
    );
    expect(wrong.statusCode).toBe(401);
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: shopper.email, password: 'not it' },
      remoteAddress: uniqueIp(),
    });
    expect(wrong.body).toContain(api.json().msg);
    expect(wrong.body).toContain('/signin?back=%2Fcart');
    expect(cookieOf(wrong, SESSION_COOKIE)).toBeUndefined();
    const bad = await postForm('/signin', { email: shopper.email, _csrf: token }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(cookieOf(bad, SESSION_COOKIE)).toBeUndefined();
  });

  it("shares the API sign-in's rate limit: 429 after the limit for a client and address", async () => {
    const { token, cookie } = await formToken();
    const ip = uniqueIp();
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await postForm('/signin', { email: 'target-form@example.com', password: 'guess', _csrf: token }, { cookie }, ip))
          .statusCode,
      );
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('POST /signout', () => {
  it('clears the session cookie and answers 303 to /; without a CSRF token 403', async () => {
    const { token, cookie } = await formToken();
    const refused = await postForm('/signout', {}, { cookie });
    expect(refused.statusCode).toBe(403);
    const res = await postForm('/signout', { _csrf: token }, { cookie: `${cookie}; ${SESSION_COOKIE}=x` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(cookieOf(res, SESSION_COOKIE)?.value).toBe('');
  });
});

describe('safeBack', () => {
  it('keeps same-site paths only', () => {
    expect(safeBack('/women?size=M')).toBe('/women?size=M');
    for (const back of ['//x.example', 'https://x.example', '/\\x', '/a b', undefined, 'cart']) expect(safeBack(back)).toBe('/');
  });
});

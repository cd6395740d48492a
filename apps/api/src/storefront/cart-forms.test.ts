import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import { SESSION_COOKIE } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
const lines = (res: LightMyRequestResponse) =>
  res.json().lines.map((l: { variantId: string; quantity: number }) => [l.variantId, l.quantity]);

async function variantId() {
  const product = await insertProduct(ctx.app.db, { price: 500_000, counter: 10 });
  const [v] = await readVariants(ctx.app.db, product.id);
  return v!.id;
}

describe('cart forms (no JavaScript)', () => {
  it('add, update and remove through the cart cookie, each answering 303 back', async () => {
    const id = await variantId();
    const added = await form('/cart/add', { variantId: id, quantity: '2', back: '/product/x?variant=1' });
    expect([added.statusCode, added.headers.location]).toEqual([303, '/product/x?variant=1']);
    const cookie = `cart=${added.cookies.find((c) => c.name === 'cart')!.value}`;
    const read = () => ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
    expect(lines(await read())).toEqual([[id, 2]]);

    const updated = await form('/cart/update', { variantId: id, quantity: '5' }, { cookie });
    expect([updated.statusCode, updated.headers.location]).toEqual([303, '/cart']);
    expect(lines(await read())).toEqual([[id, 5]]);

    const removed = await form('/cart/remove', { variantId: id, back: '//evil.example' }, { cookie });
    expect([removed.statusCode, removed.headers.location]).toEqual([303, '/cart']);
    expect(lines(await read())).toEqual([]);
  });

  it("changes the signed-in shopper's account cart when her form session cookie is sent", async () => {
    const shopper = await registerShopper(ctx.app);
    const id = await variantId();
    const res = await form('/cart/add', { variantId: id }, { cookie: `${SESSION_COOKIE}=${shopper.accessToken}` });
    expect(res.statusCode).toBe(303);
    expect(lines(await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: bearer(shopper.accessToken) }))).toEqual([
      [id, 1],
    ]);
  });

  it('refuses bad input 400 and a form from another site 403, changing nothing', async () => {
    const id = await variantId();
    const added = await form('/cart/add', { variantId: id });
    const cookie = `cart=${added.cookies.find((c) => c.name === 'cart')!.value}`;
    const bad: Record<string, string>[] = [
      { variantId: 'nope' },
      { variantId: id, quantity: '0' },
      { variantId: id, quantity: '100' },
    ];
    for (const fields of bad) {
      const res = await form('/cart/update', fields, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toEqual(expect.any(String));
    }
    const forged = await form('/cart/update', { variantId: id, quantity: '9' }, { cookie, origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().msg).toMatch(/another site/);
    expect(lines(await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } }))).toEqual([[id, 1]]);
  });
});

/**
 * The wishlist through HTTP (issue 31): a shopper's own list (once per product, idempotent,
 * 401/404/400), the guest's device list merged on sign-in, and the shared list's public page.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS, WISHLIST_MESSAGES } from '@shop/shared';
import { wishlistItems } from '../db/schema/index.ts';
import { client } from '../../test/clients.ts';
import { insertProduct } from '../../test/fixtures.ts';
import { createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MISSING = '00000000-0000-4000-8000-000000000000';

async function shopper() {
  const account = await registerShopper(ctx.app);
  return { ...account, api: client(ctx.app, account.accessToken) };
}

/** A product on sale at ₦`naira`. */
const product = async (naira = 10_000) => (await insertProduct(ctx.app.db, { price: naira * 100 })).id;

describe('/api/account/wishlist', () => {
  it('adds a product once, lists newest first, and removes it', async () => {
    const { api } = await shopper();
    const [a, b] = [await product(), await product()];
    const first = await api.json('POST', '/api/account/wishlist', { productId: a });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ productId: a, addedAt: expect.any(String) });
    // The same product again: nothing changes, its first time stays.
    const again = await api.json('POST', '/api/account/wishlist', { productId: a.toUpperCase() });
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    expect((await api.json('POST', '/api/account/wishlist', { productId: b })).statusCode).toBe(201);
    const list = (await api.json('GET', '/api/account/wishlist')).json();
    expect(list.map((i: { productId: string }) => i.productId)).toEqual([b, a]);

    expect((await api.json('DELETE', `/api/account/wishlist/${a}`)).statusCode).toBe(200);
    expect((await api.json('GET', '/api/account/wishlist')).json()).toEqual([list[0]]);
    expect((await api.json('DELETE', `/api/account/wishlist/${a}`)).statusCode).toBe(404);
    expect((await api.json('DELETE', '/api/account/wishlist/not-a-uuid')).statusCode).toBe(404);
  });

  it('keeps the selling price the product had when it was saved', async () => {
    const { api, user } = await shopper();
    const id = await product(12_500);
    await api.json('POST', '/api/account/wishlist', { productId: id });
    const [row] = await ctx.app.db
      .select({ addedPrice: wishlistItems.addedPrice, notifiedPrice: wishlistItems.notifiedPrice })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, user.id), eq(wishlistItems.productId, id)));
    expect(row).toEqual({ addedPrice: 1_250_000, notifiedPrice: null });
  });

  it('refuses strangers, unknown products and bad bodies', async () => {
    const { api } = await shopper();
    const anonymous = client(ctx.app);
    const id = await product();
    expect((await anonymous.json('GET', '/api/account/wishlist')).statusCode).toBe(401);
    expect((await anonymous.json('POST', '/api/account/wishlist', { productId: id })).statusCode).toBe(401);
    expect((await anonymous.json('DELETE', `/api/account/wishlist/${id}`)).statusCode).toBe(401);
    expect((await anonymous.json('POST', '/api/account/wishlist/merge', { productIds: [id] })).statusCode).toBe(401);
    expect((await anonymous.json('GET', '/api/account/wishlist/share')).statusCode).toBe(401);

    const unknown = await api.json('POST', '/api/account/wishlist', { productId: MISSING });
    expect([unknown.statusCode, unknown.json().msg]).toEqual([404, 'That product does not exist']);
    expect((await api.json('POST', '/api/account/wishlist', { productId: 'shoes' })).statusCode).toBe(404);
    expect((await api.json('POST', '/api/account/wishlist', {})).statusCode).toBe(400);
    expect((await api.json('POST', '/api/account/wishlist', { productId: 42 })).statusCode).toBe(400);
    const tooMany = Array.from({ length: MAX_WISHLIST_ITEMS + 1 }, () => id);
    expect((await api.json('POST', '/api/account/wishlist/merge', { productIds: tooMany })).statusCode).toBe(400);
    expect((await api.json('GET', '/api/account/wishlist')).json()).toEqual([]);
  });

  it('keeps each shopper to her own list', async () => {
    const mine = await shopper();
    const other = await shopper();
    const id = await product();
    await mine.api.json('POST', '/api/account/wishlist', { productId: id });
    expect((await other.api.json('GET', '/api/account/wishlist')).json()).toEqual([]);
    expect((await other.api.json('DELETE', `/api/account/wishlist/${id}`)).statusCode).toBe(404);
    expect((await mine.api.json('GET', '/api/account/wishlist')).json()).toHaveLength(1);
  });
});

describe('POST /api/account/wishlist/merge', () => {
  it("adds a guest's device list to the account's: once each, unknown products skipped", async () => {
    const { api } = await shopper();
    const [saved, guestOnly] = [await product(), await product()];
    await api.json('POST', '/api/account/wishlist', { productId: saved });
    const res = await api.json('POST', '/api/account/wishlist/merge', {
      productIds: [guestOnly, saved, MISSING, 'gone', guestOnly],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((i: { productId: string }) => i.productId)).toEqual([guestOnly, saved]);
    // Merging the same device list again (a second sign-in) changes nothing.
    const again = (await api.json('POST', '/api/account/wishlist/merge', { productIds: [guestOnly, saved] })).json();
    expect(again).toEqual(res.json());
    expect((await api.json('POST', '/api/account/wishlist/merge', { productIds: [] })).json()).toEqual(res.json());
  });
  it('keeps the device order, and saves what fits when the list is nearly full', async () => {
    const { api } = await shopper();
    const ids: string[] = [];
    for (let i = 0; i < MAX_WISHLIST_ITEMS + 1; i++) ids.push(await product());
    const [newest, older, ...rest] = ids as [string, string, ...string[]];
    await api.json('POST', '/api/account/wishlist/merge', { productIds: rest.slice(0, 2) });
    const list = (await api.json('POST', '/api/account/wishlist/merge', { productIds: rest })).json();
    // The device's order (newest first) is kept: its new products come before what was on the list.
    expect(list.slice(0, 2).map((i: { productId: string }) => i.productId)).toEqual(rest.slice(2, 4));
    expect(list).toHaveLength(MAX_WISHLIST_ITEMS - 1);
    // One place left: the first of the device's list takes it, the other is left out.
    const full = (await api.json('POST', '/api/account/wishlist/merge', { productIds: [newest, older] })).json();
    expect(full).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(full[0].productId).toBe(newest);
    // A single product past the maximum is refused.
    const refused = await api.json('POST', '/api/account/wishlist', { productId: older });
    expect([refused.statusCode, refused.json().msg]).toEqual([409, WISHLIST_MESSAGES.full]);
  });
});

describe('a shared wishlist', () => {
  it('has one token per list, and a public read-only page with the products alone', async () => {
    const { api } = await shopper();
    const [a, b] = [await product(), await product()];
    await api.json('POST', '/api/account/wishlist', { productId: a });
    await api.json('POST', '/api/account/wishlist', { productId: b });
    const share = (await api.json('GET', '/api/account/wishlist/share')).json();
    expect(share).toEqual({ shareToken: expect.stringMatching(/^[\w-]{22}$/), path: `/wishlist/${share.shareToken}` });
    expect((await api.json('GET', '/api/account/wishlist/share')).json()).toEqual(share);

    const res = await client(ctx.app).json('GET', `/api/wishlists/${share.shareToken}`);
    expect(res.statusCode, res.body).toBe(200);
    // Only the products: no name, e-mail, id or dates of the owner.
    expect(res.json()).toEqual({ productIds: [b, a] });
    expect(res.headers['x-robots-tag']).toBe('noindex');
    // Read-only: the token is no way to change the list.
    expect((await client(ctx.app).json('DELETE', `/api/wishlists/${share.shareToken}`)).statusCode).toBe(404);
  });

  it('is not found for an unknown token', async () => {
    const anonymous = client(ctx.app);
    expect((await anonymous.json('GET', '/api/wishlists/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await anonymous.json('GET', '/api/wishlists/short')).statusCode).toBe(404);
  });
});

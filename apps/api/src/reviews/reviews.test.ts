import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { bearer, createAdmin, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAdmin(ctx);
});
afterAll(() => ctx.close());

const BUY_FIRST = 'You have to buy this product to review!';

const postReview = (token: string | undefined, productId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/reviews/${productId}`, headers: token ? bearer(token) : {}, payload });

/** Buys through the sandbox: checkout, pay with the success card, verify. */
async function buyWithSandbox(token: string, productId: string) {
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(token),
    payload: { lines: [{ productId, quantity: 1 }] },
  });
  expect(checkout.statusCode).toBe(201);
  const { reference } = checkout.json();
  await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${reference}/pay`,
    headers: bearer(token),
    payload: { card: '4084 0840 8408 4081' },
  });
  const verified = await ctx.app.inject({ method: 'POST', url: `/api/checkout/${reference}/verify`, headers: bearer(token) });
  expect(verified.json()).toMatchObject({ status: 'paid' });
}

/** A pending order (checkout only), then optionally paid: an admin records a transfer of its total. */
async function order(token: string, productId: string, markPaid: boolean) {
  const { orderId, amount } = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(token),
      payload: { lines: [{ productId, quantity: 1 }] },
    })
  ).json();
  if (markPaid) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payments`,
      headers: bearer(admin.accessToken),
      payload: { method: 'transfer', amount: amount / 100 },
    });
    expect(res.statusCode).toBe(201);
  }
  return orderId as string;
}

describe('posting a review', () => {
  it('refuses a shopper who has not bought the product (403 with msg and message), then accepts them once paid', async () => {
    const product = await insertProduct(ctx.database.db);
    const shopper = await registerShopper(ctx.app);

    const before = await postReview(shopper.accessToken, product.id, { rating: 5, comment: 'Lovely' });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ msg: BUY_FIRST, message: BUY_FIRST });

    // A pending order is not a purchase.
    await order(shopper.accessToken, product.id, false);
    expect((await postReview(shopper.accessToken, product.id, { rating: 5 })).statusCode).toBe(403);

    await buyWithSandbox(shopper.accessToken, product.id);
    const after = await postReview(shopper.accessToken, product.id, { rating: 4, comment: ' Beautiful colours ' });
    expect(after.statusCode).toBe(201);
    expect(after.json()).toMatchObject({
      rating: 4,
      comment: 'Beautiful colours',
      author: 'Chioma E.',
      productId: product.id,
      ratingAverage: 4,
      ratingCount: 1,
    });
    const row = await readProduct(ctx.database.db, product.id);
    expect({ count: row.ratingCount, sum: row.ratingSum }).toEqual({ count: 1, sum: 4 });
  });

  it('takes the user from the token (a userId in the body is ignored) and replaces a second review', async () => {
    const product = await insertProduct(ctx.database.db);
    const buyer = await registerShopper(ctx.app, { firstName: 'Emeka', lastName: 'okafor' });
    const other = await registerShopper(ctx.app);
    await order(buyer.accessToken, product.id, true);

    // The old client sends userId and productId in the body; another user's id changes nothing.
    const first = await postReview(buyer.accessToken, product.id, {
      rating: 2,
      comment: 'Too small',
      userId: other.user.id,
      productId: 'x',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().author).toBe('Emeka O.');
    expect((await postReview(other.accessToken, product.id, { rating: 5 })).statusCode).toBe(403);

    const second = await postReview(buyer.accessToken, product.id, {
      rating: 5,
      comment: 'Exchanged for a bigger size: perfect',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, rating: 5, ratingCount: 1, ratingAverage: 5 });

    const third = await registerShopper(ctx.app);
    await buyWithSandbox(third.accessToken, product.id);
    expect((await postReview(third.accessToken, product.id, { rating: '4' })).statusCode).toBe(201);

    const row = await readProduct(ctx.database.db, product.id);
    expect({ count: row.ratingCount, sum: row.ratingSum }).toEqual({ count: 2, sum: 9 });
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });
  });

  it('counts fulfilled and delivered orders as bought, but not cancelled or refunded ones', async () => {
    const product = await insertProduct(ctx.database.db);
    const patch = (id: string, status: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/${id}/status`,
        headers: bearer(admin.accessToken),
        payload: { status },
      });

    const delivered = await registerShopper(ctx.app);
    const id = await order(delivered.accessToken, product.id, true);
    await patch(id, 'fulfilled');
    await patch(id, 'delivered');
    expect((await postReview(delivered.accessToken, product.id, { rating: 3 })).statusCode).toBe(201);

    const refunded = await registerShopper(ctx.app);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${await order(refunded.accessToken, product.id, true)}/refunds`,
      headers: bearer(admin.accessToken),
      payload: { reason: 'Changed their mind' },
    });
    expect(refund.json()).toMatchObject({ status: 'refunded', paymentStatus: 'refunded' });
    expect((await postReview(refunded.accessToken, product.id, { rating: 1 })).statusCode).toBe(403);

    const cancelled = await registerShopper(ctx.app);
    await patch(await order(cancelled.accessToken, product.id, false), 'cancelled');
    expect((await postReview(cancelled.accessToken, product.id, { rating: 1 })).statusCode).toBe(403);
  });

  it('keeps the rating figures exact when buyers review one product at the same time', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 20 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => registerShopper(ctx.app)));
    for (const buyer of buyers) await order(buyer.accessToken, product.id, true);
    const results = await Promise.all(buyers.map((b, i) => postReview(b.accessToken, product.id, { rating: (i % 5) + 1 })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const row = await readProduct(ctx.database.db, product.id);
    expect({ count: row.ratingCount, sum: row.ratingSum }).toEqual({ count: 6, sum: 1 + 2 + 3 + 4 + 5 + 1 });
  });

  it.each([
    ['a rating of 0', { rating: 0 }],
    ['a rating of 6', { rating: 6 }],
    ['a fractional rating', { rating: 3.5 }],
    ['a rating that is not a number', { rating: 'great' }],
    ['no rating', { comment: 'Nice' }],
    ['a rating of true', { rating: true }],
    ['an empty rating', { rating: ' ' }],
    ['a comment over 2000 characters', { rating: 4, comment: 'a'.repeat(2001) }],
  ])('refuses %s with 400', async (_label, payload) => {
    const product = await insertProduct(ctx.database.db);
    const buyer = await registerShopper(ctx.app);
    await order(buyer.accessToken, product.id, true);
    const res = await postReview(buyer.accessToken, product.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toEqual(expect.any(String));
    expect((await readProduct(ctx.database.db, product.id)).ratingCount).toBe(0);
  });

  it('answers 404 for an unknown product and 401 without a token', async () => {
    const shopper = await registerShopper(ctx.app);
    expect((await postReview(shopper.accessToken, '00000000-0000-4000-8000-000000000000', { rating: 5 })).statusCode).toBe(404);
    expect((await postReview(shopper.accessToken, 'not-an-id', { rating: 5 })).statusCode).toBe(404);
    const product = await insertProduct(ctx.database.db);
    expect((await postReview(undefined, product.id, { rating: 5 })).statusCode).toBe(401);
  });
});

describe("a product's reviews", () => {
  it('lists them newest first, paged, with the total in X-Total-Count and authors as first name and initial', async () => {
    const product = await insertProduct(ctx.database.db, { counter: 20 });
    const names = [
      ['Adaeze', 'Nwosu'],
      ['Bola', 'Ahmed'],
      ['Chidi', 'Obi'],
    ];
    for (const [firstName, lastName] of names) {
      const buyer = await registerShopper(ctx.app, { firstName, lastName });
      await order(buyer.accessToken, product.id, true);
      expect((await postReview(buyer.accessToken, product.id, { rating: 5, comment: `From ${firstName}` })).statusCode).toBe(201);
    }
    const list = (query = '') => ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}/reviews${query}` });

    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((r: { author: string }) => r.author)).toEqual(['Chidi O.', 'Bola A.', 'Adaeze N.']);
    expect(Object.keys(all.json()[0]).sort()).toEqual(['author', 'comment', 'createdAt', 'id', 'rating', 'updatedAt']);

    const page = await list('?limit=1&offset=1');
    expect(page.json().map((r: { comment: string }) => r.comment)).toEqual(['From Bola']);
    expect(page.headers['x-total-count']).toBe('3');

    expect((await list('?limit=0')).statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000/reviews' });
    expect(unknown.statusCode).toBe(404);
  });
});

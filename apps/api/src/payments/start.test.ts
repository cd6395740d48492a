/**
 * Opening the payment for a new order when the database blinks: the sandbox keeps its ledger
 * in the database, so its failure then is the database's, a 503 to try again in a moment, not
 * the provider's 502. Found by npm run test:soak (PostgreSQL restarted under checkout load).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '../db/schema/index.ts';
import { insertProduct, readProduct } from '../../test/fixtures.ts';
import { bearer, createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('answers 503 with Retry-After when the database goes away as the payment opens; the order lets its stock go', async () => {
  const product = await insertProduct(ctx.database.db, { title: 'Ankara Maxi Dress', counter: 5 });
  const { accessToken, email } = await registerShopper(ctx.app);
  const sandbox = ctx.app.payments.sandbox!;
  const initialize = sandbox.initialize;
  sandbox.initialize = async () => {
    throw new Error('Connection terminated unexpectedly');
  };
  try {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(accessToken),
      payload: { lines: [{ productId: product.id, quantity: 2 }] },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  } finally {
    sandbox.initialize = initialize;
  }
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.email, email));
  expect(order).toMatchObject({ status: 'failed', failureReason: 'The payment could not be started' });
  expect((await readProduct(ctx.database.db, product.id)).counter).toBe(5);
});

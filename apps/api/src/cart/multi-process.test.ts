/**
 * The server cart with two real API processes on one PostgreSQL (issue 32): adds of the same
 * line at once, half through each process, all count (one upsert each); a shopper's first
 * adds at once from both make one account cart.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { createTestApp, registerShopper, type TestContext } from '../../test/helpers.ts';
import type { ServerCart } from '@shop/shared';
import { carts } from '../db/schema/index.ts';

const JWT_SECRET = 'multi-process-cart-secret-0123456789abcdef';

describe.runIf(process.env.TEST_DATABASE_URL)('the server cart with two API processes', () => {
  let ctx: TestContext;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ JWT_SECRET });
    const env = { DATABASE_URL: ctx.database.url!, JWT_SECRET };
    running.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await ctx.close();
  });

  const variant = async () => {
    const product = await insertProduct(ctx.app.db, { counter: 100 });
    return (await readVariants(ctx.app.db, product.id))[0]!.id;
  };
  const add = (i: number, headers: Record<string, string>, variantId: string, quantity: number) =>
    fetch(`${running[i % 2]!.url}/api/cart/lines`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ variantId, quantity }),
    });

  /**
   * A process just started may shed a request (503 with Retry-After) while its start-up work
   * runs on a busy machine (decision 0015): both are asked until they answer, before the adds.
   */
  const settled = async () => {
    for (const p of running) {
      const until = Date.now() + 30_000;
      while ((await fetch(`${p.url}/api/cart`)).status === 503 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };

  it('sums 20 adds of one line sent at once through both processes', async () => {
    await settled();
    const variantId = await variant();
    const first = await add(0, {}, variantId, 1);
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => add(i, { cookie }, variantId, 2)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const cart = (await (await fetch(`${running[1]!.url}/api/cart`, { headers: { cookie } })).json()) as ServerCart;
    expect(cart.lines.map((l) => l.quantity)).toEqual([41]);
  }, 60_000);

  it("makes one account cart from a shopper's first adds at once", async () => {
    await settled();
    const { accessToken, user } = await registerShopper(ctx.app);
    const variantId = await variant();
    const auth = { authorization: `Bearer ${accessToken}` };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => add(i, auth, variantId, 1)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(await ctx.app.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, user.id))).toHaveLength(1);
    const cart = (await (await fetch(`${running[0]!.url}/api/cart`, { headers: auth })).json()) as ServerCart;
    expect(cart.count).toBe(6);
  }, 60_000);
});

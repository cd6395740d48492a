/**
 * Returns of one till sale sent at once to two real API processes on one PostgreSQL database
 * (issue 29): what came back before is counted once the sale's row is locked, so however the
 * requests fall, no line comes back more times than it was sold, and its money and its units
 * go back once per unit, although the sale paid for more than that line.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { readProduct } from '../../test/fixtures.ts';
import { bearer, createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { newId, productOnSale, tillSale } from '../../test/till-sales.ts';
import { orders, posReturnLines } from '../db/schema/index.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('returns of one sale at once, with two API processes', () => {
  let ctx: TestContext;
  const processes: ApiProcess[] = [];
  let ports: number[] = [];
  let manager: Awaited<ReturnType<typeof createStaff>>;
  let token: string;

  const call = async (port: number, body: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/pos/returns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const env = { DATABASE_URL: ctx.database.url!, JWT_SECRET: 'returns-multi-process-secret-0123456789abcdef' };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    ports = processes.map((p) => p.port);
    manager = await createStaff(ctx, 'manager');
    const res = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/adminlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: manager.email, password: manager.password }),
    });
    token = ((await res.json()) as { accessToken: string }).accessToken;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ctx.close();
  });

  it('8 returns of a line of 2 sold, across both processes: exactly 2 are taken, though the sale paid for more', async () => {
    // The sale's money would cover 5 units: only counting the line's returns under the sale's lock stops a third.
    const buba = await productOnSale(ctx.database.db, 2_000_000, 10, 'Lace Buba');
    const cap = await productOnSale(ctx.database.db, 2_000_000, 10, 'Aso-Oke Fila');
    const sale = await tillSale(ctx.app, ctx.database.db, {
      headers: bearer(manager.accessToken),
      lines: [
        { productId: buba.productId, quantity: 2 },
        { productId: cap.productId, quantity: 3 },
      ],
      tenders: [{ type: 'cash', amount: 10_000_000 }],
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(ports[i % 2]!, {
          id: newId(),
          saleId: sale.id,
          lines: [{ variantId: buba.variantId, quantity: 1, restock: false }],
          refundTo: 'cash',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409)).toHaveLength(6);
    const lines = await ctx.database.db.select().from(posReturnLines).where(eq(posReturnLines.variantId, buba.variantId));
    expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(2);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, sale.id));
    expect(order).toMatchObject({ amountRefunded: 4_000_000, paymentStatus: 'partially_refunded' });
    expect((await readProduct(ctx.database.db, buba.productId)).counter).toBe(8);
  });
});

/**
 * A drawer closed at once through two real API processes on one PostgreSQL database (issue
 * 29): a till retrying its close while the first is still running, or the till and the back
 * office closing it together. The drawer's row is locked before it is read, so however the
 * requests fall, one close is recorded with the expected cash and the over or short worked out
 * once, from that close's count; the others are refused and change nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, postTo, signInOn, startTwoApiProcesses } from '../../test/api-process.ts';
import { bearer, createStaff, createTestApp, type TestContext } from '../../test/helpers.ts';
import { insertTill, newId, productOnSale, tillSale } from '../../test/till-sales.ts';
import { auditLog, posDrawers } from '../db/schema/index.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('closing one drawer at once, with two API processes', () => {
  let ctx: TestContext;
  const processes: ApiProcess[] = [];
  let ports: number[] = [];
  let cashier: Awaited<ReturnType<typeof createStaff>>;
  let token: string;

  const post = async (port: number, url: string, body: unknown) => {
    const res = await postTo(port, url, token, body);
    return { status: res.status, json: JSON.parse(res.body) as Record<string, unknown> };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    processes.push(...(await startTwoApiProcesses(ctx.database.url!, 'drawers-multi-process-secret-0123456789abcdef')));
    ports = processes.map((p) => p.port);
    cashier = await createStaff(ctx, 'cashier');
    token = await signInOn(ports[0]!, cashier);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await ctx.close();
  });

  it('10 drawers, each closed 4 times at once across both processes with different counts: one close each, its over/short recorded once', async () => {
    const till = await insertTill(ctx.database.db);
    const wrap = await productOnSale(ctx.database.db, 1_500_000, 100);
    for (let round = 0; round < 10; round++) {
      const drawerId = newId();
      const opened = await post(ports[round % 2]!, '/api/pos/drawers', { id: drawerId, tillId: till.id, float: 500_000 });
      expect(opened.status, JSON.stringify(opened.json)).toBe(201);
      await tillSale(ctx.app, ctx.database.db, {
        headers: bearer(cashier.accessToken),
        tillId: till.id,
        drawerId,
        cashierId: cashier.user.id,
        lines: [{ productId: wrap.productId, quantity: 1 }],
        tenders: [{ type: 'cash', amount: 1_500_000 }],
      });
      // ₦5,000 float + ₦15,000 cash sale = ₦20,000 expected; each close counts a different amount.
      const counts = [1_990_000, 2_000_000, 2_010_000, 2_020_000];
      const answers = await Promise.all(
        counts.map((counted, i) => post(ports[i % 2]!, `/api/pos/drawers/${drawerId}/close`, { counted })),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
      const winner = won[0]!.json as { expected: number; counted: number; overShort: number };
      expect(winner.expected).toBe(2_000_000);
      expect(winner.overShort).toBe(winner.counted - 2_000_000);

      const [row] = await ctx.database.db.select().from(posDrawers).where(eq(posDrawers.id, drawerId));
      expect(row).toMatchObject({ expected: 2_000_000, counted: winner.counted, overShort: winner.overShort });
      const closes = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'pos.drawer_closed'), eq(auditLog.entityId, drawerId)));
      expect(closes).toHaveLength(1);
    }
  }, 120_000);
});

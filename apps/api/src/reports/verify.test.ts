/**
 * The reports' facts (sales_facts, migration 0030) follow every write to the orders' tables in
 * the same transaction, and `npm run reports:verify` (verify.ts) finds any that do not: on the
 * reports' known shop (test/report-shop.ts), on PGlite and PostgreSQL; the command itself on
 * PostgreSQL, where a second process can reach the test's database.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import { withDatabase } from '../../test/global-setup.ts';
import type { TestContext } from '../../test/helpers.ts';
import { buildReportShop, type ReportShop } from '../../test/report-shop.ts';
import { rowsOf } from '../db/client.ts';
import { verifySalesFacts } from './index.ts';
import { commandScript } from '../../test/commands.ts';

let ctx: TestContext;
let owner: Client;
let order: ReportShop['order'];
let ids: ReportShop['ids'];

beforeAll(async () => {
  ({ ctx, owner, order, ids } = await buildReportShop());
}, 60_000);
afterAll(() => ctx.close());

const marchOrders = async () => {
  const res = await owner.json('GET', '/api/reports/sales?from=2026-03-01&to=2026-03-31&groupBy=day');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().totals.orders as number;
};

/** This test's PostgreSQL database, for a second process or connection. */
async function databaseUrl() {
  const [row] = await rowsOf<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
  return withDatabase(process.env.TEST_DATABASE_URL!, row!.name);
}

/** `npm run reports:verify` on this test's PostgreSQL database. */
async function runVerify() {
  const apiDir = path.resolve(import.meta.dirname, '../..');
  return spawnSync(process.execPath, [commandScript('reports-verify')], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: await databaseUrl(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

describe('sales facts', () => {
  it('agree with the orders after the shop’s card, transfer, pay-on-delivery and till sales and a refund', async () => {
    const check = await verifySalesFacts(ctx.database.db);
    expect(check.differing).toEqual([]);
    // Five sales, each split by lines and by payments, and the refund's event.
    expect(check.orders).toBe(5);
    expect(check.facts).toBeGreaterThan(10);
  });

  it('follow a write made outside the services, in its transaction: an archived order leaves the report', async () => {
    expect(await marchOrders()).toBe(4);
    await ctx.database.db.execute(sql`update orders set archived_at = now() where id = ${order.O1}`);
    expect(await marchOrders()).toBe(3);
    await ctx.database.db.execute(sql`update orders set archived_at = null where id = ${order.O1}`);
    expect(await marchOrders()).toBe(4);
    expect((await verifySalesFacts(ctx.database.db)).differing).toEqual([]);
  });

  it('names the orders whose facts were changed behind the triggers, until they are refreshed', async () => {
    await ctx.database.db.execute(sql`update sales_facts set gross = gross + 1 where order_id = ${order.O2} and kind = 'line'`);
    expect((await verifySalesFacts(ctx.database.db)).differing).toEqual([order.O2]);
    if (process.env.TEST_DATABASE_URL) {
      const run = await runVerify();
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(order.O2);
    }
    await ctx.database.db.execute(sql`select refresh_sales_facts(array[${order.O2}]::uuid[])`);
    expect((await verifySalesFacts(ctx.database.db)).differing).toEqual([]);
    // The refresh took the changed figure off the monthly rollup with the facts it removed: rebuilt from the facts.
    await ctx.database.db.execute(sql`select rebuild_sales_rollup()`);
    expect((await verifySalesFacts(ctx.database.db)).rollupDiffering).toEqual([]);
  });

  it('names a monthly rollup row changed behind the refresh, until the rollup is rebuilt from the facts', async () => {
    expect(await verifySalesFacts(ctx.database.db)).toMatchObject({ differing: [], rollupDiffering: [] });
    // March's row of product C, as the reports read March whole.
    const march = async () => {
      const res = await owner.json('GET', '/api/reports/sales?from=2026-03-01&to=2026-03-31&groupBy=product');
      return res.json().rows.find((r: { key: string }) => r.key === ids.C).grossSales as number;
    };
    const gross = await march();
    await ctx.database.db.execute(
      sql`update sales_rollup set gross = gross + 1 where grp = 'product' and month = '2026-03-01' and k = ${ids.C}`,
    );
    expect(await march()).toBe(gross + 1);
    const check = await verifySalesFacts(ctx.database.db);
    expect(check.differing).toEqual([]);
    expect(check.rollupDiffering).toEqual([`product 2026-03 ${ids.C}`]);
    if (process.env.TEST_DATABASE_URL) {
      const run = await runVerify();
      expect(run.status, run.stderr).toBe(1);
      expect(run.stdout).toContain('Sales facts agree with the orders');
      expect(run.stderr).toContain(
        `The monthly rollup differs from the facts' sums in 1 row (grouping, month, key):\nproduct 2026-03 ${ids.C}\n`,
      );
    }
    await ctx.database.db.execute(sql`select rebuild_sales_rollup()`);
    expect(await march()).toBe(gross);
    expect((await verifySalesFacts(ctx.database.db)).rollupDiffering).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('npm run reports:verify says they agree, and exits 0', async () => {
    const run = await runVerify();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Sales facts agree with the orders: \d+ facts of 5 orders/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('npm run reports:verify says the monthly rollup agrees with the facts', async () => {
    const run = await runVerify();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/The monthly rollup agrees with the facts: \d+ rows\./);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'stay right when two transactions change one order at once: the second refreshes it after the first commits',
    async () => {
      const url = await databaseUrl();
      const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query('begin');
        await b.query('begin');
        // A records a payment on O3 (its facts refreshed, O3 locked until A ends) ...
        await a.query(`insert into order_payments (order_id, method, amount, fee) values ($1, 'cash', 100, 7)`, [order.O3]);
        // ... while B processes a refund of it: B's refresh waits for A, then sees A's payment.
        const refund = b.query(
          `insert into order_refunds (order_id, amount, reason, status, method, processed_at) values ($1, 100, 'Test', 'processed', 'manual', now())`,
          [order.O3],
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        await a.query('commit');
        await refund;
        await b.query('commit');
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
      const [fees] = await rowsOf<{ fees: string }>(
        ctx.database.db,
        sql`select sum(fees)::text as fees from sales_facts where order_id = ${order.O3} and kind = 'payment' and sale`,
      );
      // The pay-on-delivery rate's 19,375 kobo, and the 7 of A's payment.
      expect(Number(fees!.fees)).toBe(19_382);
      expect((await verifySalesFacts(ctx.database.db)).differing).toEqual([]);
    },
  );
});

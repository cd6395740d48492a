/**
 * The reports' benchmark data (`npm run seed -- --orders N`, seed/orders-bulk.ts): orders that
 * add up as the shop's own do, so the bench times reports over figures that mean something,
 * and that the sales report counts as it counts real ones. Written into the reports' known shop
 * (its catalogue), in a window of its own (May–June 2025) apart from its orders (2026).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import type { TestContext } from '../../test/helpers.ts';
import { buildReportShop } from '../../test/report-shop.ts';
import { rowsOf } from '../db/client.ts';
import { paystackLocalFee } from '../orders/index.ts';
import { seedBulkOrders } from './orders-bulk.ts';

let ctx: TestContext;
let owner: Client;
const NOW = new Date('2025-06-30T20:00:00Z');
const progress: number[] = [];

beforeAll(async () => {
  ({ ctx, owner } = await buildReportShop());
  await seedBulkOrders(ctx.database.db, {
    count: 500,
    days: 60,
    batchSize: 200,
    customers: 40,
    now: NOW,
    onProgress: (done) => progress.push(done),
  });
}, 120_000);
afterAll(() => ctx.close());

const query = <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(ctx.database.db, statement);

describe('seedBulkOrders', () => {
  it('writes the orders asked for in batches, about 3.3 lines each, within the days before now', async () => {
    expect(progress).toEqual([0, 200, 400, 500]);
    const [shape] = await query<{ orders: number; lines: number; first: string; last: string; customers: number }>(sql`
      select count(distinct o.id)::int as orders, count(l.id)::int as lines, min(o.created_at)::text as first, max(o.created_at)::text as last,
        count(distinct o.user_id)::int as customers
      from orders o join order_lines l on l.order_id = o.id where o.email like '%.bench'`);
    expect(shape!.orders).toBe(500);
    expect(shape!.lines / 500).toBeGreaterThan(2.9);
    expect(shape!.lines / 500).toBeLessThan(3.8);
    expect(new Date(shape!.first).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 61 * 86_400_000);
    expect(new Date(shape!.last).getTime()).toBeLessThan(NOW.getTime());
    expect(shape!.customers).toBeGreaterThan(20);
  });

  it('makes orders whose money adds up: totals, discounts, payments with their fees, refunds', async () => {
    const wrong = await query<{ id: string; why: string }>(sql`
      with l as (
        select order_id, sum(unit_price * quantity) as gross, sum((unit_discount + till_discount) * quantity) as off
        from order_lines group by order_id
      ), p as (select order_id, sum(amount) as paid from order_payments group by order_id),
      r as (select order_id, sum(amount) as refunded from order_refunds where status = 'processed' group by order_id)
      select o.id, case
        when o.subtotal <> l.gross then 'subtotal'
        when o.discount <> l.off + o.coupon_discount then 'discount'
        when o.total <> o.subtotal - o.discount + o.delivery_fee then 'total'
        when o.amount_paid <> coalesce(p.paid, 0) then 'paid'
        when o.amount_refunded <> coalesce(r.refunded, 0) then 'refunded'
        when (o.payment_status = 'unpaid') <> (o.amount_paid = 0) then 'status'
        when o.channel = 'pos' and (o.delivery_fee <> 0 or o.user_id is not null) then 'till'
      end as why
      from orders o join l on l.order_id = o.id left join p on p.order_id = o.id left join r on r.order_id = o.id
      where o.email like '%.bench'`);
    expect(wrong.filter((w) => w.why !== null)).toEqual([]);
    const fees = await query<{ amount: string; fee: string; method: string }>(sql`
      select pm.amount::text, pm.fee::text, pm.method from order_payments pm join orders o on o.id = pm.order_id
      where o.email like '%.bench' and o.payment_method = 'paystack'`);
    expect(fees.length).toBeGreaterThan(50);
    for (const f of fees) expect(Number(f.fee)).toBe(paystackLocalFee(Number(f.amount)));
    // Each kind of order the reports tell apart is there.
    const [kinds] = await query<Record<string, number>>(sql`
      select count(*) filter (where channel = 'pos')::int as pos, count(*) filter (where coupon_code is not null)::int as coupons,
        count(*) filter (where payment_status = 'partially_refunded')::int as partial, count(*) filter (where till_discount > 0)::int as till,
        (select count(*) from order_lines l join orders o2 on o2.id = l.order_id where o2.email like '%.bench' and l.unit_cost is null)::int as unknown
      from orders where email like '%.bench'`);
    for (const [kind, n] of Object.entries(kinds!)) expect(n, kind).toBeGreaterThan(0);
  });

  it('is counted by the sales report as the orders say: orders, gross and net over its window', async () => {
    const res = await owner.json('GET', '/api/reports/sales?from=2025-04-01&to=2025-06-30&groupBy=month');
    expect(res.statusCode, res.body).toBe(200);
    const { totals } = res.json();
    const [expected] = await query<{ orders: number; gross: string; net: string }>(sql`
      select count(*)::int as orders, sum(subtotal)::text as gross,
        (sum(subtotal - discount)
          - coalesce((select sum(least(r.amount, o2.total - o2.delivery_fee)) from order_refunds r join orders o2 on o2.id = r.order_id
              where o2.email like '%.bench' and r.processed_at < '2025-06-30T23:00:00Z'), 0))::text as net
      from orders where email like '%.bench' and payment_status <> 'unpaid'`);
    expect(totals.orders).toBe(expected!.orders);
    expect(totals.grossSales).toBe(Number(expected!.gross));
    expect(totals.netSales).toBe(Number(expected!.net));
    expect(totals.refunds).toBeGreaterThan(0);
  });
});

/**
 * The pay-on-delivery report (issue 30) on the reports' known shop (test/report-shop.ts),
 * every figure checked exactly, through HTTP. Besides the shop's O3 (pay on delivery, 1 C,
 * paid to the rider, Lagos Island, 15 March), each a pay-on-delivery order of 1 C (₦5,000 +
 * ₦2,500 delivery) moved through the API:
 * - P1 Lagos Island, 16 March: confirmed, sent, refused at delivery;
 * - P2 Oyo, 17 March: never confirmed, cancelled by the sweeper;
 * - P3 Oyo, 18 March: confirmed and sent, not paid yet;
 * - P4 Lagos Island, 19 March: confirmed, sent and delivered, not paid yet;
 * - P5 Lagos Island, 10 February (the comparison): confirmed and sent, not paid yet.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import { expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { buildReportShop, expectBadQuery } from '../../test/report-shop.ts';
import { orders } from '../db/schema/index.ts';

let ctx: TestContext;
let owner: Client;
let noProfit: Client;
const P: Record<string, string> = {};

beforeAll(async () => {
  const shop = await buildReportShop();
  ({ ctx, owner, noProfit } = shop);
  const ok = async (method: 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await owner.json(method, url, payload);
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  };
  const pod = async () => (await shop.checkout([{ productId: shop.ids.C, quantity: 1 }], { paymentMethod: 'pod' })).orderId;
  const send = async (id: string) => {
    await ok('POST', `/api/orders/${id}/confirm`);
    await ok('PATCH', `/api/orders/${id}/status`, { status: 'fulfilled' });
  };
  for (const name of ['P1', 'P2', 'P3', 'P4', 'P5']) P[name] = await pod();
  for (const name of ['P1', 'P3', 'P4', 'P5']) await send(P[name]!);
  await ok('POST', `/api/orders/${P.P1}/refused`);
  await ok('PATCH', `/api/orders/${P.P4}/status`, { status: 'delivered' });
  // P2 was never confirmed: the sweeper cancels it once the time to confirm has passed.
  await ctx.app.orders.expirePending(new Date(Date.now() + 30 * 24 * 3_600_000));

  const at = async (id: string, lagos: string, state?: string) =>
    ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(`${lagos}+01:00`), ...(state ? { state } : {}) })
      .where(eq(orders.id, id));
  await at(P.P1!, '2026-03-16T12:00:00');
  await at(P.P2!, '2026-03-17T12:00:00', 'Oyo');
  await at(P.P3!, '2026-03-18T12:00:00', 'Oyo');
  await at(P.P4!, '2026-03-19T12:00:00');
  await at(P.P5!, '2026-02-10T12:00:00');
}, 60_000);
afterAll(() => ctx.close());

const MARCH = 'from=2026-03-01&to=2026-03-31';
const pod = async (as: Client, query: string) => {
  const res = await as.json('GET', `/api/reports/pod?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/reports/pod', () => {
  it('has the orders as the test expects them', async () => {
    const rows = await ctx.database.db
      .select({ id: orders.id, status: orders.status, failureReason: orders.failureReason, total: orders.total })
      .from(orders);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(P.P1!)).toMatchObject({ status: 'cancelled', failureReason: 'Refused at delivery', total: 750_000 });
    expect(byId.get(P.P2!)).toMatchObject({ status: 'cancelled', failureReason: 'Not confirmed in time' });
    expect(byId.get(P.P3!)).toMatchObject({ status: 'fulfilled', total: 750_000 });
    expect(byId.get(P.P4!)).toMatchObject({ status: 'delivered', total: 750_000 });
  });

  it('counts per state: sent, paid, refused, not confirmed, failure rate and what is left to collect', async () => {
    const report = await pod(owner, MARCH);
    expect(report.rows).toEqual([
      {
        key: 'Lagos Island',
        label: 'Lagos Island',
        sent: 3,
        paid: 1,
        refused: 1,
        unconfirmed: 0,
        failureRate: 33.33,
        toCollectOrders: 1,
        toCollect: 750_000,
      },
      {
        key: 'Oyo',
        label: 'Oyo',
        sent: 2,
        paid: 0,
        refused: 0,
        unconfirmed: 1,
        failureRate: 50,
        toCollectOrders: 1,
        toCollect: 750_000,
      },
    ]);
    expect(report.totals).toEqual({
      sent: 5,
      paid: 1,
      refused: 1,
      unconfirmed: 1,
      failureRate: 40,
      toCollectOrders: 2,
      toCollect: 1_500_000,
    });
    expect(report.comparison).toBeNull();
  });

  it('compares with the previous period', async () => {
    const report = await pod(owner, 'from=2026-03-01&to=2026-03-28&compare=previous_period');
    expect(report.comparison).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      totals: { sent: 1, paid: 0, refused: 0, unconfirmed: 0, failureRate: 0, toCollectOrders: 1, toCollect: 750_000 },
    });
    expect(report.comparison.change).toMatchObject({ sent: 400, paid: null, toCollect: 100, failureRate: null });
  });

  it('answers nothing for a period without pay-on-delivery orders', async () => {
    const report = await pod(owner, 'from=2026-01-01&to=2026-01-31');
    expect(report.rows).toEqual([]);
    expect(report.totals).toMatchObject({ sent: 0, failureRate: null, toCollect: 0 });
  });

  it('answers the same figures as CSV, money in naira', async () => {
    const res = await owner.json('GET', `/api/reports/pod.csv?${MARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(parse(res.body.replace('\uFEFF', ''), { columns: true })).toEqual([
      {
        State: 'Lagos Island',
        Sent: '3',
        Paid: '1',
        'Refused at delivery': '1',
        'Not confirmed in time': '0',
        'Failure rate %': '33.33',
        'Orders to collect': '1',
        'To collect': '7500.00',
      },
      {
        State: 'Oyo',
        Sent: '2',
        Paid: '0',
        'Refused at delivery': '0',
        'Not confirmed in time': '1',
        'Failure rate %': '50',
        'Orders to collect': '1',
        'To collect': '7500.00',
      },
      {
        State: 'Total',
        Sent: '5',
        Paid: '1',
        'Refused at delivery': '1',
        'Not confirmed in time': '1',
        'Failure rate %': '40',
        'Orders to collect': '2',
        'To collect': '15000.00',
      },
    ]);
  });

  it('is the same without reports.profit (it has no cost figure)', async () => {
    expect(await pod(noProfit, MARCH)).toEqual(await pod(owner, MARCH));
  });
});

describe('who may see the pay-on-delivery report, and bad queries', () => {
  it('needs reports.sales: anonymous 401, a shopper and the roles without it 403', async () => {
    await expectRefusedWithout(ctx, 'reports.sales', [
      { method: 'GET', url: `/api/reports/pod?${MARCH}` },
      { method: 'GET', url: `/api/reports/pod.csv?${MARCH}` },
    ]);
  });

  it.each([
    ['from=2026-3-01&to=2026-03-31', 'from must be a date written as YYYY-MM-DD'],
    ['to=2026-03-31', 'from'],
    ['from=2026-03-31&to=2026-03-01', 'from must not be after to'],
    ['from=2024-01-01&to=2026-01-01', 'A report covers at most 2 years'],
    [`${MARCH}&compare=last_week`, 'compare is previous_period or previous_year'],
  ])('refuses %s with 400 saying what is wrong', (query, message) => expectBadQuery(owner, 'pod', query, message));
});

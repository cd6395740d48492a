/**
 * The sales report (issue 30) on a small known shop, every figure checked to the kobo, through
 * HTTP, on the reports' known shop (test/report-shop.ts):
 * - A: ₦20,000 marked down by ₦2,000, cost ₦9,000; B: ₦9,000, cost unknown until after its
 *   first sale, then ₦4,000; C: ₦5,000, cost ₦2,500. Delivery by bike: ₦2,500 charged, ₦1,800.50
 *   paid to the rider. Fees: the sandbox's card rate, and the owner's rates for the rest.
 * - O1 card (sandbox), 1 A, 10 March 23:30 Lagos (22:30 UTC);
 * - O2 transfer, 1 A + 2 B with the 10 % coupon, 11 March 00:30 Lagos (still 10 March in UTC),
 *   B's cost unknown then; ₦3,600 of it refunded on 5 April;
 * - O3 pay on delivery, 1 C, 15 March; paid to the rider;
 * - O4 a till sale, 2 C with a ₦500 till discount each + 1 B, 20 March, half cash, half card;
 * - O5 transfer, 1 C, 10 February (the comparison); O6 unpaid, March (never counted).
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import { expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { buildReportShop, fig, type ReportShop, expectBadQuery } from '../../test/report-shop.ts';
import { orders } from '../db/schema/index.ts';

let ctx: TestContext;
let owner: Client;
let noProfit: Client;
let ids: ReportShop['ids'];
let order: ReportShop['order'];

beforeAll(async () => {
  ({ ctx, owner, noProfit, ids, order } = await buildReportShop());
}, 60_000);
afterAll(() => ctx.close());

const MARCH = 'from=2026-03-01&to=2026-03-31';
const sales = async (as: Client, query: string) => {
  const res = await as.json('GET', `/api/reports/sales?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

// Each order as a whole: O1 card fee = 1.5 % of ₦20,500 + ₦100 = 40,750 kobo; O2 the transfer's ₦52.50;
// O3 1.25 % of ₦7,500 + ₦100 = 19,375; O4 the terminal's 0.5 % of ₦9,000 + ₦10 = 5,500, the cash nothing.
const O1 = fig(1, 1, 2_000_000, 200_000, 0, 0, 0, 250_000, 900_000, 0, 40_750, 180_050);
const O2 = fig(1, 3, 3_800_000, 200_000, 360_000, 0, 0, 250_000, 900_000, 2, 5_250, 180_050);
const O3 = fig(1, 1, 500_000, 0, 0, 0, 0, 250_000, 250_000, 0, 19_375, 180_050);
const O4 = fig(1, 3, 1_900_000, 0, 0, 100_000, 0, 0, 900_000, 0, 5_500, 0);
const MARCH_TOTALS = fig(4, 8, 8_200_000, 400_000, 360_000, 100_000, 0, 750_000, 2_950_000, 2, 70_875, 540_150);
const FEBRUARY_TOTALS = fig(1, 1, 500_000, 0, 0, 0, 0, 250_000, 250_000, 0, 5_250, 180_050);

describe('GET /api/reports/sales', () => {
  it('has the made orders as the test expects them (coupon on goods after markdowns)', async () => {
    const rows = await ctx.database.db
      .select({ id: orders.id, couponDiscount: orders.couponDiscount, tillDiscount: orders.tillDiscount })
      .from(orders)
      .where(sql`${orders.id} in (${order.O2}, ${order.O4})`);
    expect(rows.find((r) => r.id === order.O2)?.couponDiscount).toBe(360_000);
    expect(rows.find((r) => r.id === order.O4)?.tillDiscount).toBe(100_000);
  });

  it('counts each sale on its Lagos day: 23:30 on the 10th and 00:30 on the 11th', async () => {
    const report = await sales(owner, `${MARCH}&groupBy=day`);
    expect(report.rows).toEqual([
      { key: '2026-03-10', label: '2026-03-10', ...O1 },
      { key: '2026-03-11', label: '2026-03-11', ...O2 },
      { key: '2026-03-15', label: '2026-03-15', ...O3 },
      { key: '2026-03-20', label: '2026-03-20', ...O4 },
    ]);
    expect(report.totals).toEqual({ ...MARCH_TOTALS, averageOrderValue: 1_835_000, unitsPerOrder: 2 });
    expect(report.totals.grossProfit).toBe(4_528_975);
    expect(report.totals.marginPercent).toBe(55.98);
    expect(report.comparison).toBeNull();
  });

  it('counts a refund in the month it was processed, not the sale’s', async () => {
    const report = await sales(owner, 'from=2026-02-01&to=2026-04-30&groupBy=month');
    expect(report.rows).toEqual([
      { key: '2026-02', label: '2026-02', ...FEBRUARY_TOTALS },
      { key: '2026-03', label: '2026-03', ...MARCH_TOTALS },
      { key: '2026-04', label: '2026-04', ...fig(0, 0, 0, 0, 0, 0, 360_000, 0, 0, 0, 0, 0) },
    ]);
    const april = await sales(owner, 'from=2026-04-01&to=2026-04-30&groupBy=day');
    expect(april.rows.map((r: { key: string }) => r.key)).toEqual(['2026-04-05']);
    expect(april.totals).toMatchObject({ orders: 0, refunds: 360_000, netSales: -360_000, averageOrderValue: null });
  });

  it('shares coupons, delivery, fees and refunds over an order’s lines by amount for groupBy=product', async () => {
    const march = await sales(owner, `${MARCH}&groupBy=product`);
    // O2's lines weigh the same (₦18,000 each after markdown): each takes half of its coupon, delivery and fee.
    expect(march.rows).toEqual([
      {
        key: ids.A,
        label: 'Adire dress',
        ...fig(2, 2, 4_000_000, 400_000, 180_000, 0, 0, 375_000, 1_800_000, 0, 43_375, 270_075),
      },
      { key: ids.B, label: 'Aso-oke clutch', ...fig(2, 3, 2_700_000, 0, 180_000, 0, 0, 125_000, 400_000, 2, 5_375, 90_025) },
      { key: ids.C, label: 'Ankara tote', ...fig(2, 3, 1_500_000, 0, 0, 100_000, 0, 250_000, 750_000, 0, 22_125, 180_050) },
    ]);
    const april = await sales(owner, 'from=2026-04-01&to=2026-04-30&groupBy=product');
    expect(april.rows).toEqual([
      { key: ids.A, label: 'Adire dress', ...fig(0, 0, 0, 0, 0, 0, 180_000, 0, 0, 0, 0, 0) },
      { key: ids.B, label: 'Aso-oke clutch', ...fig(0, 0, 0, 0, 0, 0, 180_000, 0, 0, 0, 0, 0) },
    ]);
  });

  it('shares a split till sale over its tenders by amount for groupBy=payment_method, each fee where it was paid', async () => {
    const report = await sales(owner, `${MARCH}&groupBy=payment_method`);
    expect(report.rows).toEqual([
      { key: 'transfer', label: expect.any(String), ...O2 },
      // O1 whole and half of O4 (its units counted in both of its tenders' rows).
      {
        key: 'card',
        label: expect.any(String),
        ...fig(2, 4, 2_950_000, 200_000, 0, 50_000, 0, 250_000, 1_350_000, 0, 46_250, 180_050),
      },
      { key: 'cash', label: expect.any(String), ...fig(1, 3, 950_000, 0, 0, 50_000, 0, 0, 450_000, 0, 0, 0) },
      { key: 'pod', label: expect.any(String), ...O3 },
    ]);
  });

  it('groups by channel, staff (web orders “Online”) and state (till sales “In store”)', async () => {
    const channel = await sales(owner, `${MARCH}&groupBy=channel`);
    expect(channel.rows).toEqual([
      {
        key: 'web',
        label: 'Online shop',
        ...fig(3, 5, 6_300_000, 400_000, 360_000, 0, 0, 750_000, 2_050_000, 2, 65_375, 540_150),
      },
      { key: 'pos', label: 'Point of sale', ...O4 },
    ]);
    const staff = await sales(owner, `${MARCH}&groupBy=staff`);
    expect(staff.rows.map((r: { label: string; netSales: number }) => [r.label, r.netSales])).toEqual([
      ['Online', 5_540_000],
      ['Bisi Till', 1_800_000],
    ]);
    const state = await sales(owner, `${MARCH}&groupBy=state`);
    expect(state.rows.map((r: { label: string; orders: number }) => [r.label, r.orders])).toEqual([
      ['Lagos Island', 3],
      ['In store', 1],
    ]);
  });

  it.each(['week', 'variant', 'category', 'brand', 'staff', 'state'])(
    'adds up to the totals to the kobo by %s, a refund month included',
    async (groupBy) => {
      const report = await sales(owner, `from=2026-02-01&to=2026-04-30&groupBy=${groupBy}`);
      expect(report.rows.length).toBeGreaterThan(0);
      const MONEY = ['grossSales', 'markdowns', 'coupons', 'tillDiscounts', 'refunds', 'netSales', 'deliveryCharged'];
      for (const key of [...MONEY, 'costOfGoods', 'paymentFees', 'deliveryCost', 'grossProfit', 'unitsUnknownCost']) {
        const sum = report.rows.reduce((total: number, row: Record<string, number>) => total + row[key]!, 0);
        expect(sum, key).toBe(report.totals[key]);
      }
      expect(report.totals).toMatchObject({
        orders: 5,
        netSales: 7_340_000 + 500_000 - 360_000,
        grossProfit: 4_528_975 + 314_700 - 360_000,
      });
    },
  );

  it('compares with the previous period and the previous year', async () => {
    const report = await sales(owner, `${MARCH}&groupBy=month&compare=previous_period`);
    expect(report.comparison).toMatchObject({
      from: '2026-01-29',
      to: '2026-02-28',
      totals: { ...FEBRUARY_TOTALS, averageOrderValue: 500_000, unitsPerOrder: 1 },
    });
    // ₦73,400 against ₦5,000: +1,368 %; gross profit ₦45,289.75 against ₦3,147.
    expect(report.comparison.change).toMatchObject({ netSales: 1368, orders: 300, grossProfit: 1339.14, markdowns: null });
    const lastYear = await sales(owner, `${MARCH}&groupBy=day&compare=previous_year`);
    expect(lastYear.comparison).toMatchObject({ from: '2025-03-01', to: '2025-03-31', totals: { orders: 0, netSales: 0 } });
    expect(lastYear.comparison.change.netSales).toBeNull();
  });

  it('answers the same figures as CSV, money in naira with 2 decimals', async () => {
    const res = await owner.json('GET', `/api/reports/sales.csv?${MARCH}&groupBy=product`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-2026-03-01-2026-03-31-by-product.csv"');
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.product)).toEqual(['Adire dress', 'Aso-oke clutch', 'Ankara tote', 'Total']);
    expect(rows[0]).toEqual({
      product: 'Adire dress',
      orders: '2',
      units: '2',
      grossSales: '40000.00',
      markdowns: '4000.00',
      coupons: '1800.00',
      tillDiscounts: '0.00',
      refunds: '0.00',
      netSales: '34200.00',
      deliveryCharged: '3750.00',
      costOfGoods: '18000.00',
      unitsUnknownCost: '0',
      paymentFees: '433.75',
      deliveryCost: '2700.75',
      grossProfit: '16815.50',
      marginPercent: '44.31',
    });
    expect(rows[3]).toMatchObject({
      netSales: '73400.00',
      grossProfit: '45289.75',
      unitsUnknownCost: '2',
      marginPercent: '55.98',
    });
  });

  it('leaves the cost, fee and profit figures out, not nulled, without reports.profit (JSON and CSV)', async () => {
    const PROFIT_KEYS = ['costOfGoods', 'unitsUnknownCost', 'paymentFees', 'deliveryCost', 'grossProfit', 'marginPercent'];
    const report = await sales(noProfit, `${MARCH}&groupBy=product&compare=previous_period`);
    for (const figures of [...report.rows, report.totals, report.comparison.totals, report.comparison.change]) {
      for (const key of PROFIT_KEYS) expect(figures).not.toHaveProperty(key);
    }
    expect(report.totals).toEqual({
      orders: 4,
      units: 8,
      grossSales: 8_200_000,
      markdowns: 400_000,
      coupons: 360_000,
      tillDiscounts: 100_000,
      refunds: 0,
      netSales: 7_340_000,
      deliveryCharged: 750_000,
      averageOrderValue: 1_835_000,
      unitsPerOrder: 2,
    });
    const csv = await noProfit.json('GET', `/api/reports/sales.csv?${MARCH}&groupBy=product`);
    expect(csv.statusCode).toBe(200);
    const header = csv.body.replace('\uFEFF', '').split('\r\n')[0];
    expect(header).toBe('product,orders,units,grossSales,markdowns,coupons,tillDiscounts,refunds,netSales,deliveryCharged');
  });

  it('agrees with the orders CSV export: a month’s net = its paid orders’ goods after discounts − the month’s goods refunds', async () => {
    const res = await owner.json('GET', '/api/purchases.csv');
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    const kobo = (naira: string) => Math.round(Number(naira) * 100);
    const lagosMonth = (iso: string) => new Date(new Date(iso).getTime() + 3_600_000).toISOString().slice(0, 7);
    const refunds = async (month: string) => {
      let sum = 0;
      for (const row of rows) {
        const view = (await owner.json('GET', `/api/orders/${row.id}`)).json() as {
          refunds: { amount: number; status: string; processedAt: string | null }[];
        };
        for (const r of view.refunds) {
          if (r.status === 'processed' && r.processedAt && lagosMonth(r.processedAt) === month) sum += kobo(String(r.amount));
        }
      }
      return sum;
    };
    for (const month of ['2026-02', '2026-03', '2026-04']) {
      const goods = rows
        .filter(
          (r) => lagosMonth(r.createdAt!) === month && ['paid', 'partially_refunded', 'refunded'].includes(r.paymentStatus!),
        )
        // The goods' price less every discount: what was charged less delivery.
        .reduce((sum, r) => sum + kobo(r.totalPrice!) - kobo(r.deliveryFee!), 0);
      const [from, to] = [`${month}-01`, `${month}-${month === '2026-02' ? '28' : month === '2026-04' ? '30' : '31'}`];
      const report = await sales(owner, `from=${from}&to=${to}&groupBy=month`);
      expect(report.totals.netSales, month).toBe(goods - (await refunds(month)));
    }
  });
});

describe('who may see it, and bad queries', () => {
  it('needs reports.sales: anonymous 401, a shopper and the roles without it 403', async () => {
    await expectRefusedWithout(ctx, 'reports.sales', [
      { method: 'GET', url: `/api/reports/sales?${MARCH}&groupBy=day` },
      { method: 'GET', url: `/api/reports/sales.csv?${MARCH}&groupBy=day` },
    ]);
  });

  it.each([
    ['from=2026-3-01&to=2026-03-31&groupBy=day', 'from must be a date written as YYYY-MM-DD'],
    ['from=2026-02-30&to=2026-03-31&groupBy=day', 'from'],
    ['from=2026-03-31&to=2026-03-01&groupBy=day', 'from must not be after to'],
    ['from=2024-01-01&to=2026-01-01&groupBy=day', 'A report covers at most 2 years'],
    [`${MARCH}&groupBy=colour`, 'groupBy is one of day, week, month'],
    [`${MARCH}`, 'groupBy is one of'],
    [`${MARCH}&groupBy=day&compare=last_week`, 'compare is previous_period or previous_year'],
  ])('refuses %s with 400 saying what is wrong', (query, message) => expectBadQuery(owner, 'sales', query, message));

  it('takes exactly two years', async () => {
    expect((await owner.json('GET', '/api/reports/sales?from=2024-03-01&to=2026-02-28&groupBy=week')).statusCode).toBe(200);
  });
});

/**
 * The stock report (issue 30) on the reports' known shop (test/report-shop.ts), every figure
 * checked exactly, through HTTP. On top of the shop, relative to now:
 * - the till sale O4 (2 C + 1 B) happened 10 days ago, the pay-on-delivery O3 (1 C) 45 days
 *   ago; A last sold on 11 March (O2), so more than 60 days ago; O6 (1 A) is still unpaid;
 * - B's stock is set to 2, C's to 0; D (₦1,000, no cost, category Scarves) is at −3 after
 *   offline till sales and never sold.
 * So: A 47 in stock + 1 held = 48 on hand, dead; B 2 on hand, 1 sold, 60 days of cover;
 * C 0 on hand, 2 sold, 0 days of cover, to reorder; D −3 on hand, counted as 0.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../test/clients.ts';
import { insertProduct, readVariants } from '../../test/fixtures.ts';
import { expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { buildReportShop, type ReportShop, expectBadQuery } from '../../test/report-shop.ts';
import { categories, orders, productVariants } from '../db/schema/index.ts';

let ctx: TestContext;
let owner: Client;
let noProfit: Client;
let variants: ReportShop['variants'] & { D: string };
let scarves: string;
const DAY = 86_400_000;
/** When O4, the last sale of B and C, happened. */
const o4At = new Date(Math.floor((Date.now() - 10 * DAY) / 1000) * 1000);

beforeAll(async () => {
  const shop = await buildReportShop();
  ({ ctx, owner, noProfit } = shop);
  const db = ctx.database.db;
  await db.update(orders).set({ createdAt: o4At }).where(eq(orders.id, shop.order.O4!));
  await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 45 * DAY) })
    .where(eq(orders.id, shop.order.O3!));
  await db.update(productVariants).set({ counter: 2 }).where(eq(productVariants.id, shop.variants.B));
  await db.update(productVariants).set({ counter: 0 }).where(eq(productVariants.id, shop.variants.C));
  const [category] = await db.insert(categories).values({ name: 'Scarves', slug: 'scarves' }).returning();
  scarves = category!.id;
  const d = await insertProduct(db, { title: 'Kente scarf', price: 100_000, categoryId: scarves, counter: -3 });
  const [dVariant] = await readVariants(db, d.id);
  variants = { ...shop.variants, D: dVariant!.id };
}, 60_000);
afterAll(() => ctx.close());

const stock = async (as: Client, query = '') => {
  const res = await as.json('GET', `/api/reports/stock?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The rows as [variant letter, figures] for readable comparisons. */
const byLetter = (rows: { variantId: string }[]) =>
  rows.map((r) => Object.entries(variants).find(([, id]) => id === r.variantId)?.[0]);

const ROWS = {
  A: {
    onHand: 48,
    reserved: 1,
    price: 1_800_000,
    valueAtPrice: 86_400_000,
    cost: 900_000,
    valueAtCost: 43_200_000,
    sold30: 0,
    coverDays: null,
    lastSold: '2026-03-10T23:30:00.000Z',
    dead: true,
    reorder: false,
  },
  B: {
    onHand: 2,
    reserved: 0,
    price: 900_000,
    valueAtPrice: 1_800_000,
    cost: 400_000,
    valueAtCost: 800_000,
    sold30: 1,
    coverDays: 60,
    lastSold: o4At.toISOString(),
    dead: false,
    reorder: false,
  },
  C: {
    onHand: 0,
    reserved: 0,
    price: 500_000,
    valueAtPrice: 0,
    cost: 250_000,
    valueAtCost: 0,
    sold30: 2,
    coverDays: 0,
    lastSold: o4At.toISOString(),
    dead: false,
    reorder: true,
  },
  D: {
    onHand: -3,
    reserved: 0,
    price: 100_000,
    valueAtPrice: 0,
    cost: null,
    valueAtCost: null,
    sold30: 0,
    coverDays: null,
    lastSold: null,
    dead: false,
    reorder: false,
    category: 'Scarves',
  },
};
const TOTALS = {
  variants: 4,
  onHand: 47,
  reserved: 1,
  valueAtPrice: 88_200_000,
  sold30: 3,
  dead: 1,
  reorder: 1,
  valueAtCost: 44_000_000,
  variantsUnknownCost: 1,
  unitsUnknownCost: 0,
};

describe('GET /api/reports/stock', () => {
  it('has every variant’s on hand, reserved, values, sales, cover, last sale and flags, with totals', async () => {
    const report = await stock(owner);
    expect(byLetter(report.rows)).toEqual(['A', 'C', 'B', 'D']);
    for (const row of report.rows) {
      const letter = byLetter([row])[0] as keyof typeof ROWS;
      expect(row, letter).toMatchObject(ROWS[letter]);
    }
    expect(report.rows[0]).toMatchObject({ label: 'Adire dress · indigo', category: null });
    expect(report).toMatchObject({ total: 4, limit: 50, offset: 0, reorderDays: 14 });
    expect(report.totals).toEqual(TOTALS);
  });

  it('pages, and keeps the totals over every row', async () => {
    const report = await stock(owner, 'limit=2&offset=1');
    expect(byLetter(report.rows)).toEqual(['C', 'B']);
    expect(report).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(report.totals).toEqual(TOTALS);
  });

  it('keeps the totals on a page past the last row, which has no rows', async () => {
    const report = await stock(owner, 'limit=2&offset=10');
    expect(report.rows).toEqual([]);
    expect(report).toMatchObject({ total: 4, limit: 2, offset: 10 });
    expect(report.totals).toEqual(TOTALS);
  });

  it.each([
    ['sort=onHand&dir=desc', ['A', 'B', 'C', 'D']],
    ['sort=value&dir=desc', ['A', 'B', 'C', 'D']],
    ['sort=cover', ['C', 'B', 'A', 'D']],
    ['sort=cover&dir=desc', ['B', 'C', 'A', 'D']],
    ['sort=sold30&dir=desc', ['C', 'B', 'A', 'D']],
    ['sort=lastSold&dir=desc', ['C', 'B', 'A', 'D']],
    ['sort=name&dir=desc', ['D', 'B', 'C', 'A']],
  ])('sorts by %s (no value last, ties by name)', async (query, order) => {
    expect(byLetter((await stock(owner, query)).rows)).toEqual(order);
  });

  it('filters by flag and by category, the totals following the filter', async () => {
    const dead = await stock(owner, 'flag=dead');
    expect(byLetter(dead.rows)).toEqual(['A']);
    expect(dead.totals).toMatchObject({ variants: 1, onHand: 48, dead: 1, reorder: 0, valueAtPrice: 86_400_000 });
    expect(byLetter((await stock(owner, 'flag=reorder')).rows)).toEqual(['C']);
    const scarf = await stock(owner, `category=${scarves}`);
    expect(byLetter(scarf.rows)).toEqual(['D']);
    expect(scarf.total).toBe(1);
  });

  it('flags to reorder below the reportsReorderDays setting', async () => {
    const saved = await owner.json('PUT', '/api/settings', { reportsReorderDays: 61 });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const report = await stock(owner, 'flag=reorder');
      expect(report.reorderDays).toBe(61);
      expect(byLetter(report.rows)).toEqual(['C', 'B']);
    } finally {
      await owner.json('PUT', '/api/settings', { reportsReorderDays: 14 });
    }
    const bad = await owner.json('PUT', '/api/settings', { reportsReorderDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('The days of cover must be at least 1');
  });

  it('answers every matching row as CSV, in the same order, money in naira, then the totals', async () => {
    const res = await owner.json('GET', '/api/reports/stock.csv?sort=onHand&dir=desc&limit=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse(res.body.replace('\uFEFF', ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.SKU).slice(0, 4)).toEqual(
      (await stock(owner, 'sort=onHand&dir=desc')).rows.map((r: { sku: string }) => r.sku),
    );
    expect(rows[0]).toMatchObject({
      Variant: 'Adire dress · indigo',
      'On hand': '48',
      Reserved: '1',
      Price: '18000.00',
      'Value at price': '864000.00',
      Cost: '9000.00',
      'Value at cost': '432000.00',
      'Sold in 30 days': '0',
      'Days of cover': '',
      'Last sold': '2026-03-10T23:30:00.000Z',
      Dead: 'yes',
      Reorder: '',
    });
    expect(rows[3]).toMatchObject({ 'On hand': '-3', Cost: '', 'Value at cost': '', 'Value at price': '0.00' });
    expect(rows[4]).toMatchObject({
      SKU: 'Total',
      Variant: '4 variants',
      'On hand': '47',
      'Value at price': '882000.00',
      'Value at cost': '440000.00',
      'Sold in 30 days': '3',
      Dead: '1',
      Reorder: '1',
    });
    expect(rows).toHaveLength(5);
  });

  it('leaves the cost figures out, not nulled, without reports.profit (JSON and CSV)', async () => {
    const report = await stock(noProfit);
    for (const row of report.rows) {
      expect(row).not.toHaveProperty('cost');
      expect(row).not.toHaveProperty('valueAtCost');
    }
    const { valueAtCost, variantsUnknownCost, unitsUnknownCost, ...withoutProfit } = TOTALS;
    expect(report.totals).toEqual(withoutProfit);
    const csv = await noProfit.json('GET', '/api/reports/stock.csv');
    expect(csv.statusCode).toBe(200);
    const header = csv.body.replace('\uFEFF', '').split('\r\n')[0];
    expect(header).not.toMatch(/cost/i);
    expect(header).toContain('Value at price');
  });
});

describe('who may see the stock report, and bad queries', () => {
  it('needs reports.sales: anonymous 401, a shopper and the roles without it 403', async () => {
    await expectRefusedWithout(ctx, 'reports.sales', [
      { method: 'GET', url: '/api/reports/stock' },
      { method: 'GET', url: '/api/reports/stock.csv' },
    ]);
  });

  it.each([
    ['limit=0', 'limit is a whole number from 1 to 200'],
    ['limit=201', 'limit is a whole number from 1 to 200'],
    ['limit=ten', 'limit is a whole number from 1 to 200'],
    ['offset=-1', 'offset is a whole number, 0 or more'],
    ['sort=price', 'sort is one of name, onHand, value, cover, sold30, lastSold'],
    ['dir=up', 'dir is asc or desc'],
    ['flag=slow', 'flag is dead or reorder'],
    ['category=bags', 'category is a category id'],
  ])('refuses %s with 400 saying what is wrong', (query, message) => expectBadQuery(owner, 'stock', query, message));

  it('takes a page of 200', async () => {
    expect((await owner.json('GET', '/api/reports/stock?limit=200')).statusCode).toBe(200);
  });
});

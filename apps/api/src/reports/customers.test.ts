/**
 * The customers report (issue 30) on the reports' known shop (test/report-shop.ts), every figure
 * checked exactly, through HTTP. Each of the shop's web orders has its own shopper: in March
 * O1 (₦18,000 net), O2 (₦32,400, ₦3,600 of it refunded in April), O3 (₦5,000); O5's shopper
 * bought in February (₦5,000). Here:
 * - the till sale O4 (₦18,000 net) is recorded for the till customer Chioma Eze;
 * - R1: O5's shopper buys 1 C again (₦5,000) on 25 March, so is returning and repeats;
 * - O6 (unpaid) and walk-ins never count.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../../test/clients.ts';
import { createStaff, expectRefusedWithout, type TestContext } from '../../test/helpers.ts';
import { buildReportShop, expectBadQuery } from '../../test/report-shop.ts';
import { customers, orders, users } from '../db/schema/index.ts';

let ctx: TestContext;
let owner: Client;
/** reports.sales without customers.read. */
let noNames: Client;
/** Customer keys: S1…S5 the shoppers of O1…O5, T the till customer. */
const key: Record<string, string> = {};
const names: Record<string, string> = {};

beforeAll(async () => {
  const shop = await buildReportShop();
  ({ ctx, owner } = shop);
  const db = ctx.database.db;
  const [chioma] = await db
    .insert(customers)
    .values({ firstName: 'Chioma', lastName: 'Eze', email: 'chioma@example.com' })
    .returning();
  await db.update(orders).set({ customerId: chioma!.id }).where(eq(orders.id, shop.order.O4!));
  key.T = `till:${chioma!.id}`;
  names.T = 'Chioma Eze';
  for (const o of ['O1', 'O2', 'O3', 'O5']) {
    const [row] = await db
      .select({ userId: orders.userId, first: users.firstName, last: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, shop.order[o]!));
    key[`S${o.slice(1)}`] = `account:${row!.userId}`;
    names[`S${o.slice(1)}`] = `${row!.first} ${row!.last}`.trim();
  }
  const r1 = await shop.checkout([{ productId: shop.ids.C, quantity: 1 }]);
  const paid = await owner.json('POST', `/api/orders/${r1.orderId}/payments`, { method: 'transfer', amount: r1.amount / 100 });
  expect(paid.statusCode, paid.body).toBe(201);
  await db
    .update(orders)
    .set({ createdAt: new Date('2026-03-25T12:00:00+01:00'), userId: key.S5!.slice('account:'.length) })
    .where(eq(orders.id, r1.orderId));

  const role = await owner.json('POST', '/api/roles', {
    name: 'Reports only',
    permissions: ['reports.sales'],
    pos: { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' },
    discountLimitPercent: 0,
  });
  expect(role.statusCode, role.body).toBe(201);
  const member = await createStaff(ctx, 'manager');
  await db.update(users).set({ staffRoleId: role.json().id }).where(eq(users.id, member.user.id));
  noNames = client(ctx.app, member.accessToken);
}, 60_000);
afterAll(() => ctx.close());

const MARCH = 'from=2026-03-01&to=2026-03-31';
const report = async (as: Client, query: string) => {
  const res = await as.json('GET', `/api/reports/customers?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The top list's expected order: net sales, then key. */
const ranked = <T extends { who: string; netSales: number }>(list: T[]) =>
  [...list].sort((a, b) => b.netSales - a.netSales || key[a.who]!.localeCompare(key[b.who]!));

const MARCH_TOP = [
  { who: 'S2', orders: 1, netSales: 3_240_000, isNew: true },
  { who: 'S1', orders: 1, netSales: 1_800_000, isNew: true },
  { who: 'T', orders: 1, netSales: 1_800_000, isNew: true },
  { who: 'S3', orders: 1, netSales: 500_000, isNew: true },
  { who: 'S5', orders: 1, netSales: 500_000, isNew: false },
];

describe('GET /api/reports/customers', () => {
  it('counts new and returning customers, their net sales and the repeat rate; walk-ins and unpaid orders apart', async () => {
    const r = await report(owner, MARCH);
    expect(r.totals).toEqual({
      customers: 5,
      newCustomers: 4,
      returningCustomers: 1,
      newNetSales: 7_340_000,
      returningNetSales: 500_000,
      repeatRate: 20,
    });
    expect(r.comparison).toBeNull();
  });

  it('lists the top customers by net sales, with names for customers.read', async () => {
    const r = await report(owner, MARCH);
    expect(r.top).toEqual(
      ranked(MARCH_TOP).map(({ who, ...c }) => ({
        key: key[who],
        label: names[who],
        kind: who === 'T' ? 'till' : 'account',
        ...c,
      })),
    );
    expect(names.T).toBe('Chioma Eze');
  });

  it('shows no name without customers.read, only an id label', async () => {
    const r = await report(noNames, MARCH);
    expect(r.totals.customers).toBe(5);
    for (const c of r.top) {
      const id = c.key.split(':')[1];
      expect(c.label).toBe(`${c.kind === 'till' ? 'Till customer' : 'Account'} ${id.slice(0, 8)}`);
    }
    expect(JSON.stringify(r)).not.toContain('Chioma');
    const csv = await noNames.json('GET', `/api/reports/customers.csv?${MARCH}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Chioma');
  });

  it('counts a refund-only month: no customer, the refund in the returning net sales', async () => {
    const r = await report(owner, 'from=2026-04-01&to=2026-04-30');
    expect(r.totals).toEqual({
      customers: 0,
      newCustomers: 0,
      returningCustomers: 0,
      newNetSales: 0,
      returningNetSales: -360_000,
      repeatRate: null,
    });
    expect(r.top).toEqual([]);
  });

  it('compares with the previous period', async () => {
    const r = await report(owner, `${MARCH}&compare=previous_period`);
    expect(r.comparison).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
      totals: { customers: 1, newCustomers: 1, returningCustomers: 0, newNetSales: 500_000, returningNetSales: 0, repeatRate: 0 },
      change: {
        customers: 400,
        newCustomers: 300,
        returningCustomers: null,
        newNetSales: 1368,
        returningNetSales: null,
        repeatRate: null,
      },
    });
  });

  it('answers as CSV: the figures, then the top customers, money in naira', async () => {
    const res = await owner.json('GET', `/api/reports/customers.csv?${MARCH}&compare=previous_period`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [figures = '', top = ''] = res.body.replace('\uFEFF', '').split('\r\n\r\n');
    expect(parse(figures, { columns: true })).toEqual([
      { Figure: 'Customers', '2026-03-01 to 2026-03-31': '5', '2026-01-29 to 2026-02-28': '1' },
      { Figure: 'New customers', '2026-03-01 to 2026-03-31': '4', '2026-01-29 to 2026-02-28': '1' },
      { Figure: 'Returning customers', '2026-03-01 to 2026-03-31': '1', '2026-01-29 to 2026-02-28': '0' },
      { Figure: 'New customers net sales', '2026-03-01 to 2026-03-31': '73400.00', '2026-01-29 to 2026-02-28': '5000.00' },
      { Figure: 'Returning customers net sales', '2026-03-01 to 2026-03-31': '5000.00', '2026-01-29 to 2026-02-28': '0.00' },
      { Figure: 'Repeat rate %', '2026-03-01 to 2026-03-31': '20', '2026-01-29 to 2026-02-28': '0' },
    ]);
    expect(parse(top, { columns: true })).toEqual(
      ranked(MARCH_TOP).map((c) => ({
        'Top customer': names[c.who],
        Orders: '1',
        'Net sales': (c.netSales / 100).toFixed(2),
        New: c.isNew ? 'yes' : '',
      })),
    );
  });
});

describe('who may see the customers report, and bad queries', () => {
  it('needs reports.sales: anonymous 401, a shopper and the roles without it 403', async () => {
    await expectRefusedWithout(ctx, 'reports.sales', [
      { method: 'GET', url: `/api/reports/customers?${MARCH}` },
      { method: 'GET', url: `/api/reports/customers.csv?${MARCH}` },
    ]);
  });

  it.each([
    ['to=2026-03-31', 'from'],
    ['from=2026-03-31&to=2026-03-01', 'from must not be after to'],
    ['from=2024-01-01&to=2026-01-01', 'A report covers at most 2 years'],
    [`${MARCH}&compare=last_month`, 'compare is previous_period or previous_year'],
  ])('refuses %s with 400 saying what is wrong', (query, message) => expectBadQuery(owner, 'customers', query, message));
});

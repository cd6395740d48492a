/**
 * The reports (issue 30), as the demo Owner and as a member of a custom role with the
 * Manager's permissions but reports.profit: the Owner sees figures, a chart and the cost and
 * profit columns, on the page and in the downloaded CSV; the member sees the same report
 * without any cost, fee, profit or margin figure, on the page or in the CSV (the API leaves
 * them out; the page shows what it was sent). The demo history (90 days of orders) fills the
 * last 30 days.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { unique } from '../storefront/fixtures.ts';
import { adminLogin, openMenu, signInWithStorage, staffSession } from './helpers.ts';
import { newMember } from './team.ts';

/** The report pages that exist, by their tab and the table each shows. */
const REPORTS = [
  { tab: 'Sales', table: /^Sales by day/ },
  { tab: 'Stock', table: 'Stock by variant' },
  { tab: 'Pay on delivery', table: /^Pay on delivery by state/ },
  { tab: 'Coupons', table: /^Sales by coupon/ },
  { tab: 'Customers', table: /^Top customers by net sales/ },
] as const;

const PROFIT_WORDS = /cost|fee|profit|margin/i;

/** Opens each report from the tab bar and checks its figures and chart; answers the CSV's header row of each. */
async function openReports(page: Page): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const report of REPORTS) {
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: report.tab, exact: true }).click();
    const table = page.getByRole('table', { name: report.table });
    await expect(table).toBeVisible();
    // Figures: a first row of figures, not the one cell saying there are none.
    await expect(table.locator('tbody tr').first().locator('td').nth(1)).toBeVisible();
    await expect(page.getByRole('img', { name: /the figures are in the table below/ }).first()).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8')).replace('\uFEFF', '');
    headers[report.tab] = csv.split(/\r?\n/)[0]!;
    expect(csv.split(/\r?\n/).filter(Boolean).length, 'a row and the total at least').toBeGreaterThan(2);
  }
  return headers;
}

/** A custom role with the Manager's permissions but reports.profit, made by the demo Owner through the API. */
async function managerWithoutProfit(request: APIRequestContext): Promise<string> {
  const owner = await staffSession(request);
  const headers = { authorization: `Bearer ${owner.accessToken}` };
  const roles: { name: string; permissions: string[]; pos: unknown; discountLimitPercent: number }[] = await (
    await request.get('/api/roles', { headers })
  ).json();
  const manager = roles.find((r) => r.name === 'Manager')!;
  expect(manager.permissions).toContain('reports.profit');
  const name = `Manager, no profit ${unique()}`;
  const created = await request.post('/api/roles', {
    headers,
    data: {
      name,
      permissions: manager.permissions.filter((p) => p !== 'reports.profit'),
      pos: manager.pos,
      discountLimitPercent: manager.discountLimitPercent,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return name;
}

test('the Owner opens each report with figures, a chart and the cost and profit columns, in the CSV too', async ({ page }) => {
  test.setTimeout(90_000);
  await adminLogin(page);
  await openMenu(page, 'Reports');
  await expect(page).toHaveURL(/\/reports$/);
  const headers = await openReports(page);
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(
    page.getByRole('table', { name: /^Sales by day/ }).getByRole('columnheader', { name: 'Gross profit' }),
  ).toBeVisible();
  for (const column of ['costOfGoods', 'paymentFees', 'deliveryCost', 'grossProfit', 'marginPercent']) {
    expect(headers.Sales!.split(',')).toContain(column);
  }
  expect(headers.Stock!.split(',')).toEqual(expect.arrayContaining(['Cost', 'Value at cost']));
  expect(headers.Coupons!.split(',')).toEqual(expect.arrayContaining(['coupon', 'costOfGoods', 'grossProfit']));
});

test('a member of a role with the Manager’s permissions but reports.profit sees no cost, fee, profit or margin anywhere', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await newMember(request, await managerWithoutProfit(request));
  expect(member.user.permissions).toContain('reports.sales');
  expect(member.user.permissions).not.toContain('reports.profit');
  await signInWithStorage(page, member);
  await page.goto('/settings');
  await openMenu(page, 'Reports');
  await expect(page).toHaveURL(/\/reports$/);
  const headers = await openReports(page);
  for (const report of REPORTS) {
    const table = page.getByRole('table', { name: report.table });
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: report.tab, exact: true }).click();
    await expect(table).toBeVisible();
    for (const heading of await table.getByRole('columnheader').allInnerTexts()) expect(heading).not.toMatch(PROFIT_WORDS);
    await expect(page.getByRole('main')).not.toContainText(PROFIT_WORDS);
    expect(headers[report.tab]).not.toMatch(PROFIT_WORDS);
  }
});

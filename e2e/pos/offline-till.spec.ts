/**
 * The till keeps selling when the network drops (issue 29): prepared online, then cut off
 * (offline AND every request aborted, the service worker's included), it sells five sales
 * (cash with change, split cash + card, card on a terminal, bank transfer, and one parked
 * and resumed), reloads with no network and still shows them and the banner, and nothing
 * reached the server meanwhile. Back online, the page's `online` handler syncs them: each
 * is recorded once, under its receipt number, and the stock moved.
 */
import { expect, test } from '@playwright/test';
import { staffSession } from '../admin/helpers.ts';
import {
  auth,
  completeSale,
  goOffline,
  layoutProblems,
  pay,
  pick,
  prepareTill,
  productNow,
  scan,
  stockedProduct,
  storedSales,
} from './helpers.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

test('a till prepared online sells offline, survives a reload and syncs each sale once', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const product = await stockedProduct(request, 12_500, [
    { size: 'medium', counter: 10 },
    { size: 'large', counter: 4 },
  ]);
  const [m, l] = product.variants;
  await prepareTill(page, `Front ${product.title}`);

  const network = await goOffline(context);
  // One receipt each: cash with change, split, card, transfer, parked and resumed.
  const receipts: string[] = [];

  await scan(page, m!.sku);
  await pay(page, { type: 'Cash', received: '15000' });
  await expect(page.getByTestId('sale-change')).toHaveText('₦2,500.00');
  receipts.push(await completeSale(page));

  await scan(page, m!.sku);
  await scan(page, l!.sku);
  await expect(page.getByTestId('sale-total')).toHaveText('₦25,000.00');
  await pay(page, { type: 'Cash', received: '10000' });
  await expect(page.getByTestId('sale-due')).toHaveText('₦15,000.00');
  // A phone: no sideways scrolling, every touch target at least 44 px, mid-sale.
  expect(await layoutProblems(page)).toEqual([]);
  await pay(page, { type: 'Card (terminal)', reference: 'MONIEPOINT-0042' });
  receipts.push(await completeSale(page));

  await pick(page, product.title, l!.sku);
  await page.getByText('Change price').click();
  expect(await layoutProblems(page)).toEqual([]);
  await pay(page, { type: 'Card (terminal)', reference: 'OPAY-7781' });
  receipts.push(await completeSale(page));

  await pick(page, product.title, m!.sku);
  await pay(page, { type: 'Bank transfer', reference: 'GTB-TRF-1' });
  receipts.push(await completeSale(page));

  // A sale parked (the customer went to fetch something) and taken up again.
  await scan(page, l!.sku);
  await page.getByRole('button', { name: 'Park sale' }).click();
  await expect(page.getByText('Search or scan to add items.')).toBeVisible();
  await page.getByRole('button', { name: 'Parked (1)' }).click();
  await page.getByRole('dialog', { name: 'Parked sales' }).getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('list', { name: 'Sale lines' }).getByRole('listitem')).toHaveCount(1);
  await pay(page, { type: 'Cash' });
  receipts.push(await completeSale(page));

  expect(new Set(receipts).size).toBe(5);
  await expect(page.getByRole('status').filter({ hasText: 'Offline: 5 sales waiting to sync' })).toBeVisible();

  // A reload with no network: the page comes from the service worker, the sales from IndexedDB.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline: 5 sales waiting to sync' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText('Last synced');
  const list = page.getByRole('list', { name: 'Sales on this till' });
  for (const receipt of receipts) await expect(list.getByText(receipt)).toBeVisible();
  expect(network.reached, `requests reached the server while offline: ${network.attempted.join(', ')}`).toEqual([]);

  // Back online: the page's online handler syncs.
  await network.restore([page]);
  await expect(page.getByRole('status').filter({ hasText: 'All sales synced' })).toBeVisible({ timeout: 20_000 });
  const sales = await storedSales(page);
  expect(sales.map((s) => s.status)).toEqual(Array(5).fill('recorded'));

  const owner = await staffSession(request);
  for (const sale of sales) {
    const res = await request.get(`/api/orders/${sale.id}`, { headers: auth(owner) });
    expect(res.ok(), `${sale.receiptNumber}: ${res.status()}`).toBe(true);
    expect((await res.json()).number).toBe(sale.receiptNumber);
  }
  // Each recorded once: the product's orders are these five.
  const listed = await request.get(`/api/purchases?search=${encodeURIComponent(product.title)}&limit=50`, {
    headers: auth(owner),
  });
  expect(listed.headers()['x-total-count']).toBe('5');
  // Stock moved: medium sold 3 (cash, split, transfer), large sold 3 (split, card, parked).
  const after = await productNow(request, product.id);
  expect(after.variants.map((v) => [v.size, v.counter])).toEqual([
    ['medium', 7],
    ['large', 1],
  ]);
});

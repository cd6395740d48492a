/**
 * The till's cash drawer and returns at the till (issue 29), through the screen against the
 * real server: the Cashier opens a drawer with a float online, then, with the network cut,
 * pays cash out and makes a cash sale into it (nothing reaches the server); back online they
 * sync in the order made. The customer brings both items back: one to cash, one exchanged for
 * another size, each found by its receipt number with the Manager's PIN, back on sale. The
 * drawer is closed with the cash counted, and the screen and the Z-report show the over.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { staffSession } from '../admin/helpers.ts';
import { seriousViolations } from '../axe.ts';
import { auth, completeSale, goOffline, MANAGER, pay, prepareTill, productNow, scan, stockedProduct } from './helpers.ts';

test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** Nothing sideways on a phone, and no serious accessibility problem in the open dialog. */
async function dialogProblems(page: Page): Promise<string[]> {
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  return [...(sideways ? ['scrolls sideways'] : []), ...(await seriousViolations(page, 'dialog[open]'))];
}

/** A member's till PIN, from the e2e server's demo-accounts.txt (`email password PIN 123456`). */
function demoPin(email: string): string {
  const file = path.join(process.env.E2E_DATA_DIR!, 'demo-accounts.txt');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [name, , label, pin] = line.trim().split(/\s+/);
    if (name === email && label === 'PIN' && pin) return pin;
  }
  throw new Error(`${file} has no till PIN for ${email}`);
}

test('a drawer opened with a float takes an offline pay-out and cash sale, a return to cash and an exchange, and closes over', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await stockedProduct(request, 12_500, [
    { size: 'medium', counter: 10 },
    { size: 'large', counter: 4 },
  ]);
  const [medium, large] = product.variants;
  await prepareTill(page, `Drawer ${product.title}`);

  await page.getByRole('button', { name: 'Drawer' }).click();
  let dialog = page.getByRole('dialog', { name: 'Drawer' });
  await dialog.getByLabel('Float (₦)').fill('20000');
  // Opened online: sent at once with the till's token, then the catalogue refreshed (the sync's end).
  const opened = page.waitForResponse((r) => r.url().endsWith('/api/pos/drawers') && r.request().method() === 'POST');
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/pos/catalogue'));
  await dialog.getByRole('button', { name: 'Open drawer' }).click();
  expect((await opened).status()).toBe(201);
  await refreshed;
  await expect(dialog.getByText('₦20,000.00')).toBeVisible();

  const network = await goOffline(context);
  await dialog.getByLabel('Pay out').check();
  await dialog.getByLabel('Amount (₦)').fill('500');
  await dialog.getByLabel('Reason').fill('Fuel for the generator');
  await dialog.getByRole('button', { name: 'Pay out' }).click();
  await expect(dialog.getByText('₦500.00')).toBeVisible();
  expect(await dialogProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await scan(page, medium!.sku);
  await scan(page, medium!.sku);
  await pay(page, { type: 'Cash', received: '25000' });
  const receipt = await completeSale(page);
  expect(network.reached, `requests reached the server while offline: ${network.attempted.join(', ')}`).toEqual([]);

  await network.restore([page]);
  await expect(page.getByRole('status').filter({ hasText: 'All sales synced' })).toBeVisible({ timeout: 20_000 });

  // One comes back to cash, the other is exchanged for the large: both found by the receipt number, with the Manager's PIN.
  const returns = page.getByRole('dialog', { name: 'Returns' });
  const takeBack = async (exchangeFor?: string) => {
    await page.getByRole('button', { name: 'Returns' }).click();
    await returns.getByLabel('Receipt number, customer name or phone').fill(receipt);
    await returns.getByLabel('Receipt number, customer name or phone').press('Enter');
    await returns.getByRole('button', { name: `Choose ${receipt}` }).click();
    await returns.getByRole('spinbutton', { name: /^Quantity of / }).fill('1');
    await expect(returns.getByTestId('return-value')).toHaveText('₦12,500.00');
    if (exchangeFor) {
      await returns.getByRole('searchbox', { name: 'Exchange for: name, SKU or scan' }).fill(exchangeFor);
      await returns.getByRole('searchbox', { name: 'Exchange for: name, SKU or scan' }).press('Enter');
      await expect(returns.getByTestId('return-difference')).toHaveText('₦0.00');
      expect(await dialogProblems(page)).toEqual([]);
    }
    await returns.getByRole('button', { name: 'Record return' }).click();
    const approval = page.getByRole('dialog', { name: 'Manager approval' });
    await approval.getByLabel('Ngozi Eze').check();
    await approval.getByLabel('PIN').fill(demoPin(MANAGER.email));
    await approval.getByRole('button', { name: 'Confirm' }).click();
    await expect(returns.getByText('Return recorded.')).toBeVisible({ timeout: 20_000 });
    await returns.getByRole('button', { name: 'Done' }).click();
  };
  await takeBack();
  await takeBack(large!.sku);
  // The mediums back on sale (10 − 2 sold + 2 back), the large taken in exchange.
  expect((await productNow(request, product.id)).variants.map((v) => [v.size, v.counter])).toEqual([
    ['medium', 10],
    ['large', 3],
  ]);

  // ₦20,000 float − ₦500 paid out + ₦25,000 sold − ₦12,500 given back = ₦32,000; ₦32,500 counted.
  await page.getByRole('button', { name: 'Drawer (open)' }).click();
  dialog = page.getByRole('dialog', { name: 'Drawer' });
  await dialog.getByLabel('Counted cash (₦)').fill('32500');
  await dialog.getByRole('button', { name: 'Close drawer' }).click();
  await expect(dialog.getByText('Expected')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('₦32,000.00')).toBeVisible();
  await expect(dialog.getByText('Over')).toBeVisible();
  await expect(dialog.getByTestId('drawer-over-short')).toHaveText('₦500.00');
  expect(await dialogProblems(page)).toEqual([]);

  const href = await dialog.getByRole('link', { name: 'Z-report' }).getAttribute('href');
  const drawerId = href!.split('/').at(-1)!;
  const owner = await staffSession(request);
  const report = await request.get(`/api/pos/drawers/${drawerId}/report`, { headers: auth(owner) });
  expect(report.ok()).toBe(true);
  expect((await report.json()).cash).toMatchObject({
    float: 2_000_000,
    sales: 2_500_000,
    refunds: 1_250_000,
    payOuts: 50_000,
    expected: 3_200_000,
    counted: 3_250_000,
    overShort: 50_000,
  });
});

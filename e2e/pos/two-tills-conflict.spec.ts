/**
 * Two tills, both offline, each sell the last unit of one variant (issue 29). Both sales
 * were made in good faith and the goods left the shop: under the default posOfflineStock
 * (allow_negative), sold by a Manager (whose role allows it), both sync as recorded, the stock goes to −1, and the back office's Sync
 * conflicts page lists the variant with both sales for the manager to count the shelf.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signInWithStorage, staffSession } from '../admin/helpers.ts';
import {
  completeSale,
  goOffline,
  layoutProblems,
  MANAGER,
  pay,
  prepareTill,
  productNow,
  scan,
  stockedProduct,
  storedSales,
} from './helpers.ts';

const tillOptions = { serviceWorkers: 'allow', viewport: { width: 820, height: 1180 } } as const;

async function openTill(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext(tillOptions);
  const page = await context.newPage();
  // The Manager sells: their role allows selling below zero offline (a Cashier's sale would be held for approval).
  await prepareTill(page, name, MANAGER);
  return page;
}

test('two offline tills selling the last unit both sync, and Sync conflicts lists it', async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const product = await stockedProduct(request, 9_000, [{ size: 'small', counter: 1 }]);
  const variant = product.variants[0]!;
  const tills = [await openTill(browser, `Door ${product.title}`), await openTill(browser, `Back ${product.title}`)];

  const networks = await Promise.all(tills.map((till) => goOffline(till.context())));
  const receipts: string[] = [];
  for (const till of tills) {
    // Each till saw one in stock when it last synced.
    await scan(till, variant.sku);
    await pay(till, { type: 'Cash', received: '10000' });
    // A tablet: no sideways scrolling, touch targets at least 44 px.
    expect(await layoutProblems(till)).toEqual([]);
    receipts.push(await completeSale(till));
    await expect(till.getByRole('status').filter({ hasText: 'Offline: 1 sale waiting to sync' })).toBeVisible();
  }
  for (const network of networks) expect(network.reached).toEqual([]);

  // Both come back at once.
  await Promise.all(tills.map((till, i) => networks[i]!.restore([till])));
  for (const till of tills) {
    await expect(till.getByRole('status').filter({ hasText: 'All sales synced' })).toBeVisible({ timeout: 20_000 });
    expect((await storedSales(till)).map((s) => s.status)).toEqual(['recorded']);
  }
  expect((await productNow(request, product.id)).variants[0]!.counter).toBe(-1);

  // The manager's Sync conflicts page.
  const owner = await staffSession(request);
  await signInWithStorage(page, owner);
  await page.goto('/pos-conflicts');
  await expect(page.getByRole('heading', { name: 'Sync conflicts', level: 1 })).toBeVisible();
  // The variant's card (a section inside the list of variants sold below zero), with both sales.
  const card = page.getByRole('region', { name: 'Sold below zero' }).locator('section').filter({ hasText: variant.sku });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('−1');
  for (const receipt of receipts) await expect(card.getByText(receipt)).toBeVisible();
  for (const till of tills) await till.context().close();
});

/**
 * Every back-office screen, signed in as the demo admin, has no serious or critical axe-core
 * violation (WCAG 2.1 A and AA rules), as the storefront's pages have none: the tables, the
 * create and edit forms, a product and an order, the till set up and mid-sale, the overview
 * and the settings, delivery zones and coupons (the list, a new one and the edit screen),
 * the catalogue's Import CSV panel, open and with a checked file's report, the staff pages
 * (members, a member, roles), sign-in security, and the staff invitation's public page.
 */
import { seriousViolations } from '../axe.ts';
import { expect, type Page, test } from '@playwright/test';
import { pick, stockedProduct } from '../pos/helpers.ts';
import { ADMIN, backOfficeIds, firstId, type StaffSession, signInWithStorage, staffSession } from './helpers.ts';

let session: StaffSession;
let ids: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  session = await staffSession(request);
  ids = await backOfficeIds(request, session);
});

test('the login screen', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // With the server's refusal on screen.
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(/\S/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the staff invitation’s page, and its refusal of a link that is not good', async ({ page }) => {
  await page.goto('/accept-invitation?token=not-a-token');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Join the team' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByLabel('First name').fill('Amaka');
  await main.getByLabel('Last name').fill('Okafor');
  await main.getByLabel('Password', { exact: true }).fill('a till password 2026');
  await main.getByLabel('Confirm password').fill('a till password 2026');
  await main.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(main.getByRole('alert')).toHaveText('This invitation link is not valid: ask for a new one');
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithStorage(page, session);
  });

  /** Opens a screen, waits for its heading and its data, and checks it. */
  async function check(page: Page, url: string, heading: string | RegExp) {
    await page.goto(url);
    // The first visit to a lazily loaded screen fetches its chunk and its data: on a busy
    // 2-core machine that ran past the default 5 s (/createsubcategory in a full run).
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Loading ...')).toHaveCount(0);
    // Soft: a walk over several screens reports each screen's violations, not the first only.
    expect.soft(await seriousViolations(page), `axe on ${url}`).toEqual([]);
  }

  /**
   * The screens of the menu, one after another in one page: a test each (a new browser
   * context, the app loaded and compiled in it afresh) took 246 core-s for this file, one
   * walk 176 (2026-11-28). Each screen is a step of the report, and its violations are
   * reported whatever the other screens'.
   */
  const screens: [url: string, heading: string | RegExp][] = [
    ['/overview', 'Overview'],
    ['/dashboard', 'Users'],
    ['/purchasetable', 'Purchases'],
    ['/categorytable', 'Categories'],
    ['/createcategory', 'Create Category'],
    ['/subcategorytable', /Sub.?categories/i],
    ['/createsubcategory', /Create Sub/i],
    ['/subsubcategorytable', /Sub.?sub.?categories/i],
    ['/createsubsubcategory', /Create Sub.?sub/i],
    ['/brandtable', 'Brands'],
    ['/createbrand', 'Create Brand'],
    ['/producttable', 'Products'],
    ['/createProduct', 'Create Product'],
    ['/createbanner', /Banner/],
    ['/posttable', /Posts/],
    ['/createpost', /Create Post/i],
    ['/settings', 'Settings'],
    ['/messages', 'Messages'],
    ['/delivery', 'Delivery'],
    ['/delivery?zone=new', 'Add zone'],
    ['/coupons', 'Coupons'],
    ['/coupons/new', 'Add Coupon'],
    ['/security', 'Sign-in security'],
    ['/staff', 'Staff'],
    ['/staff/roles/new', 'New role'],
  ];
  test('every screen of the menu', async ({ page }) => {
    // 25 screens, each loaded, waited on until idle and scanned (55 s alone on a 2-core machine).
    test.setTimeout(300_000);
    for (const [url, heading] of screens) await test.step(url, () => check(page, url, heading));
  });

  test('the edit screens and a product', async ({ page }) => {
    // Eight screens, each loaded, waited on until idle and scanned by axe: beside the other
    // worker on a loaded machine that ran past the default 30 s for the whole walk.
    test.setTimeout(120_000);
    await check(page, `/editcategory/${ids.category}`, /Edit Category/i);
    await check(page, `/editsubcategory/${ids.sub}`, /Edit Sub/i);
    await check(page, `/editsubsubcategory/${ids.subsub}`, /Edit Sub.?sub/i);
    await check(page, `/editbrand/${ids.brand}`, /Edit Brand/i);
    await check(page, `/editproduct/${ids.product}`, /Edit Product/i);
    await check(page, `/viewproduct/${ids.product}`, /./);
    await check(page, `/editpost/${ids.post}`, /Edit Post/i);
    await check(page, `/coupons/${ids.coupon}`, /Edit Coupon/);
  });

  test('a member’s page', async ({ page }) => {
    await check(page, `/staff/members/${ids.member}`, /./);
  });

  test('the Owner’s role, read-only', async ({ page }) => {
    await check(page, `/staff/roles/${ids.role}`, 'Owner');
  });

  test('a role’s edit form', async ({ page, request }) => {
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const roles: { id: string; name: string }[] = await (await request.get('/api/roles', { headers })).json();
    const manager = roles.find((role) => role.name === 'Manager');
    expect(manager, 'the Manager role').toBeDefined();
    await check(page, `/staff/roles/${manager?.id}`, 'Edit Manager');
  });

  test('the Import CSV panel, open and with a checked file’s report', async ({ page }) => {
    await check(page, '/producttable', 'Products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { name: 'Import products from CSV' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // A dry run only (Check file): the report lists the refused row, and nothing is written.
    await page.getByLabel('CSV file').setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('sku,stock\nA11Y-CHECK-1,lots\n'),
    });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByRole('list', { name: 'Refused rows' })).toBeVisible();
    await expect(page.getByLabel('Skip the refused rows')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a form showing its errors', async ({ page }) => {
    await check(page, '/createProduct', 'Create Product');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByText(/is required/).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the till: set up, mid-sale and with its receipt', async ({ page, request }) => {
    // The till opens from IndexedDB while its service worker installs: slower than a page.
    test.setTimeout(90_000);
    // A product of its own to sell: the first one a search finds may be another spec's, made a
    // moment before (the newest), whose sales and stock that spec counts (pos/offline-till.spec.ts
    // once found 6 orders of its product for its 5 sales).
    const product = await stockedProduct(request, 9_000, [{ size: 'one size', counter: 5 }]);
    await page.goto('/pos');
    await expect(page.getByRole('button', { name: 'Set up this till' })).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Set up this till' }).click();
    await pick(page, product.title, product.variants[0]!.sku);
    await expect(page.getByRole('list', { name: 'Sale lines' }).getByRole('listitem')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Add payment' }).click();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { name: /^Receipt T\d+-\d{6}$/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an order', async ({ page, request }) => {
    // The sale above, or any order the demo data has.
    const order = await firstId(request, session, '/api/purchases');
    await check(page, `/purchasetable/${order}`, /^Order /);
  });
});

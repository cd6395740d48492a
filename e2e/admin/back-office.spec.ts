/**
 * The back office end to end, on the real API and demo data: catalogue set-up, a product
 * with images, its sale price, a point-of-sale sale, stock, purchases (archive and
 * restore) and the overview; and who may open the back office at all.
 */
import { expect, test } from '@playwright/test';
import { completeSale, pay, pick } from '../pos/helpers.ts';
import { adminLogin, fixture, openMenu, SHOPPER, storefrontHas } from './helpers.ts';
import { newMember } from './team.ts';

test('an admin builds a product, puts it on sale, sells two at the POS and sees it everywhere', async ({ page }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const categoryName = `E2E Category ${tag}`;
  const brandName = `E2E Brand ${tag}`;
  const title = `E2E Kaftan ${tag}`;

  await adminLogin(page);

  // ── A category ────────────────────────────────────────────────────────────────────
  await openMenu(page, 'Categories');
  await page.getByRole('link', { name: 'Create Category' }).click();
  await expect(page).toHaveURL(/\/createcategory$/);
  await page.getByLabel('Name', { exact: true }).fill(categoryName);
  await page.getByRole('button', { name: 'Create Category' }).click();
  await expect(page).toHaveURL(/\/categorytable$/);
  await page.getByLabel('Search categories').fill(categoryName);
  await expect(page.getByRole('cell', { name: categoryName, exact: true })).toBeVisible();

  // ── A brand, with an image ────────────────────────────────────────────────────────
  await openMenu(page, 'Brands');
  await page.getByRole('link', { name: 'Create Brand' }).click();
  await expect(page).toHaveURL(/\/createbrand$/);
  await page.getByLabel('Name', { exact: true }).fill(brandName);
  await page.getByLabel('Image (optional)').setInputFiles(fixture('product-1.png'));
  await page.getByRole('button', { name: 'Create Brand' }).click();
  await expect(page).toHaveURL(/\/brandtable$/);
  await page.getByLabel('Search brands').fill(brandName);
  await expect(page.getByRole('cell', { name: brandName, exact: true })).toBeVisible();

  // ── A product with two images ─────────────────────────────────────────────────────
  await openMenu(page, 'Products');
  await page.getByRole('link', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/createproduct$/);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Header Message').fill('Hand-dyed adire, made in Abeokuta');
  await page.getByLabel('Price (₦)').fill('25000');
  await page.getByLabel('Description').fill('A loose kaftan in hand-dyed cotton.');
  await page.getByLabel('Color').fill('indigo');
  await page.getByLabel('Add a size').selectOption('medium');
  await page.getByLabel('Add a size').selectOption('large');
  await expect(page.getByRole('list', { name: 'Selected sizes' }).getByRole('listitem')).toHaveText(['medium', 'large']);
  await page.getByLabel('Quantity', { exact: true }).fill('9');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('10');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await page.getByLabel('Brand', { exact: true }).selectOption({ label: brandName });
  await page.getByLabel('Product images').setInputFiles([fixture('product-1.png'), fixture('product-2.png')]);
  await expect(page.getByText('2 files selected')).toBeVisible();
  await page.getByRole('button', { name: 'Create Product' }).click();
  await expect(page).toHaveURL(/\/producttable$/, { timeout: 20_000 });

  await page.getByLabel('Search products').fill(title);
  await page.getByRole('link', { name: `View ${title}` }).click();
  await expect(page).toHaveURL(/\/viewproduct\/[^/]+$/);
  const productId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const created = await (await page.request.get(`/api/products/${productId}`)).json();
  expect(created).toMatchObject({ title, price: 25000, discount: 0, counter: 10, brand: brandName, size: ['medium', 'large'] });
  expect(created.Category.name).toBe(categoryName);
  // The stock goes to the first size: medium has 10, large none.
  expect(created.variants.map((v: { size: string; counter: number }) => [v.size, v.counter])).toEqual([
    ['medium', 10],
    ['large', 0],
  ]);
  expect(created.imageUrls).toHaveLength(2);

  // ── It shows on the storefront ────────────────────────────────────────────────────
  if (await storefrontHas(page, `/productdetails/${productId}`)) {
    await expect(page.getByText(title).first()).toBeVisible();
  } else {
    const listed = await (await page.request.get(`/api/products?title=${encodeURIComponent(title)}`)).json();
    expect(listed.map((p: { id: string }) => p.id)).toContain(productId);
  }

  // ── Edit price and discount ───────────────────────────────────────────────────────
  await page.goto(`/viewproduct/${productId}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/editproduct/${productId}$`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue(created.categoryId);
  await expect(page.getByRole('list', { name: 'Selected sizes' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('img', { name: new RegExp(`^${title} \\(\\d of 2\\)$`) })).toHaveCount(2);
  await page.getByLabel('Price (₦)').fill('30000');
  await page.getByLabel('Discount (₦)').fill('5000');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/producttable$/);

  const onSale = await (await page.request.get(`/api/products?onSale=true&title=${encodeURIComponent(title)}`)).json();
  expect(onSale).toHaveLength(1);
  expect(onSale[0]).toMatchObject({ id: productId, price: 30000, discount: 5000, salePrice: 25000 });
  if (await storefrontHas(page, '/sales')) {
    await expect(page.getByText(title).first()).toBeVisible({ timeout: 10_000 });
  }

  // ── Sell two mediums at the till (/pos), to a walk-in shopper, paid in cash ─────────
  await page.goto('/dashboard');
  await openMenu(page, 'Point of Sale');
  await page.getByLabel('Till name').fill(`Counter ${tag}`);
  await page.getByRole('button', { name: 'Set up this till' }).click();
  await expect(page.getByText('All sales synced')).toBeVisible({ timeout: 30_000 });
  const mediumSku = created.variants[0].sku as string;
  await pick(page, title, mediumSku);
  await pick(page, title, mediumSku);
  await pay(page, { type: 'Cash', received: '50000' });
  const orderNumber = await completeSale(page);
  expect(orderNumber).toMatch(/^T\d+-\d{6}$/);
  await expect(page.getByText('All sales synced')).toBeVisible({ timeout: 30_000 });

  // ── Stock went down by two, in the medium ─────────────────────────────────────────
  const after = await (await page.request.get(`/api/products/${productId}`)).json();
  expect(after.counter).toBe(8);
  expect(after.variants.map((v: { size: string; counter: number }) => [v.size, v.counter])).toEqual([
    ['medium', 8],
    ['large', 0],
  ]);
  await page.goto(`/viewproduct/${productId}`);
  await expect(page.getByRole('definition').filter({ hasText: /^8$/ })).toBeVisible();

  // ── The sale is in the purchases table; archive it, then restore it ───────────────
  await openMenu(page, 'Purchases');
  await page.getByLabel('Search purchases').fill(orderNumber);
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await expect(row).toContainText('paid');
  await expect(row).toContainText('₦50,000.00');
  await expect(row).toContainText('Walk-in customer');
  await row.getByRole('button', { name: `Delete purchase ${orderNumber}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`Purchase ${orderNumber} archived`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Restore purchase ${orderNumber}` }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: 'Purchases' }).click();
  await expect(row).toBeVisible();

  // The order opens with its lines and payment.
  await row.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  const orderLine = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(orderLine).toContainText('medium');
  await expect(orderLine).toContainText(/SKU \S+/);

  // ── The overview shows the sale ───────────────────────────────────────────────────
  await openMenu(page, 'Overview');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // Among the recent orders, to the walk-in customer (the demo's 90 days of sales fill the top products).
  const recent = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: orderNumber }) });
  await expect(recent).toContainText('Walk-in customer');
});

test('Create Product answers at both spellings of its route', async ({ page }) => {
  await adminLogin(page);
  for (const url of ['/createProduct', '/createproduct']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Create Product' })).toBeVisible();
  }
});

test('a failed login shows the server’s message in red', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('admin@demo.shop');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const error = page.getByRole('alert');
  await expect(error).toHaveText(/\S/);
  await expect(error).toHaveClass(/text-red-600/);
  await expect(page).toHaveURL(/\/login$/);
});

test('an anonymous visitor is sent to /login', async ({ page }) => {
  for (const url of ['/dashboard', '/producttable', '/pos']) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  }
});

test('a shopper’s session cannot open /dashboard', async ({ page }) => {
  const res = await page.request.post('/api/auth/login', { data: SHOPPER });
  expect(res.ok()).toBe(true);
  const { accessToken, user } = await res.json();
  await page.goto('/');
  await page.evaluate(
    ([token, u]) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('user', u);
    },
    [accessToken, JSON.stringify(user)],
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('This account is not an administrator')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
  // The admin login refuses the shopper's credentials too.
  await page.getByLabel('Email', { exact: true }).fill(SHOPPER.email);
  await page.getByLabel('Password', { exact: true }).fill(SHOPPER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(/\S/);
  await expect(page).toHaveURL(/\/login$/);
});

// A member of its own: logging out ends every session of the account (POST /api/auth/logout),
// and the demo Owner's would end the sessions the specs running beside this one signed in with.
test('Log out clears the session and goes to /login', async ({ page, request }) => {
  const member = await newMember(request, 'Manager');
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText(member.email);
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

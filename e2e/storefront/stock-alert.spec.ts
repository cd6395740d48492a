/**
 * Back-in-stock alerts (issue 31): a guest chooses a sold-out size, asks to be told when it is
 * back and gives her e-mail; the admin restocks that size in the back office's variants editor;
 * the e-mail arrives, and its link opens the product with that size chosen and on sale.
 */
import { expect, test } from '@playwright/test';
import { adminLogin } from '../admin/helpers.ts';
import { createProducts, readMail, unique } from './fixtures.ts';

test('a guest asks for a sold-out size, the admin restocks it, and the e-mail’s link opens it on sale', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL;
  // Small in stock (3), medium sold out.
  const [dress] = await createProducts(request, [
    { title: `Alert Wrap Dress ${unique()}`, counter: 3, sizes: 'small, medium', color: 'Indigo' },
  ]);
  const email = `alert-${unique()}@example.com`;

  // ── The guest: a sold-out size can be chosen, to ask, never bought ─────────────────
  await page.goto(`/productdetails/${dress!.id}`);
  await page.getByRole('radio', { name: 'medium (sold out)' }).check();
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
  const form = page.getByRole('form', { name: /^Back-in-stock alert for size medium/ });
  await form.getByLabel('Your e-mail').fill(email);
  await expect(form.getByRole('checkbox')).not.toBeChecked();
  await form.getByRole('button', { name: /^Tell me when size medium.* is back$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: `We will e-mail ${email} once` })).toBeVisible();

  // ── The admin restocks medium in the variants editor ────────────────────────────────
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await adminLogin(adminPage);
  await adminPage.goto(`/editproduct/${dress!.id}`);
  const editor = adminPage.getByRole('form', { name: 'Variants' });
  await editor.getByLabel(/^Stock of medium/).fill('4');
  await editor.getByRole('button', { name: 'Save variants' }).click();
  await expect(adminPage.getByText('Variants saved')).toBeVisible();
  await admin.close();

  // ── The e-mail, once, with a link to that size ──────────────────────────────────────
  const mail = await readMail(email, /^Back in stock: Alert Wrap Dress/, 30_000);
  const link = /https?:\/\/[^\s"<>]+\/productdetails\/[^\s"<>]+\?variant=[0-9a-f-]{36}/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();
  // One-click unsubscribe is offered in the body too (marketing).
  expect(mail.body).toContain('/unsubscribe?token=');

  const shopper = await browser.newContext({ baseURL });
  const shopperPage = await shopper.newPage();
  const url = new URL(link!);
  await shopperPage.goto(`${url.pathname}${url.search}`);
  await expect(shopperPage.getByRole('heading', { level: 1, name: dress!.title })).toBeVisible();
  await expect(shopperPage.getByRole('radio', { name: 'medium', exact: true })).toBeChecked();
  await expect(shopperPage.getByTestId('availability')).toHaveText(/In Stock/);
  await expect(shopperPage.getByRole('button', { name: 'Add to Cart', exact: true })).toBeEnabled();
  await shopper.close();
});

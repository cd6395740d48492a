/**
 * A whole purchase with JavaScript off (issue 32, decision 0033), as an Opera Mini shopper makes
 * it: home → a listing → a product, whose size is chosen with its GET form → "Add to Cart"
 * (POST /cart/add) → the cart page rendered on the server for her, where the quantity is changed
 * with its form (POST /cart/update) → Checkout, which asks her to sign in on /signin (POST
 * /signin) → the checkout form (POST /checkout) with bank transfer → her order's page with its
 * number and the account to pay → the order in My orders; then she cancels it from its page and
 * signs out. Registering and resetting a forgotten password without JavaScript follow.
 */
import { expect, test } from '@playwright/test';
import { createProducts, readMail, registerShopper, unique } from './fixtures.ts';

test('buy with a bank transfer without JavaScript, from the home page to My orders', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL;
  const [wrap] = await createProducts(request, [
    {
      title: `No Script Kaftan ${unique()}`,
      price: 1500,
      counter: 5,
      sizes: 'medium, large',
      color: 'Indigo',
      category: 'Women',
    },
  ]);
  const shopper = await registerShopper(request);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();

  // ── Home → a listing (the footer's link) → the product ───────────────────────────────
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Shopping' }).getByRole('link', { name: 'New In', exact: true }).click();
  await expect(page).toHaveURL(/\/new$/);
  await page
    .getByRole('link', { name: new RegExp(wrap!.title) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/productdetails/${wrap!.id}$`));

  // ── Choose a size (GET ?variant=) and add it to the cart (POST /cart/add, 303 back) ──
  const choose = page.getByTestId('variant-form');
  await choose.getByLabel('Size').selectOption({ label: 'medium / Indigo' });
  await choose.getByRole('button', { name: 'Choose' }).click();
  await expect(page).toHaveURL(new RegExp(`/productdetails/${wrap!.id}\\?variant=[0-9a-f-]{36}$`));
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/productdetails/${wrap!.id}\\?variant=`));

  // ── The cart, rendered on the server for her: change the quantity with its form ──────
  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line').filter({ hasText: wrap!.title });
  await expect(line).toHaveCount(1);
  await line.getByLabel(`Quantity of ${wrap!.title}`).fill('2');
  await line.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(line.getByLabel(`Quantity of ${wrap!.title}`)).toHaveValue('2');
  await expect(page.getByTestId('cart-total')).toHaveText('₦3,000.00');

  // ── Checkout asks her to sign in, on /signin, and brings her back ────────────────────
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Sign in to check out' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin\?back=%2Fcheckout$/);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // ── The checkout form: her address (from her profile), bank transfer ─────────────────
  await expect(page.getByText(/Card payment needs JavaScript/)).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue('1 Marina');
  await expect(page.getByLabel('State')).toHaveValue('Lagos Mainland');
  await page.getByRole('radio', { name: /^Bank transfer/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();

  // ── Her order's page: its number, and the account to pay with it as reference ────────
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: /^Order / });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace(/^Order /, '');
  const transfer = page.getByTestId('transfer-details');
  await expect(transfer.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await expect(transfer.getByTestId('transfer-account-number')).not.toBeEmpty();
  await expect(transfer).toContainText(number);

  // ── My orders lists it ───────────────────────────────────────────────────────────────
  await page.getByRole('main').getByRole('link', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  // Her cart was emptied by the order.
  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  // ── Back from any page: the header (the same for everyone) offers Sign in and My orders ──
  await page.goto('/women');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  // Signed in already: /signin sends her on to her orders instead of asking again.
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await page.goto('/women');
  await page.getByRole('banner').getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'My orders' }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();

  // ── She changes her mind: cancels the unpaid order from its page, then signs out ─────
  await page.getByRole('link', { name: `How to pay ${number}` }).click();
  await page.getByText('Cancel order', { exact: true }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-status')).toHaveText(/Cancelled/i);
  await page.getByRole('main').getByRole('link', { name: 'My orders' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/orders');
  await expect(page.getByText('Sign in to see your orders')).toBeVisible();
  await context.close();
});

test('register without JavaScript, signed in at once', async ({ browser }) => {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = `no-script-${unique()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('First name').fill('Ngozi');
  await page.getByLabel('Last name').fill('Eze');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('indigo-wrapper-9');
  await page.getByLabel('Confirm password').fill('indigo-wrapper-9');
  await page.getByRole('button', { name: 'SIGN UP' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Her form session: My orders is hers (none yet), not a request to sign in.
  await page.goto('/orders');
  await expect(page.getByText('No orders yet')).toBeVisible();
  await context.close();
});

test('reset a forgotten password without JavaScript, then sign in with the new one', async ({ browser, request }) => {
  const baseURL = test.info().project.use.baseURL;
  const shopper = await registerShopper(request);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for that address');

  const mail = await readMail(shopper.email, /^Reset your .* password$/);
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w%-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeDefined();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill('a new indigo secret');
  await page.getByLabel('Confirm new password').fill('a new indigo secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Sign in with the new one.');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill('a new indigo secret');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

test('with JavaScript, /signin signs in as the app does: the session in the browser, back to the page asked for', async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request);
  await page.goto('/signin?back=%2Forders');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('greeting')).toHaveText(`Hi ${shopper.firstName}`);
  await expect(page.getByText('No orders yet')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
});

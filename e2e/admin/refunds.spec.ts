/**
 * Refunds in the back office: a shopper pays a two-line order by card (the sandbox, which
 * pays refunds back at once); the admin refunds half of it and puts one line's units back on
 * sale. The order is then partly refunded, for the admin and for the shopper, and that
 * product's stock is back up by the line's units while the other line's stays sold.
 */
import { expect, type Page, test } from '@playwright/test';
import { createProducts, registerShopper, signInWithStorage, unique, untilGreeted } from '../storefront/fixtures.ts';
import { adminLogin, openMenu } from './helpers.ts';

/** The value of a "label: value" line of the back office's detail lists (a <dt> and its <dd>). */
const detail = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The stock the admin reads on a product's page (its "Quantity"). */
async function expectStock(page: Page, productId: string, units: number) {
  await page.goto(`/viewproduct/${productId}`);
  await expect(detail(page, 'Quantity')).toHaveText(String(units));
}

test('the admin refunds half of a card order and puts one line back on sale', async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  const [throwProduct, clutch] = await createProducts(request, [
    { title: `Adire Throw ${unique()}`, price: 12000, counter: 20, color: 'Indigo', category: 'Home' },
    { title: `Beaded Clutch ${unique()}`, price: 7000, counter: 20, color: 'Coral', category: 'Jewellery' },
  ]);

  // ── A shopper buys two throws and a clutch by card: ₦31,000 + ₦2,500 delivery ────────
  const shopper = await registerShopper(request);
  await signInWithStorage(page, shopper);
  await page.goto(`/productdetails/${throwProduct!.id}`);
  await untilGreeted(page, shopper);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.goto(`/productdetails/${clutch!.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.getByRole('link', { name: 'Cart, 3 items' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await expect(step.getByTestId('summary-total')).toHaveText('₦33,500.00');
  await step.getByRole('button', { name: 'Pay ₦33,500.00' }).click();
  await page.getByRole('dialog', { name: 'Pay ₦33,500.00' }).getByRole('button', { name: 'Pay with success card' }).click();
  const confirmed = page.getByText(/^Order NG-\d+ is confirmed\.$/);
  await expect(confirmed).toBeVisible();
  const number = (await confirmed.textContent())!.replace(/^Order /, '').replace(/ is confirmed\.$/, '');

  // ── The back office: stock after the sale, then the order ────────────────────────────
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await adminLogin(adminPage);
  await expectStock(adminPage, throwProduct!.id, 18);
  await expectStock(adminPage, clutch!.id, 19);

  await openMenu(adminPage, 'Purchases');
  await adminPage.getByLabel('Search purchases').fill(number);
  const row = adminPage.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('₦33,500.00');
  await row.getByRole('link', { name: number }).click();
  await expect(adminPage.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  const paymentStatus = detail(adminPage, 'Payment status');
  await expect(paymentStatus).toHaveText('Paid');
  await expect(detail(adminPage, 'Amount paid')).toHaveText('₦33,500.00');

  // Half the order back to the card, with the two throws back on sale.
  const form = adminPage.getByRole('form', { name: 'Refund' });
  await expect(form.getByRole('radio', { name: 'Everything still refundable (₦33,500.00)' })).toBeChecked();
  await form.getByLabel('Reason').fill('Two throws came back: the wrong shade');
  await form.getByRole('radio', { name: 'Another amount' }).check();
  await form.getByLabel('Amount to refund (₦)').fill('16750');
  await form.getByLabel(new RegExp(`^${throwProduct!.title}`)).fill('2');
  await form.getByLabel('Put the units back on sale').check();
  await form.getByRole('button', { name: 'Refund' }).click();
  const question = adminPage.getByRole('alertdialog', { name: 'Refund ₦16,750.00 to the customer?' });
  await question.getByRole('button', { name: 'Refund' }).click();
  await expect(adminPage.getByText('Refund recorded')).toBeVisible();

  // The order: partly refunded, the refund listed with the throws back on sale, half still refundable.
  await expect(paymentStatus).toHaveText('Partly refunded');
  await expect(detail(adminPage, 'Refunded')).toHaveText('₦16,750.00');
  const refunds = adminPage.getByRole('heading', { name: 'Refunds', level: 2 }).locator('xpath=..').getByRole('listitem');
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText('₦16,750.00');
  await expect(refunds).toContainText('Refunded');
  await expect(refunds).toContainText('Two throws came back: the wrong shade');
  await expect(refunds).toContainText(`Back on sale: ${throwProduct!.title} × 2`);
  const throwLine = adminPage
    .getByRole('table', { name: 'Order lines' })
    .getByRole('row')
    .filter({ hasText: throwProduct!.title });
  await expect(throwLine).toContainText('2 back on sale');
  const clutchLine = adminPage.getByRole('table', { name: 'Order lines' }).getByRole('row').filter({ hasText: clutch!.title });
  await expect(clutchLine).not.toContainText('back on sale');
  await expect(form.getByRole('radio', { name: 'Everything still refundable (₦16,750.00)' })).toBeChecked();

  // Stock: the two throws are back; the clutch stays sold.
  await expectStock(adminPage, throwProduct!.id, 20);
  await expectStock(adminPage, clutch!.id, 19);
  await admin.close();

  // ── The shopper sees the refund on the order ─────────────────────────────────────────
  await page.goto('/orders');
  const order = page.getByRole('article', { name: `Order ${number}` });
  await expect(order).toContainText('Partly refunded');
  await expect(order.getByTestId('order-total')).toHaveText('₦33,500.00');
  await expect(order.getByTestId('order-refunded')).toHaveText('−₦16,750.00');
});

/**
 * The ways to pay at checkout, with the demo shop's delivery (Lagos Mainland ₦2,500,
 * other states by courier ₦6,000), its WELCOME10 code (10 % off), its bank account
 * (Zenith Bank, Adire Stores Ltd, 1012345678) and VAT included: a card payment and its
 * invoice; a bank transfer from Abuja that the admin records in the back office; and pay on
 * delivery, which the shopper can still cancel. Each test has its own shopper (a shopper may
 * hold only 3 unpaid orders).
 */
import { expect, type Page, test } from '@playwright/test';
import { adminLogin, openMenu } from '../admin/helpers.ts';
import { createProducts, registerShopper, signInWithStorage, unique, untilGreeted } from './fixtures.ts';

/** The order's page, from its heading: "Order NG-123" → "NG-123". */
async function orderNumberOn(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1, name: /^Order NG-\d+$/ });
  await expect(heading).toBeVisible();
  return (await heading.textContent())!.replace('Order', '').trim();
}

test('a Lagos Mainland shopper with WELCOME10 pays by card and the invoice shows the discount and delivery', async ({
  page,
  request,
}) => {
  const [product] = await createProducts(request, [
    { title: `Adire Throw ${unique()}`, price: 15000, color: 'Indigo', category: 'Home' },
  ]);
  const shopper = await registerShopper(request);
  await signInWithStorage(page, shopper);

  await page.goto(`/productdetails/${product!.id}`);
  await untilGreeted(page, shopper);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();

  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await expect(step.getByLabel('State', { exact: true })).toHaveValue('Lagos Mainland');
  await step.getByLabel('Coupon code').fill('WELCOME10');
  await step.getByRole('button', { name: 'Apply' }).click();
  await expect(step.getByTestId('summary-goods')).toHaveText('₦30,000.00');
  await expect(step.getByTestId('summary-coupon')).toHaveText('−₦3,000.00');
  await expect(step.getByTestId('summary-delivery')).toHaveText('₦2,500.00');
  await expect(step.getByTestId('summary-total')).toHaveText('₦29,500.00');

  // In Lagos the shop offers all three ways to pay; a card is the first choice.
  const pay = step.getByRole('group', { name: 'How would you like to pay?' });
  await expect(pay.getByRole('radio')).toHaveCount(3);
  await expect(pay.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await expect(pay.getByRole('radio', { name: /^Bank transfer/ })).not.toBeChecked();
  await expect(pay.getByRole('radio', { name: /^Pay on delivery/ })).not.toBeChecked();

  await step.getByRole('button', { name: 'Pay ₦29,500.00' }).click();
  await page.getByRole('dialog', { name: 'Pay ₦29,500.00' }).getByRole('button', { name: 'Pay with success card' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Purchase successful!' });
  await expect(banner).toBeVisible();
  const confirmed = (await banner.getByText(/^Order NG-\d+ is confirmed\.$/).textContent())!;
  const number = confirmed.replace(/^Order /, '').replace(/ is confirmed\.$/, '');

  // My orders: paid, with its invoice.
  await banner.getByRole('link', { name: 'View my orders' }).click();
  const order = page.getByRole('article', { name: `Order ${number}` });
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expect(order.getByTestId('order-total')).toHaveText('₦29,500.00');
  const invoiceLink = order.getByRole('link', { name: /^Invoice INV-/ });
  const invoiceNumber = (await invoiceLink.textContent())!.replace('Invoice ', '').trim();
  await invoiceLink.click();

  // The invoice: the shop, the buyer, the line, goods less the coupon plus delivery, the card payment, VAT.
  await expect(page).toHaveURL(/\/orders\/[^/]+\/invoice$/);
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByRole('heading', { name: `Invoice ${invoiceNumber}` })).toBeVisible();
  await expect(invoice.getByText(`Order ${number}`, { exact: true })).toBeVisible();
  await expect(invoice.getByText('24 Herbert Macaulay Way, Yaba, Lagos')).toBeVisible();
  const billTo = invoice.getByRole('region', { name: 'Bill to' });
  await expect(billTo).toContainText(`${shopper.firstName} Tester`);
  await expect(billTo).toContainText('1 Marina, Lagos, Lagos Mainland');
  const lines = invoice.getByTestId('invoice-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.getByRole('cell')).toHaveText([new RegExp(`^${product!.title}`), '2', '₦15,000.00', '₦30,000.00']);
  await expect(invoice.getByTestId('order-goods')).toHaveText('₦30,000.00');
  await expect(invoice.getByText('Discount (WELCOME10)')).toBeVisible();
  await expect(invoice.getByTestId('order-discount')).toHaveText('−₦3,000.00');
  await expect(invoice.getByText('Delivery (Standard delivery)')).toBeVisible();
  await expect(invoice.getByTestId('order-delivery')).toHaveText('₦2,500.00');
  await expect(invoice.getByTestId('order-total')).toHaveText('₦29,500.00');
  const payments = invoice.getByTestId('invoice-payment');
  await expect(payments).toHaveCount(1);
  await expect(payments).toContainText('Card');
  await expect(payments).toContainText('₦29,500.00');
  await expect(invoice.getByTestId('vat-note')).toHaveText('Prices include VAT at 7.5 %.');
});

test('an Abuja shopper pays by bank transfer; once the admin records it, the order is paid and has an invoice', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  const [product] = await createProducts(request, [
    { title: `Aso Oke Cap ${unique()}`, price: 18000, color: 'Gold', category: 'Men' },
  ]);
  await signInWithStorage(
    page,
    await registerShopper(request, { address: '12 Aminu Kano Crescent', city: 'Wuse', state: 'FCT' }),
  );
  await page.goto(`/productdetails/${product!.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();

  // The FCT is delivered by courier (₦6,000), which the shop does not let be paid on delivery.
  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await expect(step.getByLabel('State', { exact: true })).toHaveValue('FCT');
  await expect(step.getByRole('radio', { name: /^Courier/ })).toBeChecked();
  await expect(step.getByTestId('summary-delivery')).toHaveText('₦6,000.00');
  await expect(step.getByTestId('summary-total')).toHaveText('₦24,000.00');
  const pay = step.getByRole('group', { name: 'How would you like to pay?' });
  await expect(pay.getByRole('radio', { name: /^Pay on delivery/ })).toHaveCount(0);
  await pay.getByRole('radio', { name: /^Bank transfer/ }).check();
  await expect(step.getByRole('button', { name: 'Pay ₦24,000.00' })).toHaveCount(0);
  await step.getByRole('button', { name: 'Place order · ₦24,000.00' }).click();

  // The order's page: waiting for the transfer, with the bank details and the order number as reference.
  await expect(page).toHaveURL(/\/orders\/[^/]+$/);
  const orderUrl = page.url();
  const number = await orderNumberOn(page);
  await expect(page.getByTestId('order-status')).toHaveText('Awaiting payment');
  await expect(page.getByTestId('next-step')).toHaveText(/^We send your order as soon as your transfer arrives\./);
  const transfer = page.getByTestId('transfer-details');
  await expect(transfer.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();
  await expect(transfer.getByTestId('transfer-bank')).toHaveText('Zenith Bank');
  await expect(transfer.getByTestId('transfer-account-name')).toHaveText('Adire Stores Ltd');
  await expect(transfer.getByTestId('transfer-account-number')).toHaveText('1012345678');
  await expect(transfer.getByTestId('transfer-amount')).toHaveText('₦24,000.00');
  await expect(transfer.getByTestId('transfer-reference')).toHaveText(number);
  await expect(transfer).toContainText(`Transfer exactly ₦24,000.00 and write ${number} as the reference`);
  await expect(page.getByTestId('order-delivery')).toHaveText('₦6,000.00');
  await expect(page.getByRole('link', { name: /^Invoice / })).toHaveCount(0);

  // ── The back office: the transfer arrived; the admin records it on the order ──────────
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await adminLogin(adminPage);
  await openMenu(adminPage, 'Purchases');
  await adminPage.getByLabel('Search purchases').fill(number);
  const row = adminPage.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('pending');
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('₦24,000.00');
  await row.getByRole('link', { name: number }).click();
  await expect(adminPage.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(adminPage.getByText('Waiting for a bank transfer')).toBeVisible();

  const form = adminPage.getByRole('form', { name: 'Record payment' });
  await expect(form).toContainText('₦24,000.00 is still due on this order.');
  await expect(form.getByLabel('Method')).toHaveValue('transfer');
  await expect(form.getByLabel('Amount (₦)')).toHaveValue('24000');
  const reference = `ZEN-${unique()}`;
  await form.getByLabel('Reference').fill(reference);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(adminPage.getByText(new RegExp(`^Order ${number} is paid: invoice INV-`))).toBeVisible();
  await expect(form).toHaveCount(0);
  const payment = adminPage.getByRole('table', { name: 'Payments received' }).getByRole('row').filter({ hasText: reference });
  await expect(payment).toContainText('Bank transfer');
  await expect(payment).toContainText('₦24,000.00');
  await expect(adminPage.getByText('Waiting for a bank transfer')).toHaveCount(0);
  await admin.close();

  // ── The shopper's order: paid, no bank details any more, and an invoice ──────────────
  await page.goto(orderUrl);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByTestId('next-step')).toHaveText(/^Thank you, your payment is in\./);
  await expect(page.getByTestId('transfer-details')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.getByRole('link', { name: /^Invoice INV-/ }).click();
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByText(`Order ${number}`, { exact: true })).toBeVisible();
  await expect(invoice.getByRole('region', { name: 'Bill to' })).toContainText('12 Aminu Kano Crescent, Wuse, FCT');
  await expect(invoice.getByText('Delivery (Courier)')).toBeVisible();
  await expect(invoice.getByTestId('order-delivery')).toHaveText('₦6,000.00');
  await expect(invoice.getByTestId('order-total')).toHaveText('₦24,000.00');
  const payments = invoice.getByTestId('invoice-payment');
  await expect(payments).toHaveCount(1);
  await expect(payments).toContainText(`Bank transfer · ${reference}`);
  await expect(payments).toContainText('₦24,000.00');
});

test('a Lagos shopper who pays on delivery is told to pay the rider, and can cancel the order', async ({ page, request }) => {
  const [product] = await createProducts(request, [
    { title: `Beaded Clutch ${unique()}`, price: 9500, counter: 2, color: 'Coral', category: 'Jewellery' },
  ]);
  await signInWithStorage(page, await registerShopper(request));
  await page.goto(`/productdetails/${product!.id}`);
  await expect(page.getByTestId('availability')).toHaveText(/^In Stock\s*· only 2 left$/);
  await page.getByRole('button', { name: 'Buy Now' }).click();

  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await expect(step.getByTestId('summary-total')).toHaveText('₦12,000.00');
  await step.getByRole('radio', { name: /^Pay on delivery/ }).check();
  // The shop calls before sending it: the phone number is asked for with the address.
  await expect(step.getByText(/^We'll call you to confirm before we send it/)).toBeVisible();
  await step.getByRole('button', { name: 'Place order · ₦12,000.00' }).click();

  // Confirmed, unpaid: the rider collects the total.
  await expect(page).toHaveURL(/\/orders\/[^/]+$/);
  const number = await orderNumberOn(page);
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed: pay on delivery');
  await expect(page.getByText(/ · Pay on delivery · Not paid yet$/)).toBeVisible();
  await expect(page.getByTestId('next-step')).toContainText("We'll call you to confirm");
  await expect(page.getByTestId('next-step')).toContainText('Pay the rider ₦12,000.00 in cash or by transfer when it arrives.');
  await expect(page.getByTestId('transfer-details')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText('₦12,000.00');
  await expect(page.getByRole('link', { name: /^Invoice / })).toHaveCount(0);

  // The unit is held for the order.
  const orderUrl = page.url();
  await page.goto(`/productdetails/${product!.id}`);
  await expect(page.getByTestId('availability')).toHaveText(/^In Stock\s*· only 1 left$/);
  await page.goto(orderUrl);

  // Cancel asks first: dismissed, nothing changes; accepted, the order is cancelled.
  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void (questions.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  const cancel = page.getByRole('button', { name: 'Cancel order' });
  await cancel.click();
  await expect(page.getByTestId('order-status')).toHaveText('Confirmed: pay on delivery');
  await cancel.click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  expect(questions).toEqual(['Cancel this order? Its items go back on sale.', 'Cancel this order? Its items go back on sale.']);
  await expect(page.getByTestId('next-step')).toHaveText(
    'This order was cancelled (Cancelled by the customer). Its items went back on sale.',
  );
  await expect(cancel).toHaveCount(0);

  // My orders says so, and the unit is on sale again.
  await page.goto('/orders');
  await expect(page.getByRole('article', { name: `Order ${number}` }).getByTestId('order-status')).toHaveText('Cancelled');
  await page.goto(`/productdetails/${product!.id}`);
  await expect(page.getByTestId('availability')).toHaveText(/^In Stock\s*· only 2 left$/);
});

/**
 * Delivery and coupons at checkout, with the demo shop's delivery zones (Lagos Mainland
 * ₦2,500, free over ₦50,000; South-West ₦4,500; pickup in Yaba, free) and its WELCOME10
 * code (10 % off). The shoppers made by the fixtures register in Lagos: the Mainland.
 */
import { expect, test } from '@playwright/test';
import { createProducts, registerShopper, signInWithStorage, unique } from './fixtures.ts';

test('a Lagos Mainland shopper with WELCOME10 pays goods less 10 % plus delivery, and My orders says so', async ({
  page,
  request,
}) => {
  const [product] = await createProducts(request, [{ title: `Aso Oke Stole ${unique()}`, price: 20000, category: 'Women' }]);
  await signInWithStorage(page, await registerShopper(request));
  await page.goto(`/productdetails/${product!.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();

  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await expect(step.getByLabel('State', { exact: true })).toHaveValue('Lagos Mainland');
  await expect(step.getByTestId('summary-goods')).toHaveText('₦20,000.00');
  await expect(step.getByTestId('summary-delivery')).toHaveText('₦2,500.00');
  await expect(step.getByTestId('summary-total')).toHaveText('₦22,500.00');

  // A code the shop does not have: refused under the field, the summary unchanged.
  const code = step.getByLabel('Coupon code');
  await code.fill('NOSUCHCODE');
  await step.getByRole('button', { name: 'Apply' }).click();
  await expect(step.getByRole('alert')).toHaveText('This code cannot be used');
  await expect(step.getByTestId('summary-total')).toHaveText('₦22,500.00');
  await expect(step.getByTestId('summary-coupon')).toHaveCount(0);

  // WELCOME10: 10 % off the goods; delivery stays.
  await code.fill('WELCOME10');
  await code.press('Enter');
  await expect(step.getByText('Coupon (WELCOME10)')).toBeVisible();
  await expect(step.getByTestId('summary-coupon')).toHaveText('−₦2,000.00');
  await expect(step.getByTestId('summary-delivery')).toHaveText('₦2,500.00');
  await expect(step.getByTestId('summary-total')).toHaveText('₦20,500.00');
  await expect(step.getByRole('alert')).toHaveCount(0);

  await step.getByRole('button', { name: 'Pay ₦20,500.00' }).click();
  await page.getByRole('dialog', { name: 'Pay ₦20,500.00' }).getByRole('button', { name: 'Pay with success card' }).click();
  await expect(page.getByText('Purchase is Successful')).toBeVisible();
  await expect(page.getByText('Purchase successful!')).toBeVisible();
  await expect(page.getByTestId('purchase-delivery')).toContainText('Arrives');
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await page.getByRole('link', { name: 'View my orders' }).click();
  const order = page.getByTestId('order-list').getByRole('listitem').first();
  await expect(order.getByRole('link', { name: product!.title })).toBeVisible();
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expect(order.getByTestId('order-goods')).toHaveText('₦20,000.00');
  await expect(order.getByText('Discount (WELCOME10)')).toBeVisible();
  await expect(order.getByTestId('order-discount')).toHaveText('−₦2,000.00');
  await expect(order.getByText(/^Delivery \(/)).toBeVisible();
  await expect(order.getByTestId('order-delivery')).toHaveText('₦2,500.00');
  await expect(order.getByTestId('order-total')).toHaveText('₦20,500.00');
});

test('a shopper who collects the order in Yaba pays no delivery', async ({ page, request }) => {
  const [product] = await createProducts(request, [{ title: `Kente Table Runner ${unique()}`, price: 9000, category: 'Home' }]);
  await signInWithStorage(page, await registerShopper(request));
  await page.goto(`/productdetails/${product!.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();

  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  const state = step.getByLabel('State', { exact: true });
  await expect(step.getByTestId('summary-total')).toHaveText('₦11,500.00');

  // Another state is priced again (South-West), with no pickup there; back to Lagos for it.
  await state.selectOption('Oyo');
  await expect(step.getByTestId('summary-delivery')).toHaveText('₦4,500.00');
  await expect(step.getByTestId('summary-total')).toHaveText('₦13,500.00');
  await expect(step.getByRole('radio', { name: /^Pickup/ })).toHaveCount(0);
  await state.selectOption('Lagos Mainland');
  await expect(step.getByTestId('summary-delivery')).toHaveText('₦2,500.00');

  const pickup = step.getByRole('radio', { name: /^Pickup/ });
  await expect(pickup).toBeVisible();
  await pickup.check();
  await expect(pickup).toBeChecked();
  await expect(step.getByTestId('summary-delivery')).toHaveText('Free');
  await expect(step.getByTestId('summary-total')).toHaveText('₦9,000.00');

  await step.getByRole('button', { name: 'Pay ₦9,000.00' }).click();
  await page.getByRole('dialog', { name: 'Pay ₦9,000.00' }).getByRole('button', { name: 'Pay with success card' }).click();
  await expect(page.getByText('Purchase is Successful')).toBeVisible();
  await expect(page.getByTestId('purchase-delivery')).toContainText('Ready');

  await page.goto('/orders');
  const order = page.getByTestId('order-list').getByRole('listitem').first();
  await expect(order.getByRole('link', { name: product!.title })).toBeVisible();
  await expect(order.getByText(/^Delivery \(Pickup/)).toBeVisible();
  await expect(order.getByTestId('order-delivery')).toHaveText('Free');
  await expect(order.getByText(/^Collect it at /)).toBeVisible();
  await expect(order.getByTestId('order-total')).toHaveText('₦9,000.00');
});

import { expect, test } from '@playwright/test';
import { createProducts, registerShopper, signInWithStorage, unique } from './fixtures.ts';

test('the decline card fails the purchase and keeps the cart', async ({ page, request }) => {
  const [product] = await createProducts(request, [
    { title: `Coral Bead Necklace ${unique()}`, price: 8000, category: 'Jewellery' },
  ]);
  await signInWithStorage(page, await registerShopper(request));

  await page.goto(`/productdetails/${product!.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();
  // Delivery and payment: the shopper registered in Lagos pays ₦2,500 delivery to the Mainland.
  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await expect(step.getByLabel('State', { exact: true })).toHaveValue('Lagos Mainland');
  await expect(step.getByTestId('summary-delivery')).toHaveText('₦2,500.00');
  await step.getByRole('button', { name: 'Pay ₦10,500.00' }).click();
  const checkout = page.getByRole('dialog', { name: 'Pay ₦10,500.00' });
  await checkout.getByRole('button', { name: 'Pay with decline card' }).click();

  await expect(page.getByText('Failed to complete purchase. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
});

test('Buy Now asks before closing the test checkout, and a typed success card pays', async ({ page, request }) => {
  const [product] = await createProducts(request, [{ title: `Brass Cuff ${unique()}`, price: 4500, category: 'Jewellery' }]);
  await signInWithStorage(page, await registerShopper(request));
  await page.goto(`/productdetails/${product!.id}`);

  const questions: string[] = [];
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void (questions.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  // Closing the delivery step asks nothing (no order exists yet) and ends the checkout.
  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await step.getByRole('button', { name: 'Close checkout' }).click();
  await expect(step).toBeHidden();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeEnabled();

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await step.getByRole('button', { name: 'Pay ₦7,000.00' }).click();
  const checkout = page.getByRole('dialog', { name: 'Pay ₦7,000.00' });
  await checkout.getByRole('button', { name: 'Close checkout' }).click();
  // Dismissed: still open.
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Close checkout' }).click();
  await expect(checkout).toBeHidden();
  expect(questions).toEqual(['Are you sure you want to close', 'Are you sure you want to close']);

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await step.getByRole('button', { name: 'Pay ₦7,000.00' }).click();
  await checkout.getByLabel('Card number').fill('4084 0840 8408 4081');
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Purchase is Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('Buy Now while signed out opens the sign-in panel and continues to checkout', async ({ page, request }) => {
  const [product] = await createProducts(request, [
    { title: `Shea Body Butter ${unique()}`, price: 3000, category: 'Beauty', sizes: 'one size' },
  ]);
  const shopper = await registerShopper(request);
  await page.goto(`/productdetails/${product!.id}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const panel = page.getByRole('dialog', { name: 'Sign in' });
  await panel.getByLabel('Email').fill(shopper.email);
  await panel.getByLabel('Password', { exact: true }).fill('wrong password');
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Invalid email or password');
  await panel.getByLabel('Password', { exact: true }).fill(shopper.password);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  // Signed in, the shopper carries on to the delivery step, filled from their profile.
  const step = page.getByRole('dialog', { name: 'Delivery and payment' });
  await expect(step.getByLabel('Full name')).toHaveValue(`${shopper.firstName} Tester`);
  await expect(step.getByLabel('State', { exact: true })).toHaveValue('Lagos Mainland');
  await expect(step.getByRole('button', { name: 'Pay ₦5,500.00' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/productdetails/${product!.id}$`));
});

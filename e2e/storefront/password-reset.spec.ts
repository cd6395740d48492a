/**
 * A forgotten password: from the sign-in panel to /forgot-password, the link from the e-mail
 * the shop wrote (the e2e server has no SMTP server, so its messages worker writes .eml files
 * under DATA_DIR/outbox/), a new password, and a sign-in with it. The session from before the
 * reset no longer works.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { openApp, readMail, registerShopper } from './fixtures.ts';

test('a shopper resets a forgotten password with the e-mailed link and signs in with the new one', async ({
  page,
  request,
  baseURL,
}) => {
  const shopper = await registerShopper(request);
  // A session from before the reset (another phone, say).
  const signedIn = await request.post('/api/auth/login', { data: { email: shopper.email, password: shopper.password } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const oldToken: string = (await signedIn.json()).accessToken;
  const me = (token: string) => request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me(oldToken)).status()).toBe(200);

  // Before the app runs, Sign in is a plain link to /signin; the panel is the app's.
  await openApp(page, '/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const panel = page.getByRole('dialog', { name: 'Sign in' });
  await panel.getByLabel('Email').fill(shopper.email);
  await panel.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(panel).toBeHidden();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(main.getByLabel('Email')).toHaveValue(shopper.email);
  await main.getByRole('button', { name: 'Send reset link' }).click();
  await expect(main.getByRole('status')).toContainText('If an account exists for that address');

  const mail = await readMail(shopper.email, /^Reset your .* password$/);
  const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w%-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeDefined();
  expect(new URL(link!).origin).toBe(new URL(baseURL!).origin);

  await page.goto(link!);
  await expect(main.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await main.getByLabel('New password', { exact: true }).fill('a new secret 2024');
  await main.getByLabel('Confirm new password').fill('a new secret 2025');
  await expect(main.getByText('Both passwords must match!')).toBeVisible();
  await main.getByLabel('Confirm new password').fill('a new secret 2024');
  await main.getByRole('button', { name: 'Set new password' }).click();
  await expect(main.getByRole('status')).toHaveText('Your password has been changed. Sign in with the new one.');

  // The session from before is over.
  expect((await me(oldToken)).status()).toBe(401);

  await main.getByRole('button', { name: 'Sign in' }).click();
  await panel.getByLabel('Email').fill(shopper.email);
  await panel.getByLabel('Password', { exact: true }).fill(shopper.password);
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Invalid email or password');
  await panel.getByLabel('Password', { exact: true }).fill('a new secret 2024');
  await panel.getByRole('button', { name: 'LOGIN' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('greeting')).toHaveText(`Hi ${shopper.firstName}`);

  // The link worked once.
  await page.goto(link!);
  await main.getByLabel('New password', { exact: true }).fill('yet another secret');
  await main.getByLabel('Confirm new password').fill('yet another secret');
  await main.getByRole('button', { name: 'Set new password' }).click();
  await expect(main.getByRole('alert')).toHaveText('This link has already been used. Ask for a new one if you need to.');
  await expect(main.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
});

test('the forgot and reset pages, with their messages showing, have no serious axe-core violations', async ({ page }) => {
  const main = page.getByRole('main');

  await page.goto('/forgot-password');
  await main.getByLabel('Email').fill('not an address');
  await main.getByRole('button', { name: 'Send reset link' }).click();
  await expect(main.getByText('Enter a valid email address')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
  await main.getByLabel('New password', { exact: true }).fill('a new secret 2024');
  await main.getByLabel('Confirm new password').fill('a new secret');
  await expect(main.getByText('Both passwords must match!')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByLabel('Confirm new password').fill('a new secret 2024');
  await main.getByRole('button', { name: 'Set new password' }).click();
  await expect(main.getByRole('alert')).toHaveText('This link is not valid. Ask for a new one.');
  expect(await seriousViolations(page)).toEqual([]);
});

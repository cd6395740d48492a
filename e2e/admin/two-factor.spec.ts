/**
 * Two-factor sign-in (issue 28), as a member lives it: on /security they set it up with the
 * key the page shows (this spec is their authenticator app: otplib computes the codes), save
 * the recovery codes, log out, and sign in again with their password and a code; later with a
 * recovery code instead, which works once. A fresh member of their own (admin/team.ts), so no
 * demo account ends up needing codes.
 *
 * A code is accepted once per 30-second step, and the server takes the step before and after
 * the current one too: each sign-in here uses the code of the next step, which is always later
 * than the one used before and still accepted.
 */
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { signInWithStorage } from './helpers.ts';
import { newMember } from './team.ts';

/** The code the app would show 30 s from now: a later step than any code used before it. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function logOut(page: Page) {
  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a member turns on two-factor sign-in, signs in with a code, and with a recovery code that works once', async ({
  page,
  request,
}) => {
  const member = await newMember(request, 'Fulfilment');
  await signInWithStorage(page, member);
  await page.goto('/security');

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code of your two-factor key/ })).toBeVisible();
  const key = page.getByText('Type this key into the app').locator('xpath=following-sibling::p[1]');
  const secret = (await key.innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByLabel('Code from the app')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().innerText()).trim();
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // Password and a code from the app.
  await logOut(page);
  await signInWithPassword(page, member.email, member.password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/purchasetable$/);
  await expect(page.getByRole('heading', { name: 'Purchases', level: 1 })).toBeVisible();

  // Password and a recovery code: once.
  for (const attempt of ['first', 'second'] as const) {
    await logOut(page);
    await signInWithPassword(page, member.email, member.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/purchasetable$/);
      continue;
    }
    await expect(page.getByLabel('Recovery code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
  }
});

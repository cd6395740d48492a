/**
 * Joining the staff by invitation (issue 28): the demo Owner invites a new address as Cashier
 * on /staff, the e-mail the server wrote (DATA_DIR/outbox/) carries the link, the invited
 * person opens it in their own browser, chooses their names and password, and lands signed
 * in on the point of sale with the Cashier's menu only. The link works once.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { demoAccount } from '../demo-accounts.ts';
import { adminLogin, signInWithStorage, staffSession } from './helpers.ts';
import { freshAddress, invitationLink } from './team.ts';

const menuLinks = (page: Page) => page.getByRole('navigation', { name: 'Menu' }).getByRole('link');

/** The Cashier's menu, as the demo Cashier sees it (admin/staff-menus.spec.ts checks that one entry by entry). */
async function cashierMenu(browser: Browser, request: APIRequestContext): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithStorage(page, await staffSession(request, demoAccount('cashier@demo.shop')));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const menu = await menuLinks(page).allInnerTexts();
  await context.close();
  return menu.map((label) => label.trim());
}

test('the Owner invites a Cashier, who accepts the e-mailed link, lands signed in on the till and cannot use the link again', async ({
  page,
  browser,
  request,
}) => {
  // Three browsers, the outbox's e-mail (written every 2 s) and an axe check: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const email = freshAddress('cashier');

  await adminLogin(page);
  await page.goto('/staff');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption({ label: 'Cashier' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByRole('table', { name: 'Invitations not accepted yet' });
  await expect(pending.getByRole('row').filter({ hasText: email })).toContainText('Cashier');

  const link = await invitationLink(email);

  // The invited person, in a browser of their own.
  const theirs = await browser.newContext();
  const invited = await theirs.newPage();
  await invited.goto(link);
  const main = invited.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Join the team', level: 1 })).toBeVisible();
  await main.getByLabel('First name').fill('Amaka');
  await main.getByLabel('Last name').fill('Okafor');
  await main.getByLabel('Password', { exact: true }).fill('a till password 2026');
  await main.getByLabel('Confirm password').fill('a till password 2025');
  await expect(main.getByText('Both passwords must match!')).toBeVisible();
  expect(await seriousViolations(invited)).toEqual([]);
  await main.getByLabel('Confirm password').fill('a till password 2026');
  await main.getByRole('button', { name: 'Accept the invitation' }).click();

  await expect(invited).toHaveURL(/\/pos$/);
  const menu = await cashierMenu(browser, request);
  expect(menu).toContain('Point of Sale');
  expect(menu).not.toContain('Purchases');
  expect(menu).not.toContain('Staff');
  await expect(menuLinks(invited)).toHaveText(menu);
  const profile = invited.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('Cashier', { exact: true })).toBeVisible();
  await expect(profile).toContainText('Amaka');

  // The link worked once: opened again, it says so, whoever opens it.
  await invited.goto(link);
  await main.getByLabel('First name').fill('Amaka');
  await main.getByLabel('Last name').fill('Okafor');
  await main.getByLabel('Password', { exact: true }).fill('another password 2026');
  await main.getByLabel('Confirm password').fill('another password 2026');
  await main.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(main.getByRole('alert')).toHaveText('This invitation was already accepted: sign in instead');
  await expect(main.getByRole('link', { name: 'Go to Admin Login' })).toHaveAttribute('href', '/login');
  await theirs.close();

  // On the Owner's Staff page the invitation is gone and the member is there, a Cashier.
  await page.reload();
  await expect(pending.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Cashier');
});

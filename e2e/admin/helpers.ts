import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { demoAccount } from '../demo-accounts.ts';

export const ADMIN = demoAccount('admin@demo.shop');
export const SHOPPER = demoAccount('shopper@demo.shop');

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixture = (name: string) => path.join(here, 'fixtures', name);

/** Signs in through the Admin Login screen and lands on /dashboard. */
export async function adminLogin(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
}

/** Clicks a link of the sidebar's Menu. */
export async function openMenu(page: Page, label: string) {
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: label, exact: true }).click();
}

/**
 * Opens a storefront page when the storefront has it; otherwise (the page is not built yet)
 * returns false so the caller checks the same fact through the API.
 */
export async function storefrontHas(page: Page, url: string): Promise<boolean> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  return !(await page.getByRole('heading', { name: 'Page not found' }).isVisible());
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
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

/** A member of staff signed in through the API: the token and the user the original clients store. */
export interface StaffSession {
  accessToken: string;
  user: { staffRole?: string | null; permissions?: string[] } & Record<string, unknown>;
}

/** Signs a member of staff in through the API (/api/auth/adminlogin, as Admin Login does); the demo admin unless told. */
export async function staffSession(
  request: APIRequestContext,
  account: { email: string; password: string } = ADMIN,
): Promise<StaffSession> {
  const res = await request.post('/api/auth/adminlogin', { data: { email: account.email, password: account.password } });
  expect(res.ok(), `${account.email}: ${res.status()}`).toBe(true);
  return res.json();
}

/** The id of the first row a list endpoint answers, read as that member. */
export async function firstId(request: APIRequestContext, session: StaffSession, path: string): Promise<string> {
  const res = await request.get(path, { headers: { authorization: `Bearer ${session.accessToken}` } });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  const body = await res.json();
  const list = Array.isArray(body) ? body : (body.items ?? body.data);
  expect(list.length, `${path} has at least one row`).toBeGreaterThan(0);
  return list[0].id;
}

/** Opens the app already signed in as that member (the storage keys the app reads on start). */
export async function signInWithStorage(page: Page, session: StaffSession): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('user', user);
    },
    [session.accessToken, JSON.stringify(session.user)] as const,
  );
}

/** One id of each kind of row the back office's edit and detail pages open (the demo data has them all). */
export async function backOfficeIds(request: APIRequestContext, session: StaffSession): Promise<Record<string, string>> {
  const paths = {
    category: '/api/categories',
    sub: '/api/subs',
    subsub: '/api/subsubs',
    brand: '/api/brands',
    product: '/api/products?limit=1',
    post: '/api/posts',
    coupon: '/api/coupons',
    order: '/api/purchases',
    member: '/api/staff',
    role: '/api/roles',
  };
  const ids: Record<string, string> = {};
  for (const [kind, path] of Object.entries(paths)) ids[kind] = await firstId(request, session, path);
  return ids;
}

/**
 * The demo team, one member per role template (the seed's, passwords in DATA_DIR/demo-accounts.txt),
 * each signs in through Admin Login and sees only their menu: they land on a page their role
 * may use, nothing on it is refused, and a page outside their role, opened by its URL, says
 * "You don't have access to this page" inside the back office, still signed in (issue 28).
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { demoAccount } from '../demo-accounts.ts';

const CATALOGUE = ['Categories', 'Sub-Categories', 'Sub Sub-Categories', 'Brands', 'Products'];
const TILL = ['Point of Sale', 'Tills', 'Cash drawers'];
/**
 * The Manager's menu: everything but Staff (staff.manage), which only the Owner has; Reports with
 * reports.sales (issue 30); Recovery (abandoned checkouts, issue 31) with orders.read.
 */
const MANAGER = [
  'Overview',
  'Reports',
  'Users',
  'Purchases',
  ...CATALOGUE,
  ...TILL,
  'Sync conflicts',
  'Banner Display',
  'Blog Posts',
  'Delivery',
  'Coupons',
  'Messages',
  'Recovery',
  'Settings',
];
const EVERYTHING = [...MANAGER.slice(0, -1), 'Staff', 'Settings'];

const TEAM = [
  { email: 'admin@demo.shop', role: 'Owner', landing: '/dashboard', heading: 'Users', menu: EVERYTHING, outside: null },
  { email: 'manager@demo.shop', role: 'Manager', landing: '/dashboard', heading: 'Users', menu: MANAGER, outside: '/staff' },
  {
    email: 'cashier@demo.shop',
    role: 'Cashier',
    landing: '/pos',
    heading: 'Point of Sale',
    menu: ['Users', ...CATALOGUE, ...TILL, 'Settings'],
    outside: '/purchasetable',
  },
  {
    email: 'fulfilment@demo.shop',
    role: 'Fulfilment',
    landing: '/purchasetable',
    heading: 'Purchases',
    menu: ['Purchases', ...CATALOGUE, 'Sync conflicts', 'Recovery', 'Settings'],
    outside: '/pos',
  },
  {
    email: 'editor@demo.shop',
    role: 'Content editor',
    landing: '/categorytable',
    heading: 'Categories',
    menu: [...CATALOGUE, 'Banner Display', 'Blog Posts', 'Settings'],
    outside: '/coupons',
  },
] as const;

const menuLinks = (page: Page) => page.getByRole('navigation', { name: 'Menu' }).getByRole('link');
const refusal = (page: Page) => page.getByText(/^You don't have permission to/);

for (const member of TEAM) {
  test(`the ${member.role} signs in, lands on ${member.landing} and sees only their menu`, async ({ page }) => {
    // Two pages, each waited on until idle and scanned by axe: past the default 30 s beside a till spec.
    test.setTimeout(90_000);
    const account = demoAccount(member.email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(new RegExp(`${member.landing}$`));
    await expect(page.getByRole('heading', { name: member.heading, level: 1 })).toBeVisible();
    await expect(menuLinks(page)).toHaveText([...member.menu]);
    await expect(page.getByRole('region', { name: 'Profile' }).getByText(member.role, { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(refusal(page)).toHaveCount(0);

    if (!member.outside) return;
    await page.goto(member.outside);
    await expect(page.getByRole('heading', { name: "You don't have access to this page", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${member.outside}$`));
    await expect(menuLinks(page)).toHaveText([...member.menu]);
    await page.waitForLoadState('networkidle');
    await expect(refusal(page)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Still signed in: the way back is their own page.
    await page.getByRole('link', { name: /^Go to / }).click();
    await expect(page).toHaveURL(new RegExp(`${member.landing}$`));
    await expect(page.getByRole('heading', { name: member.heading, level: 1 })).toBeVisible();
  });
}

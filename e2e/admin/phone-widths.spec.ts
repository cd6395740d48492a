/**
 * Staff work from phones (issue 28): at 390 px wide every back-office page, signed in as the
 * Owner, fits without sideways scrolling of the page (a wide table scrolls inside its own
 * frame), and the menu opens as a drawer: the Menu button says it is expanded, focus moves
 * into the drawer and back to the button, Escape and Close menu close it.
 */
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../axe.ts';
import { backOfficeIds, type StaffSession, signInWithStorage, staffSession } from './helpers.ts';

const WIDTH = 390;

/** The page's width as the browser scrolls it, and what sticks out past the viewport (to say why). */
async function measure(page: Page) {
  return page.evaluate((width) => {
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    const past = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    // The innermost elements that stick out: what widens the page.
    const wide = Array.from(document.querySelectorAll('body *'))
      .filter((el) => past(el) && !Array.from(el.children).some(past))
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 4).join('.')} → ${Math.round(el.getBoundingClientRect().right)}px`,
      );
    return { scrollWidth, wide };
  }, WIDTH);
}

let session: StaffSession;
let ids: Record<string, string> = {};

test.use({ viewport: { width: WIDTH, height: 844 } });

test.beforeAll(async ({ request }) => {
  session = await staffSession(request);
  ids = await backOfficeIds(request, session);
});

test.beforeEach(async ({ page }) => {
  await signInWithStorage(page, session);
});

/** Every back-office route (app/admin-routes.tsx), with an id where it takes one. */
const routes = (): string[] => [
  '/overview',
  '/dashboard',
  '/purchasetable',
  `/purchasetable/${ids.order}`,
  '/categorytable',
  '/createcategory',
  `/editcategory/${ids.category}`,
  '/subcategorytable',
  '/createsubcategory',
  `/editsubcategory/${ids.sub}`,
  '/subsubcategorytable',
  '/createsubsubcategory',
  `/editsubsubcategory/${ids.subsub}`,
  '/brandtable',
  '/createbrand',
  `/editbrand/${ids.brand}`,
  '/producttable',
  '/createProduct',
  `/viewproduct/${ids.product}`,
  `/editproduct/${ids.product}`,
  '/createbanner',
  '/pos',
  '/posttable',
  '/createpost',
  `/editpost/${ids.post}`,
  '/delivery',
  '/delivery?zone=new',
  '/coupons',
  '/coupons/new',
  `/coupons/${ids.coupon}`,
  '/messages',
  '/settings',
  '/security',
  '/staff',
  `/staff/members/${ids.member}`,
  '/staff/roles/new',
  `/staff/roles/${ids.role}`,
  // Public, beside Admin Login: the staff invitation's link (a token that is no longer good shows the same page).
  '/accept-invitation?token=x',
];

test('every back-office page fits 390 px without sideways scrolling', async ({ page }) => {
  test.setTimeout(180_000);
  const overflowing: string[] = [];
  for (const url of routes()) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const { scrollWidth, wide } = await measure(page);
    if (scrollWidth > WIDTH) overflowing.push(`${url}: ${scrollWidth}px (${wide.join('; ')})`);
  }
  expect(overflowing).toEqual([]);
});

test('the menu opens as a drawer and closes with Escape and with Close menu', async ({ page }) => {
  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  // On a phone the fixed sidebar is hidden: the Menu is only in the drawer.
  await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();

  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await expect(drawer.getByRole('link', { name: 'Purchases', exact: true })).toBeVisible();
  expect((await measure(page)).scrollWidth).toBeLessThanOrEqual(WIDTH);
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();

  // A link in the drawer goes there and closes it.
  await menuButton.click();
  await drawer.getByRole('link', { name: 'Purchases', exact: true }).click();
  await expect(page).toHaveURL(/\/purchasetable$/);
  await expect(drawer).toBeHidden();

  await menuButton.click();
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});

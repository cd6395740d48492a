import { PERMISSION_KEYS, type Permission, type RoleTemplate, TEMPLATE_ROLES } from '@shop/shared/staff';
import { describe, expect, it } from 'vitest';
import {
  ACTION_NEEDS,
  allows,
  type BackOfficeAction,
  can,
  canOpen,
  landingPath,
  MENU,
  menuFor,
  PAGE_NEEDS,
  pageNeed,
  statusChangeAction,
} from './back-office-access.ts';

const permissionsOf = (template: RoleTemplate) => TEMPLATE_ROLES[template].permissions;
const menuLabels = (permissions: readonly string[] | undefined) => menuFor(permissions).map((entry) => entry.label);
const CATALOGUE = ['Categories', 'Sub-Categories', 'Sub Sub-Categories', 'Brands', 'Products'];

describe('the back office’s permission table', () => {
  it('names only real permissions', () => {
    const needs = [...Object.values(PAGE_NEEDS), ...Object.values(ACTION_NEEDS)].flat().filter((need) => need !== 'staff');
    expect(needs.filter((need) => !(PERMISSION_KEYS as readonly string[]).includes(need))).toEqual([]);
  });

  it('gives each template the menu of the pages its permissions open', () => {
    expect(menuLabels(permissionsOf('owner'))).toEqual(MENU.map((entry) => entry.label));
    // The Manager lacks only staff (the Staff page) and the bank account (not a page of its own).
    expect(menuLabels(permissionsOf('manager'))).toEqual(MENU.map((entry) => entry.label).filter((label) => label !== 'Staff'));
    expect(menuLabels(permissionsOf('cashier'))).toEqual([
      'Users',
      ...CATALOGUE,
      'Point of Sale',
      'Tills',
      'Cash drawers',
      'Settings',
    ]);
    // Sync conflicts lists till sales (orders.read), as Purchases does; Recovery abandoned checkouts (orders.read too).
    expect(menuLabels(permissionsOf('fulfilment'))).toEqual([
      'Purchases',
      ...CATALOGUE,
      'Sync conflicts',
      'Recovery',
      'Settings',
    ]);
    expect(menuLabels(permissionsOf('content_editor'))).toEqual([...CATALOGUE, 'Banner Display', 'Blog Posts', 'Settings']);
  });

  it('opens Settings to every member (their own password) and nothing else without a permission', () => {
    expect(menuLabels([])).toEqual(['Settings']);
    // A session stored before roles existed: nothing until /api/auth/me answers.
    expect(menuLabels(undefined)).toEqual(['Settings']);
  });

  it('lands each template on a page it may use: the spec’s /dashboard, the till, the orders', () => {
    const landing = Object.fromEntries(
      (Object.keys(TEMPLATE_ROLES) as RoleTemplate[]).map((template) => [template, landingPath(permissionsOf(template))]),
    );
    expect(landing).toEqual({
      owner: '/dashboard',
      manager: '/dashboard',
      cashier: '/pos',
      fulfilment: '/purchasetable',
      content_editor: '/categorytable',
    });
    for (const [template, path] of Object.entries(landing)) {
      expect(canOpen(permissionsOf(template as RoleTemplate), path), template).toBe(true);
    }
  });

  it('lands a custom role on the overview, its work page or the first page of its menu', () => {
    expect(landingPath(['reports.sales'])).toBe('/overview');
    expect(landingPath(['pos.sell', 'orders.read'])).toBe('/pos');
    expect(landingPath(['orders.read', 'customers.read'])).toBe('/purchasetable');
    expect(landingPath(['messages.read', 'coupons.write'])).toBe('/coupons');
    expect(landingPath([])).toBe('/settings');
  });

  it('matches a URL to its page as the router does: parameters, any case, nothing else', () => {
    expect(pageNeed('/purchasetable/0f1e')).toBe('orders.read');
    expect(pageNeed('/createProduct')).toBe('catalog.write');
    expect(pageNeed('/createproduct')).toBe('catalog.write');
    expect(pageNeed('/coupons/new')).toBe('coupons.write');
    expect(pageNeed('/editproduct/p1/extra')).toBeUndefined();
    expect(pageNeed('/cart')).toBeUndefined();
    expect(canOpen(PERMISSION_KEYS, '/cart')).toBe(false);
  });

  it('keeps reading the catalogue apart from changing it, and each kind of money apart', () => {
    const fulfilment = permissionsOf('fulfilment');
    expect(canOpen(fulfilment, '/producttable')).toBe(true);
    expect(canOpen(fulfilment, '/createProduct')).toBe(false);
    // Its variants' stock alone (PUT …/variants admits stock.adjust).
    expect(canOpen(fulfilment, '/editproduct/p1')).toBe(true);
    expect(canOpen(permissionsOf('cashier'), '/editproduct/p1')).toBe(false);
    const actions = (permissions: readonly Permission[]) =>
      (Object.keys(ACTION_NEEDS) as BackOfficeAction[]).filter((action) => can(permissions, action));
    // It may accept a till sale held for review (stock taken) but not void it (money back).
    expect(actions(fulfilment)).toEqual(['product.stock', 'order.fulfil', 'till.acceptHeld']);
    expect(actions(permissionsOf('cashier'))).toEqual(['customers.search']);
    expect(actions(permissionsOf('content_editor'))).toEqual(['catalog.edit']);
    expect(actions(permissionsOf('manager'))).not.toContain('settings.bank');
    expect(actions(permissionsOf('owner'))).toEqual(Object.keys(ACTION_NEEDS));
  });

  it('asks orders.cancel to cancel or fail an order, orders.fulfil for every other change', () => {
    expect(statusChangeAction('cancelled')).toBe('order.cancel');
    expect(statusChangeAction('failed')).toBe('order.cancel');
    expect(statusChangeAction('fulfilled')).toBe('order.fulfil');
    expect(statusChangeAction('delivered')).toBe('order.fulfil');
  });

  it('admits a list of permissions by any one of them', () => {
    expect(allows(['settings.payments'], ['settings.write', 'settings.payments'])).toBe(true);
    expect(allows(['orders.read'], ['settings.write', 'settings.payments'])).toBe(false);
  });
});

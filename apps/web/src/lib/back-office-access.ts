/**
 * What each member of staff may open and do in the back office, in one table: every page
 * (by its path in app/admin-routes.tsx) and every guarded action (a button, a guarded field)
 * with the permission it needs. The menu, the layout's guard, the landing page after sign-in
 * and the buttons all read it, so a role sees what it may use and nothing it would be
 * refused. The server decides every call anyway (each route's `config.access`, its
 * x-permission): the entries mirror those declarations in apps/api/src, and a page's entry is
 * what the calls it cannot work without need. A test (app/admin-routes.test.tsx) fails when a
 * back-office route has no entry here.
 */
import type { Permission } from '@shop/shared/staff';
import { matchPath } from 'react-router';
import { useSession } from './session-store.ts';

/** What a page or an action needs: a permission, any one of several, or only being staff (the guard checks that). */
export type Need = Permission | readonly Permission[] | 'staff';

/** Each back-office page, by its route path, and what opening it needs (the API call it is built on). */
export const PAGE_NEEDS = {
  overview: 'reports.sales', // GET /api/admin/stats
  reports: 'reports.sales', // GET /api/reports/sales (its cost and profit columns come only with reports.profit)
  'reports/stock': 'reports.sales', // GET /api/reports/stock
  'reports/pod': 'reports.sales', // GET /api/reports/pod
  'reports/coupons': 'reports.sales', // GET /api/reports/coupons
  'reports/customers': 'reports.sales', // GET /api/reports/customers (names only with customers.read)
  dashboard: 'customers.read', // GET /api/users
  purchasetable: 'orders.read', // GET /api/purchases
  'purchasetable/:id': 'orders.read', // GET /api/orders/:id: staff with orders.read
  // The taxonomy and product lists are public on the API; in the back office they are the catalogue.
  categorytable: 'catalog.read',
  createcategory: 'catalog.write',
  'editcategory/:id': 'catalog.write',
  subcategorytable: 'catalog.read',
  createsubcategory: 'catalog.write',
  'editsubcategory/:id': 'catalog.write',
  subsubcategorytable: 'catalog.read',
  createsubsubcategory: 'catalog.write',
  'editsubsubcategory/:id': 'catalog.write',
  brandtable: 'catalog.read',
  createbrand: 'catalog.write',
  'editbrand/:id': 'catalog.write',
  producttable: 'catalog.read',
  createProduct: 'catalog.write', // POST /api/products/create
  'viewproduct/:id': 'catalog.read',
  // PUT /api/products/:id; its variants (PUT …/variants) also admit stock.adjust, to change the stock alone.
  'editproduct/:id': ['catalog.write', 'stock.adjust'],
  createbanner: 'content.write', // GET /api/banners/all
  pos: 'pos.sell', // POST /api/pos/orders
  tills: 'pos.sell', // GET /api/pos/tills (revoking one needs settings.write: an action below)
  'pos-conflicts': 'orders.read', // GET /api/pos/conflicts (Accept and Void: actions below)
  drawers: ['pos.sell', 'reports.sales'], // GET /api/pos/drawers
  'drawers/:id': ['pos.sell', 'reports.sales'], // GET /api/pos/drawers/:id/report
  labels: 'catalog.read', // GET /api/products/:id of each product labelled
  posttable: 'content.write',
  createpost: 'content.write',
  'editpost/:id': 'content.write',
  delivery: 'delivery.write', // GET /api/delivery/zones/all
  coupons: 'coupons.write', // GET /api/coupons
  'coupons/new': 'coupons.write',
  'coupons/:id': 'coupons.write',
  messages: 'messages.read', // GET /api/messages
  // Abandoned checkouts (issue 31): the shopper's contact details as an order's, so who sees orders.
  recovery: 'orders.read', // GET /api/recovery
  // Everyone changes their own password there; the store's settings need settings.write (an action below).
  settings: 'staff',
  // Everyone's own two-factor sign-in and sessions (/api/auth/2fa/*, /api/auth/sessions: signed in).
  security: 'staff',
  staff: 'staff.manage', // GET /api/staff, /api/staff/invitations, /api/roles
  'staff/members/:id': 'staff.manage', // PATCH /api/staff/:id
  'staff/roles/new': 'staff.manage', // POST /api/roles
  'staff/roles/:id': 'staff.manage', // PATCH /api/roles/:id
} as const satisfies Record<string, Need>;

/** Each guarded action, and the permission the API asks of it. */
export const ACTION_NEEDS = {
  /** Create, edit and delete products, categories, sub-categories and brands; import the catalogue. */
  'catalog.edit': 'catalog.write',
  /** Price and discount fields, the product's and each variant's. */
  'product.prices': 'catalog.prices',
  /** Stock fields, the product's and each variant's. */
  'product.stock': 'stock.adjust',
  /** Confirm, send, deliver, refused at delivery; archive and restore a purchase (DELETE /api/purchases/:id). */
  'order.fulfil': 'orders.fulfil',
  /** Cancel, or mark failed (PATCH /api/orders/:id/status with cancelled or failed). */
  'order.cancel': 'orders.cancel',
  'order.recordPayment': 'orders.record_payment',
  'order.refund': 'orders.refund',
  /** Export CSV on Purchases (GET /api/purchases.csv: every customer's name and address). */
  'orders.export': 'customers.export',
  /** The point of sale's customer search (GET /api/customers). */
  'customers.search': 'customers.read',
  /** Revoke a till (DELETE /api/pos/tills/:id): a lost or stolen device. */
  'till.revoke': 'settings.write',
  /** Accept a sale held for review (POST /api/pos/conflicts/:saleId/accept: its stock taken). */
  'till.acceptHeld': 'orders.fulfil',
  /** Void a sale held for review (POST /api/pos/conflicts/:saleId/void: its money given back). */
  'till.voidHeld': 'orders.refund',
  /** The Store card of Settings. */
  'settings.store': 'settings.write',
  /** The bank account shoppers pay transfers to, in the Store card. */
  'settings.bank': 'settings.payments',
} as const satisfies Record<string, Permission>;
export type BackOfficeAction = keyof typeof ACTION_NEEDS;

/** The menu, in the spec's order (plus the pages added since); the sidebar gives each its icon. */
export const MENU = [
  { to: '/overview', label: 'Overview' },
  { to: '/reports', label: 'Reports' },
  { to: '/dashboard', label: 'Users' },
  { to: '/purchasetable', label: 'Purchases' },
  { to: '/categorytable', label: 'Categories' },
  { to: '/subcategorytable', label: 'Sub-Categories' },
  { to: '/subsubcategorytable', label: 'Sub Sub-Categories' },
  { to: '/brandtable', label: 'Brands' },
  { to: '/producttable', label: 'Products' },
  { to: '/pos', label: 'Point of Sale' },
  { to: '/tills', label: 'Tills' },
  { to: '/drawers', label: 'Cash drawers' },
  { to: '/pos-conflicts', label: 'Sync conflicts' },
  { to: '/createbanner', label: 'Banner Display' },
  { to: '/posttable', label: 'Blog Posts' },
  { to: '/delivery', label: 'Delivery' },
  { to: '/coupons', label: 'Coupons' },
  { to: '/messages', label: 'Messages' },
  { to: '/recovery', label: 'Recovery' },
  { to: '/staff', label: 'Staff' },
  { to: '/settings', label: 'Settings' },
] as const;
export type MenuEntry = (typeof MENU)[number];

/** A signed-in member's permissions (none known: none; the server's answer refreshes them). */
type Permissions = readonly string[] | undefined;

export function allows(permissions: Permissions, need: Need): boolean {
  if (need === 'staff') return true;
  const granted = new Set(permissions ?? []);
  return typeof need === 'string' ? granted.has(need) : need.some((p) => granted.has(p));
}

/** What opening a back-office URL needs; undefined for a path that is not a back-office page. */
export function pageNeed(pathname: string): Need | undefined {
  for (const [path, need] of Object.entries(PAGE_NEEDS)) {
    // Case-insensitive, as the router matches (/createProduct and /createproduct are one page).
    if (matchPath({ path: `/${path}`, caseSensitive: false, end: true }, pathname)) return need;
  }
  return undefined;
}

export const canOpen = (permissions: Permissions, pathname: string): boolean => {
  const need = pageNeed(pathname);
  return need !== undefined && allows(permissions, need);
};

export const can = (permissions: Permissions, action: BackOfficeAction): boolean => allows(permissions, ACTION_NEEDS[action]);

/** Moving an order to a status (PATCH /api/orders/:id/status): cancelled and failed are cancelling, the rest fulfilment. */
export const statusChangeAction = (status: string): BackOfficeAction =>
  status === 'cancelled' || status === 'failed' ? 'order.cancel' : 'order.fulfil';

/** The menu entries a member may open. */
export const menuFor = (permissions: Permissions): MenuEntry[] => MENU.filter((entry) => canOpen(permissions, entry.to));

/**
 * Where a member lands after signing in. Whoever may see the sales figures starts where the
 * spec's sign-in goes, Users (/dashboard), or at the overview without the customers; a role
 * that sells at the till without them works at the point of sale (a Cashier), one that sees
 * orders without them on the orders table (Fulfilment); anyone else on the first page of
 * their menu (Settings, everyone's, at worst).
 */
export function landingPath(permissions: Permissions): string {
  const has = (p: Permission) => allows(permissions, p);
  if (has('reports.sales')) return has('customers.read') ? '/dashboard' : '/overview';
  if (has('pos.sell')) return '/pos';
  if (has('orders.read')) return '/purchasetable';
  return menuFor(permissions)[0]?.to ?? '/settings';
}

/** The signed-in member's actions: `can('order.refund')`. */
export function useCan(): (action: BackOfficeAction) => boolean {
  const permissions = useSession((s) => s.user?.permissions);
  return (action) => can(permissions, action);
}

/** The signed-in member's permissions, as the table reads them. */
export const usePermissions = (): Permissions => useSession((s) => s.user?.permissions);

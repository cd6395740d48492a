/**
 * Which staff writes the audit records, under what action and entity, and how each is made
 * transactional (decision 22). Keyed by route ("METHOD url" as declared). A write route that
 * declares a permission and is missing here is still recorded, as "METHOD /url" with the URL's
 * first segment as entity (audit-actions.test.ts fails on one); a route open to every signed-in
 * user is recorded only when it is listed (a staff member's own shopping is not a staff write).
 *
 * - `mode: 'each'`: the route must not hold one transaction from start to end, so each
 *   transaction it opens writes its own entry: a card refund calls the payment provider
 *   between its transactions, the catalogue import streams its progress while it runs, a PIN
 *   is hashed (argon2) before its write.
 * - `uploads`: the same for a multipart request only: its images are decoded before its write
 *   (catalog/products/product-service.ts), which must not hold a transaction open.
 * - `createdId`: where a create's answer names the new thing (its `id` unless told).
 */
import type { AuditAction } from '@shop/shared';

export interface RouteAudit {
  action: AuditAction;
  /** The kind of thing, as entries are filtered by it (audit-snapshots.ts reads it). */
  entity: string;
  mode?: 'each';
  uploads?: true;
  createdId?: (answer: unknown) => unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const TAXONOMY = [
  ['/api/categories', 'categories', 'category'],
  ['/api/subs', 'subs', 'sub'],
  ['/api/subsubs', 'subsubs', 'subsub'],
  ['/api/brands', 'brands', 'brand'],
] as const;

export const ROUTE_AUDIT: Readonly<Record<string, RouteAudit>> = {
  'PATCH /api/orders/:id/status': { action: 'order.status_changed', entity: 'orders' },
  'POST /api/orders/:id/confirm': { action: 'order.confirmed', entity: 'orders' },
  'POST /api/orders/:id/refused': { action: 'order.refused_at_delivery', entity: 'orders' },
  'POST /api/orders/:id/payments': { action: 'order.payment_recorded', entity: 'orders' },
  'POST /api/orders/:id/refunds': { action: 'order.refunded', entity: 'orders', mode: 'each' },
  'DELETE /api/purchases/:id': { action: 'order.archived', entity: 'orders' },
  'POST /api/purchases/:id/restore': { action: 'order.restored', entity: 'orders' },
  // Open to shoppers too (an old client's purchase); sent by staff, a paid sale at the till.
  'POST /api/purchases/create': { action: 'pos.sale', entity: 'orders' },
  'POST /api/pos/orders': { action: 'pos.sale', entity: 'orders', createdId: (answer) => record(record(answer).order).id },
  'POST /api/pos/tills': { action: 'pos.till_registered', entity: 'tills', createdId: (answer) => record(answer).tillId },
  'DELETE /api/pos/tills/:id': { action: 'pos.till_revoked', entity: 'tills' },
  // A member syncing for a till (a till's own token is not a member): an entry per sale recorded.
  'POST /api/pos/sales/sync': { action: 'pos.sales_synced', entity: 'orders', mode: 'each' },
  'POST /api/pos/conflicts/:id/accept': { action: 'pos.conflict_accepted', entity: 'orders' },
  'POST /api/pos/conflicts/:id/void': { action: 'pos.conflict_voided', entity: 'orders', mode: 'each' },
  'POST /api/pos/drawers': { action: 'pos.drawer_opened', entity: 'pos_drawers' },
  'POST /api/pos/drawers/:id/movements': { action: 'pos.drawer_cash_moved', entity: 'pos_drawers' },
  'POST /api/pos/drawers/:id/close': { action: 'pos.drawer_closed', entity: 'pos_drawers' },
  'POST /api/pos/returns': { action: 'pos.goods_returned', entity: 'orders', createdId: (answer) => record(answer).saleId },

  'POST /api/products/create': { action: 'product.created', entity: 'products', uploads: true },
  'PUT /api/products/:id': { action: 'product.updated', entity: 'products', uploads: true },
  'PUT /api/products/:id/variants': { action: 'product.variants_replaced', entity: 'products' },
  'DELETE /api/products/:id': { action: 'product.deleted', entity: 'products' },
  'POST /api/products/import': { action: 'catalog.imported', entity: 'products', mode: 'each' },
  ...Object.fromEntries(
    TAXONOMY.flatMap(([path, entity, name]) => [
      [`POST ${path}/create`, { action: `${name}.created`, entity, uploads: true }],
      [`PUT ${path}/:id`, { action: `${name}.updated`, entity, uploads: true }],
      [`DELETE ${path}/:id`, { action: `${name}.deleted`, entity }],
    ]),
  ),

  'POST /api/banners/create': { action: 'banner.created', entity: 'banners' },
  'PUT /api/banners/:id': { action: 'banner.updated', entity: 'banners' },
  'DELETE /api/banners/:id': { action: 'banner.deleted', entity: 'banners' },
  'POST /api/posts/create': { action: 'post.created', entity: 'posts', uploads: true },
  'PUT /api/posts/:id': { action: 'post.updated', entity: 'posts', uploads: true },
  'DELETE /api/posts/:id': { action: 'post.deleted', entity: 'posts' },

  'POST /api/coupons': { action: 'coupon.created', entity: 'coupons' },
  'PUT /api/coupons/:id': { action: 'coupon.updated', entity: 'coupons' },
  'DELETE /api/coupons/:id': { action: 'coupon.deleted', entity: 'coupons' },
  'POST /api/customers/create': { action: 'customer.created', entity: 'customers' },
  'POST /api/delivery/zones': { action: 'delivery_zone.created', entity: 'delivery_zones' },
  'PUT /api/delivery/zones/:id': { action: 'delivery_zone.updated', entity: 'delivery_zones' },
  'DELETE /api/delivery/zones/:id': { action: 'delivery_zone.deleted', entity: 'delivery_zones' },
  'POST /api/messages/:id/resend': { action: 'message.resent', entity: 'messages' },

  'POST /api/roles': { action: 'role.created', entity: 'roles' },
  'PATCH /api/roles/:id': { action: 'role.updated', entity: 'roles' },
  'DELETE /api/roles/:id': { action: 'role.deleted', entity: 'roles' },
  'PATCH /api/staff/:id': { action: 'staff.updated', entity: 'staff' },
  'DELETE /api/staff/:id/sessions': { action: 'staff.sessions_ended', entity: 'staff' },
  // Open to every member for their own PIN: a staff write either way. The PIN is hashed (and a
  // member's own password checked) before its write, which must not hold a transaction open.
  'PUT /api/staff/:id/pin': { action: 'staff.pin_set', entity: 'staff', mode: 'each' },
  'POST /api/staff/invitations': { action: 'invitation.created', entity: 'invitations' },
  'DELETE /api/staff/invitations/:id': { action: 'invitation.cancelled', entity: 'invitations' },
  'POST /api/staff/invitations/:id/resend': { action: 'invitation.resent', entity: 'invitations' },
};

/** The first path segment after /api: "/api/orders/:id/status" → "orders". */
export const entityOfUrl = (url: string) => url.split('/')[2] ?? '';

/** What the plugin records for a route: its row of the table, or the fallback's "METHOD /url". */
export type ResolvedAudit = Omit<RouteAudit, 'action'> & { action: string };

/** A route's audit, or the fallback for a permission-guarded write missing from the table. */
export function routeAudit(method: string, url: string): ResolvedAudit {
  return ROUTE_AUDIT[`${method} ${url}`] ?? { action: `${method} ${url}`, entity: entityOfUrl(url) };
}

/**
 * Staff: what a member of the shop's team may do. Permissions are fine-grained and keep
 * reading, writing and money apart; a role is a set of them plus the point of sale's policy
 * for each till action (allowed, denied, or needing a manager's PIN). The server checks the
 * permission of every route (its `x-permission` in the OpenAPI document), whatever a screen
 * shows; the back office shows each person only what they may use.
 */
import { z } from 'zod';

/** Every permission, with the sentence a refusal says: "You don't have permission to <sentence>". */
export const PERMISSIONS = {
  'catalog.read': 'see the catalogue in the back office',
  'catalog.write': 'add, change and delete products, variants, categories and brands',
  'catalog.prices': 'change prices and markdowns',
  'catalog.cost': 'see and set cost prices',
  'stock.adjust': 'change stock levels',
  'orders.read': 'see orders',
  'orders.fulfil': 'confirm, send and deliver orders',
  'orders.cancel': 'cancel orders',
  'orders.record_payment': 'record payments by transfer, cash or on delivery',
  'orders.refund': 'refund orders',
  'customers.read': 'see customers',
  'customers.export': 'export customers',
  'coupons.write': 'manage coupons',
  'delivery.write': 'manage delivery zones and methods',
  'content.write': 'manage banners and blog posts',
  'pos.sell': 'sell at the point of sale',
  'reports.sales': 'see sales figures',
  'reports.profit': 'see costs, fees and profit',
  'messages.read': "see the shop's messages",
  'settings.write': "change the shop's settings",
  'settings.payments': 'change the bank account shoppers pay transfers to',
  'staff.manage': 'manage staff, roles and invitations',
  'audit.read': 'read the audit trail',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];
export const isPermission = (value: string): value is Permission => value in PERMISSIONS;

/** "You don't have permission to refund orders". */
export const permissionRefusal = (permission: Permission) => `You don't have permission to ${PERMISSIONS[permission]}`;

/**
 * Who may call a route, as it declares it (`x-permission`): a permission, anyone (`public`),
 * any signed-in account (`signed-in`), or a signed-in shopper on her own resource, staff
 * with the route's read permission on anyone's (`owner-of-resource`).
 */
export type RouteAccess = Permission | 'public' | 'signed-in' | 'owner-of-resource';

/** The till's actions a role allows, denies, or lets a cashier do with a manager's PIN. */
export const POS_ACTIONS = ['discount', 'priceOverride', 'refund', 'negativeStock'] as const;
export type PosAction = (typeof POS_ACTIONS)[number];
export const POS_POLICIES = ['allow', 'deny', 'approval'] as const;
export type PosPolicy = (typeof POS_POLICIES)[number];
export type PosPolicies = Record<PosAction, PosPolicy>;

/** The role templates every shop starts with; all but the Owner can be edited. */
export const ROLE_TEMPLATES = ['owner', 'manager', 'cashier', 'fulfilment', 'content_editor'] as const;
export type RoleTemplate = (typeof ROLE_TEMPLATES)[number];

const allow: PosPolicies = { discount: 'allow', priceOverride: 'allow', refund: 'allow', negativeStock: 'allow' };
const deny: PosPolicies = { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' };

export const TEMPLATE_ROLES: Record<
  RoleTemplate,
  { name: string; permissions: readonly Permission[]; pos: PosPolicies; discountLimitPercent: number }
> = {
  owner: { name: 'Owner', permissions: PERMISSION_KEYS, pos: allow, discountLimitPercent: 100 },
  manager: {
    name: 'Manager',
    permissions: PERMISSION_KEYS.filter((p) => p !== 'staff.manage' && p !== 'settings.payments'),
    pos: allow,
    discountLimitPercent: 100,
  },
  cashier: {
    name: 'Cashier',
    permissions: ['pos.sell', 'catalog.read', 'customers.read'],
    pos: { discount: 'approval', priceOverride: 'deny', refund: 'approval', negativeStock: 'approval' },
    discountLimitPercent: 10,
  },
  fulfilment: {
    name: 'Fulfilment',
    permissions: ['orders.read', 'orders.fulfil', 'stock.adjust', 'catalog.read'],
    pos: deny,
    discountLimitPercent: 0,
  },
  content_editor: {
    name: 'Content editor',
    permissions: ['catalog.read', 'catalog.write', 'content.write'],
    pos: deny,
    discountLimitPercent: 0,
  },
};

const posPolicy = z.enum(POS_POLICIES);
export const posPolicies = z.object({
  discount: posPolicy,
  priceOverride: posPolicy,
  refund: posPolicy,
  negativeStock: posPolicy,
});

export const roleView = z.object({
  id: z.string(),
  name: z.string(),
  /** The template it was made from (owner, manager, cashier, fulfilment, content_editor); null for a custom role. */
  template: z.enum(ROLE_TEMPLATES).nullable(),
  /** The Owner role cannot be changed. */
  editable: z.boolean(),
  permissions: z.array(z.string()),
  pos: posPolicies,
  /** The biggest till discount (of the line's price) a member may give without the discount policy. */
  discountLimitPercent: z.number().int(),
  /** Active members holding it. */
  members: z.number().int(),
});
export type RoleView = z.infer<typeof roleView>;

const permissionKey = z.string().refine(isPermission, { message: 'Unknown permission' });
export const roleInput = z.object({
  name: z.string().trim().min(1, 'A role needs a name').max(60, 'The name must be at most 60 characters'),
  permissions: z.array(permissionKey).max(PERMISSION_KEYS.length),
  pos: posPolicies,
  discountLimitPercent: z
    .number()
    .int('The limit is a whole percentage')
    .min(0, 'The limit cannot be negative')
    .max(100, 'The limit is at most 100 %'),
});
export type RoleInput = z.infer<typeof roleInput>;
export const rolePatch = roleInput.partial();

export const permissionView = z.object({ key: z.string(), sentence: z.string() });

// ── Invitations ─────────────────────────────────────────────────────────────────────────

/** An invitation's link works this long, once. */
export const INVITATION_TTL_HOURS = 72;

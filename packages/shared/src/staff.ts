/**
 * Staff: what a member of the shop's team may do. Permissions are fine-grained and keep
 * reading, writing and money apart; a role is a set of them plus the point of sale's policy
 * for each till action (allowed, denied, or needing a manager's PIN). The server checks the
 * permission of every route (its `x-permission` in the OpenAPI document), whatever a screen
 * shows; the back office shows each person only what they may use.
 */
import { z } from 'zod';
import { registerBody } from './auth.ts';
import { errorResponse } from './errors.ts';
import { nairaField } from './naira-field.ts';

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
 * with the route's read permission on anyone's (`owner-of-resource`), or a till (`till`: its
 * device token, or a member with pos.sell naming it).
 */
export type RouteAccess = Permission | 'public' | 'signed-in' | 'owner-of-resource' | 'till';

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

// ── Staff members ───────────────────────────────────────────────────────────────────────

/** GET /api/staff: a member as the Staff page lists them. */
export const staffMemberView = z.object({
  /** The member's user id. */
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  /** A deactivated member cannot sign in; staff are deactivated, never deleted. */
  active: z.boolean(),
  lastSignInAt: z.string().nullable(),
  /** Whether two-factor sign-in is on. */
  twoFactor: z.boolean(),
});
export type StaffMemberView = z.infer<typeof staffMemberView>;

/** PATCH /api/staff/{id}: a new role, or deactivated / active again. */
export const staffMemberPatch = z
  .object({
    roleId: z.uuid('Unknown role').optional(),
    active: z.boolean().optional(),
  })
  .refine((b) => b.roleId !== undefined || b.active !== undefined, 'Nothing to change');
export type StaffMemberPatch = z.infer<typeof staffMemberPatch>;

// ── Invitations ─────────────────────────────────────────────────────────────────────────

/** An invitation's link works this long, once. */
export const INVITATION_TTL_HOURS = 72;

export const invitationInput = z.object({
  email: registerBody.shape.email,
  roleId: z.uuid('Unknown role'),
});
export type InvitationInput = z.infer<typeof invitationInput>;

/** pending: its link works; expired: not accepted in time (resend it for a new link, or cancel it). */
export const INVITATION_STATUSES = ['pending', 'expired'] as const;

/** GET /api/staff/invitations: the invitations not accepted and not cancelled, expired ones included. */
export const invitationView = z.object({
  id: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  /** Who sent it (null once that account is gone). */
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type InvitationView = z.infer<typeof invitationView>;

/**
 * POST /api/staff/invitations/accept. A new account needs the names and a password by the
 * registration's rule; for an address that already has a shopper account, `password` is that
 * account's current password and the names are ignored.
 */
export const acceptInvitationBody = z.object({
  token: z.string().min(1, 'The link has no token').max(200),
  firstName: registerBody.shape.firstName.optional(),
  lastName: registerBody.shape.lastName.optional(),
  password: z.string().min(1, 'Enter a password').max(200),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

/** Why an invitation's link does not work: unknown (400), or no longer (410). */
export const INVITATION_MESSAGES = {
  invalid: 'This invitation link is not valid: ask for a new one',
  expired: 'This invitation has expired: ask for a new one',
  cancelled: 'This invitation was cancelled',
  accepted: 'This invitation was already accepted: sign in instead',
} as const;

// ── PINs and approvals ──────────────────────────────────────────────────────────────────

export const STAFF_PIN = /^\d{4,6}$/;
/** Wrong PINs in a row that lock a member's PIN, and for how long. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 15;
const pin = z.string().regex(STAFF_PIN, 'A PIN is 4 to 6 digits');

/** PUT /api/staff/{id}/pin: with staff.manage for anyone; one's own with one's current password. */
export const pinBody = z.object({
  pin,
  currentPassword: z.string().max(200).optional(),
});
export type PinBody = z.infer<typeof pinBody>;

/** The till actions a manager approves by PIN, and the role policy each is checked against. */
export const APPROVAL_ACTIONS = ['discount', 'price_override', 'refund', 'negative_stock'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
export const APPROVAL_POLICY: Record<ApprovalAction, PosAction> = {
  discount: 'discount',
  price_override: 'priceOverride',
  refund: 'refund',
  negative_stock: 'negativeStock',
};
/** An approval works this long, once. */
export const APPROVAL_TTL_MINUTES = 5;

/** POST /api/pos/approvals: a manager's PIN approving one action of the asking session. */
export const approvalRequest = z.object({
  managerId: z.uuid('Unknown staff member'),
  pin,
  action: z.enum(APPROVAL_ACTIONS),
  /** Naira: the approval is for this amount only (a refund's must equal the refund). */
  amount: nairaField('The amount', { positive: true }).optional(),
  orderId: z.uuid('Unknown order').optional(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

export const approvalView = z.object({ approvalId: z.string(), expiresAt: z.string() });
export type ApprovalView = z.infer<typeof approvalView>;

/** GET /api/pos/approvers?action=: the asking member's own policy for the action, and who may approve it by PIN. */
export const approversQuery = z.object({
  action: z.enum(APPROVAL_ACTIONS, 'Choose discount, price_override, refund or negative_stock'),
});
export const approvers = z.object({
  policy: posPolicy,
  approvers: z.array(z.object({ id: z.string(), name: z.string(), roleName: z.string() })),
});
export type Approvers = z.infer<typeof approvers>;

/** A wrong PIN (403): how many tries are left before it locks. */
export const wrongPinResponse = errorResponse.extend({ attemptsLeft: z.number().int() });
/** A locked PIN (423, with Retry-After): until when. */
export const pinLockedResponse = errorResponse.extend({ lockedUntil: z.string() });

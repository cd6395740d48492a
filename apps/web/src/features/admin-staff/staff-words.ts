/**
 * The Staff pages' words and small rules, as pure functions: the permissions in the groups the
 * issue lists them in, the till's policies and actions as people say them, a role as the form
 * holds it, and a member's or an invitation's line.
 */
import type { StaffMemberView } from '@shop/shared/staff';
import { type Permission, type PosAction, type PosPolicy, type RoleInput, type RoleView, roleInput } from '@shop/shared/staff';
import { z } from 'zod';

/** The permissions by what they are about, in the order a role's form shows them. */
export const PERMISSION_GROUPS: { title: string; permissions: Permission[] }[] = [
  { title: 'Catalogue', permissions: ['catalog.read', 'catalog.write', 'catalog.prices', 'catalog.cost', 'stock.adjust'] },
  {
    title: 'Orders',
    permissions: ['orders.read', 'orders.fulfil', 'orders.cancel', 'orders.record_payment', 'orders.refund'],
  },
  { title: 'Customers', permissions: ['customers.read', 'customers.export'] },
  { title: 'Shop', permissions: ['coupons.write', 'delivery.write', 'content.write'] },
  { title: 'Point of sale', permissions: ['pos.sell'] },
  { title: 'Reports and messages', permissions: ['reports.sales', 'reports.profit', 'messages.read'] },
  { title: 'Settings and staff', permissions: ['settings.write', 'settings.payments', 'staff.manage', 'audit.read'] },
];

/** "see orders" → "See orders": a permission's sentence as a checkbox's label. */
export const sentenceLabel = (sentence: string): string => sentence.charAt(0).toUpperCase() + sentence.slice(1);

export const POS_ACTION_LABELS: Record<PosAction, string> = {
  discount: 'Discounts at the till',
  priceOverride: 'Changing a price at the till',
  refund: 'Refunds of till sales',
  negativeStock: 'Selling more than the stock shows',
};

export const POS_POLICY_LABELS: Record<PosPolicy, string> = {
  allow: 'Allowed',
  approval: "A manager's PIN",
  deny: 'Not allowed',
};

/** What a role's form edits: the role's fields, the limit as typed. */
export interface RoleFormValues {
  name: string;
  permissions: string[];
  pos: RoleInput['pos'];
  discountLimitPercent: string;
}

export const EMPTY_ROLE_FORM: RoleFormValues = {
  name: '',
  permissions: [],
  pos: { discount: 'deny', priceOverride: 'deny', refund: 'deny', negativeStock: 'deny' },
  discountLimitPercent: '0',
};

export const roleFormValues = (role: RoleView): RoleFormValues => ({
  name: role.name,
  permissions: [...role.permissions],
  pos: { ...role.pos },
  discountLimitPercent: String(role.discountLimitPercent),
});

/** The form's values checked by the API's own rules, the limit read as a number. */
export const roleForm = roleInput.extend({
  discountLimitPercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'The limit is a whole percentage')
    .transform(Number)
    .pipe(roleInput.shape.discountLimitPercent),
});

export const memberName = (member: Pick<StaffMemberView, 'firstName' | 'lastName' | 'email'>): string =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** "Never" before a first sign-in. */
export const lastSignInText = (at: string | null, format: (iso: string) => string): string => (at ? format(at) : 'Never');

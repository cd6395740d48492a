/**
 * A shop's team as the Staff pages read it: the five template roles (GET /api/roles), members
 * holding them (GET /api/staff), invitations (GET /api/staff/invitations) and the permissions
 * with their sentences (GET /api/permissions).
 */
import {
  type InvitationView,
  PERMISSIONS,
  ROLE_TEMPLATES,
  type RoleView,
  type StaffMemberView,
  TEMPLATE_ROLES,
} from '@shop/shared/staff';

/** Each template's role id (uuids, as the API's: the invitation form checks them). */
const ROLE_IDS = {
  owner: '0b6f1c1e-1d2a-4c3b-8e4f-000000000001',
  manager: '0b6f1c1e-1d2a-4c3b-8e4f-000000000002',
  cashier: '0b6f1c1e-1d2a-4c3b-8e4f-000000000003',
  fulfilment: '0b6f1c1e-1d2a-4c3b-8e4f-000000000004',
  content_editor: '0b6f1c1e-1d2a-4c3b-8e4f-000000000005',
} as const;

export const ROLES: RoleView[] = ROLE_TEMPLATES.map((template, i) => ({
  id: ROLE_IDS[template],
  name: TEMPLATE_ROLES[template].name,
  template,
  editable: template !== 'owner',
  permissions: [...TEMPLATE_ROLES[template].permissions],
  pos: { ...TEMPLATE_ROLES[template].pos },
  discountLimitPercent: TEMPLATE_ROLES[template].discountLimitPercent,
  members: [2, 1, 1, 0, 0][i] ?? 0,
}));

const role = (template: (typeof ROLE_TEMPLATES)[number]) => ROLES.find((r) => r.template === template)!;

export const MEMBERS: StaffMemberView[] = [
  {
    // The Owner the tests sign in (test/staff.ts: staffUser('owner')).
    id: 'staff-owner',
    firstName: 'Ada',
    lastName: 'Owner',
    email: 'owner@demo.shop',
    roleId: role('owner').id,
    roleName: 'Owner',
    active: true,
    lastSignInAt: '2026-11-26T08:00:00.000Z',
    twoFactor: true,
  },
  {
    id: 'member-emeka',
    firstName: 'Emeka',
    lastName: 'Nwosu',
    email: 'cashier@demo.shop',
    roleId: role('cashier').id,
    roleName: 'Cashier',
    active: true,
    lastSignInAt: null,
    twoFactor: true,
  },
  {
    id: 'member-bisi',
    firstName: 'Bisi',
    lastName: 'Adeleke',
    email: 'fulfilment@demo.shop',
    roleId: role('fulfilment').id,
    roleName: 'Fulfilment',
    active: false,
    lastSignInAt: '2026-10-01T09:30:00.000Z',
    twoFactor: false,
  },
];

export const INVITATIONS: InvitationView[] = [
  {
    id: 'inv-1',
    email: 'new.hand@example.com',
    roleId: role('cashier').id,
    roleName: 'Cashier',
    invitedByName: 'Ada Owner',
    createdAt: '2026-11-25T10:00:00.000Z',
    expiresAt: '2026-11-28T10:00:00.000Z',
    status: 'pending',
  },
  {
    id: 'inv-2',
    email: 'late@example.com',
    roleId: role('manager').id,
    roleName: 'Manager',
    invitedByName: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2026-11-04T10:00:00.000Z',
    status: 'expired',
  },
];

export const PERMISSION_LIST = Object.entries(PERMISSIONS).map(([key, sentence]) => ({ key, sentence }));

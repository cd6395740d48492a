/**
 * A member of staff signed in for a back-office test: the account as /api/auth/me gives it
 * (`role` admin, the role's name and its permissions), with a role template's permissions
 * (packages/shared/src/staff.ts). Back-office screens show what the member's role may use,
 * so a screen's test signs in the member it means: the Owner for everything.
 */
import type { AuthUser } from '@shop/shared/auth';
import { type Permission, type RoleTemplate, TEMPLATE_ROLES } from '@shop/shared/staff';
import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { useSession } from '@/lib/session-store.ts';
import { useTwoFactorHold } from '@/lib/two-factor-hold.ts';

export function staffUser(template: RoleTemplate = 'owner', permissions?: readonly Permission[]): AuthUser {
  const role = TEMPLATE_ROLES[template];
  return {
    id: `staff-${template}`,
    fname: 'Ada',
    lname: role.name,
    email: `${template}@demo.shop`,
    phone: '',
    address: '',
    city: '',
    state: '',
    country: '',
    role: 'admin',
    staffRole: role.name,
    permissions: [...(permissions ?? role.permissions)],
  };
}

/** Signs the member in (the store only; nothing is stored or fetched). */
export function signInStaff(template: RoleTemplate = 'owner', permissions?: readonly Permission[]): AuthUser {
  const user = staffUser(template, permissions);
  useSession.setState({ status: 'signed-in', user });
  return user;
}

export function signOutStaff() {
  useSession.setState({ status: 'signed-out', user: null });
}

/** After a back-office test: the screen unmounted, fetch and other stand-ins restored, storage and session cleared. */
export function resetStaffTest() {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
  signOutStaff();
  useTwoFactorHold.getState().release();
}

/**
 * The shop's team (staff.manage): the members (role, active or not, their sessions, a lost
 * phone's two-factor, their till PIN), the invitations (send, resend, cancel), accepting one
 * (public, from the e-mailed link), the roles with their permissions and till policies, and the
 * permissions a role can hold. Roles and members show each other (a role's member count, a
 * member's role name), so a write to either refreshes both.
 */
import type { AuthResponse } from '@shop/shared/auth';
import type {
  AcceptInvitationBody,
  ApprovalAction,
  ApprovalRequest,
  Approvers,
  ApprovalView,
  InvitationInput,
  InvitationView,
  RoleInput,
  RoleView,
  StaffMemberPatch,
  StaffMemberView,
} from '@shop/shared/staff';
import { type MutationFunctionContext, mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const staffKeys = {
  all: ['staff'] as const,
  members: () => [...staffKeys.all, 'members'] as const,
  invitations: () => [...staffKeys.all, 'invitations'] as const,
  roles: () => [...staffKeys.all, 'roles'] as const,
  permissions: () => [...staffKeys.all, 'permissions'] as const,
};

const enc = encodeURIComponent;
const refreshStaff = (
  _data: unknown,
  _error: Error | null,
  _input: unknown,
  _result: unknown,
  { client }: MutationFunctionContext,
) => client.invalidateQueries({ queryKey: staffKeys.all });

// ── Members ─────────────────────────────────────────────────────────────────────────────

export const membersOptions = () =>
  queryOptions({
    queryKey: staffKeys.members(),
    queryFn: ({ signal }) => apiRequest<StaffMemberView[]>('/api/staff', { signal }),
  });

/** One member, picked from the list (there is no endpoint for one): undefined when unknown. */
export const memberOptions = (id: string) =>
  queryOptions({ ...membersOptions(), select: (members: StaffMemberView[]) => members.find((m) => m.id === id) });

/** A new role, or deactivated / active again (either ends the member's sessions). */
export const updateMemberMutation = mutationOptions({
  mutationFn: ({ id, patch }: { id: string; patch: StaffMemberPatch }) =>
    apiRequest<StaffMemberView>(`/api/staff/${enc(id)}`, { method: 'PATCH', body: patch }),
  onSettled: refreshStaff,
});

/** Signs the member out everywhere: the answer says how many sessions ended. */
export const endMemberSessionsMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<{ ended: number }>(`/api/staff/${enc(id)}/sessions`, { method: 'DELETE' }),
});

/** A lost phone: the member's two-factor sign-in off and their sessions ended. */
export const resetMemberTwoFactorMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<null>(`/api/staff/${enc(id)}/two-factor`, { method: 'DELETE' }),
  onSettled: refreshStaff,
});

/** A member's till PIN (4 to 6 digits; one's own also takes one's password). */
export const setPinMutation = mutationOptions({
  mutationFn: ({ id, pin, currentPassword }: { id: string; pin: string; currentPassword?: string }) =>
    apiRequest<null>(`/api/staff/${enc(id)}/pin`, { method: 'PUT', body: { pin, currentPassword } }),
});

// ── Invitations ─────────────────────────────────────────────────────────────────────────

export const invitationsOptions = () =>
  queryOptions({
    queryKey: staffKeys.invitations(),
    queryFn: ({ signal }) => apiRequest<InvitationView[]>('/api/staff/invitations', { signal }),
  });

export const inviteMutation = mutationOptions({
  mutationFn: (body: InvitationInput) => apiRequest<InvitationView>('/api/staff/invitations', { method: 'POST', body }),
  onSettled: refreshStaff,
});

export const resendInvitationMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<InvitationView>(`/api/staff/invitations/${enc(id)}/resend`, { method: 'POST' }),
  onSettled: refreshStaff,
});

export const cancelInvitationMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<null>(`/api/staff/invitations/${enc(id)}`, { method: 'DELETE' }),
  onSettled: refreshStaff,
});

/**
 * Accepting an invitation from its link: the sign-in answer. A wrong password for an existing
 * account is 401, which is the form's to show: it must not sign out whoever is signed in here.
 */
export const acceptInvitationMutation = mutationOptions({
  mutationFn: (body: AcceptInvitationBody) =>
    apiRequest<AuthResponse>('/api/staff/invitations/accept', { method: 'POST', body, ownRefusals: true }),
});

// ── Approvals by PIN ─────────────────────────────────────────────────────────────────────

/** The signed-in member's own till policy for an action, and who may approve it (pos.sell). */
export const approversOptions = (action: ApprovalAction) =>
  queryOptions({
    queryKey: [...staffKeys.all, 'approvers', action],
    queryFn: () => apiRequest<Approvers>(`/api/pos/approvers?action=${action}`),
  });

/**
 * A manager's PIN approving one action. A wrong PIN (403) or a locked one (423) is the form's
 * to show: it must not be taken for the signed-in member's own permissions changing.
 */
export const approvalMutation = mutationOptions({
  mutationFn: (body: ApprovalRequest) =>
    apiRequest<ApprovalView>('/api/pos/approvals', { method: 'POST', body, ownRefusals: true }),
});

// ── Roles ───────────────────────────────────────────────────────────────────────────────

export const rolesOptions = () =>
  queryOptions({
    queryKey: staffKeys.roles(),
    queryFn: ({ signal }) => apiRequest<RoleView[]>('/api/roles', { signal }),
  });

/** One role, picked from the list: undefined when unknown. */
export const roleOptions = (id: string) =>
  queryOptions({ ...rolesOptions(), select: (roles: RoleView[]) => roles.find((r) => r.id === id) });

/** Every permission with its sentence ("refund orders"). */
export const permissionsOptions = () =>
  queryOptions({
    queryKey: staffKeys.permissions(),
    queryFn: ({ signal }) => apiRequest<{ key: string; sentence: string }[]>('/api/permissions', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const createRoleMutation = mutationOptions({
  mutationFn: (role: RoleInput) => apiRequest<RoleView>('/api/roles', { method: 'POST', body: role }),
  onSettled: refreshStaff,
});

export const updateRoleMutation = mutationOptions({
  mutationFn: ({ id, role }: { id: string; role: RoleInput }) =>
    apiRequest<RoleView>(`/api/roles/${enc(id)}`, { method: 'PATCH', body: role }),
  onSettled: refreshStaff,
});

export const deleteRoleMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<null>(`/api/roles/${enc(id)}`, { method: 'DELETE' }),
  onSettled: refreshStaff,
});

/**
 * Staff (/staff, staff.manage): the members, the invitations, the roles and who must sign in
 * with two factors. A member and a role each open a page of their own.
 */
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/admin/ui.tsx';
import { rolesOptions } from '@/lib/api/staff.ts';
import { InvitationsCard } from './invitations-card.tsx';
import { MembersTable } from './members-table.tsx';
import { RolesCard } from './roles-card.tsx';
import { TwoFactorRuleCard } from './two-factor-rule-card.tsx';

export function StaffPage() {
  const roles = useQuery(rolesOptions());
  return (
    <>
      <PageHeader title="Staff" description="Who works in the back office, what each role may do, and how they sign in." />
      <div className="grid max-w-6xl grid-cols-1 gap-8">
        <MembersTable />
        <InvitationsCard roles={roles.data ?? []} />
        <RolesCard roles={roles.data} isLoading={roles.isPending} error={roles.error?.message} />
        <div className="max-w-2xl">
          <TwoFactorRuleCard />
        </div>
      </div>
    </>
  );
}

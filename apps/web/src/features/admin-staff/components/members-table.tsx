/**
 * The team (GET /api/staff): each member's name, e-mail, role, last sign-in, whether they sign
 * in with two factors and whether they are active, and a link to manage them. A wide table: it
 * scrolls inside its own frame on a phone.
 */
import type { StaffMemberView } from '@shop/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge } from '@/components/admin/ui.tsx';
import { membersOptions } from '@/lib/api/staff.ts';
import { dateTime } from '@/lib/dates.ts';
import { useSession } from '@/lib/session-store.ts';
import { lastSignInText, memberName } from '../staff-words.ts';

export function MembersTable() {
  const members = useQuery(membersOptions());
  const me = useSession((s) => s.user?.id);

  const columns: Column<StaffMemberView>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (m) => (
        <span className="font-medium whitespace-nowrap">
          {memberName(m)}
          {m.id === me ? <span className="ml-1 text-xs font-normal text-neutral-600">(you)</span> : null}
        </span>
      ),
    },
    { key: 'email', header: 'E-mail', cell: (m) => m.email },
    { key: 'role', header: 'Role', cell: (m) => m.roleName, className: 'whitespace-nowrap' },
    {
      key: 'signedIn',
      header: 'Last sign-in',
      cell: (m) => lastSignInText(m.lastSignInAt, dateTime),
      className: 'whitespace-nowrap',
    },
    {
      key: 'twoFactor',
      header: 'Two-factor',
      cell: (m) => <Badge tone={m.twoFactor ? 'green' : 'neutral'}>{m.twoFactor ? 'On' : 'Off'}</Badge>,
    },
    {
      key: 'active',
      header: 'Status',
      cell: (m) => <Badge tone={m.active ? 'green' : 'red'}>{m.active ? 'Active' : 'Deactivated'}</Badge>,
    },
    {
      key: 'manage',
      header: <span className="sr-only">Actions</span>,
      cell: (m) => (
        <Link
          to={`/staff/members/${encodeURIComponent(m.id)}`}
          aria-label={`Manage ${memberName(m)}`}
          className="font-medium whitespace-nowrap underline underline-offset-2"
        >
          Manage
        </Link>
      ),
    },
  ];

  return (
    <section aria-labelledby="staff-members">
      <h2 id="staff-members" className="mb-3 text-lg font-semibold">
        Members
      </h2>
      <DataTable
        caption="Staff members"
        columns={columns}
        rows={members.data}
        rowKey={(m) => m.id}
        isLoading={members.isPending}
        error={members.error?.message}
        emptyText="No staff yet"
      />
    </section>
  );
}

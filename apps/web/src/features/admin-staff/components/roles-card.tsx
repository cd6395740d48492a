/**
 * The roles: each with how many active members hold it, opened to edit (the Owner's to read:
 * it cannot change), and a new one.
 */
import type { RoleView } from '@shop/shared/staff';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { buttonClass } from '@/components/admin/ui.tsx';

export function RolesCard({ roles, isLoading, error }: { roles: RoleView[] | undefined; isLoading: boolean; error?: string }) {
  const columns: Column<RoleView>[] = [
    { key: 'name', header: 'Role', cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      key: 'members',
      header: 'Members',
      cell: (r) => `${r.members} ${r.members === 1 ? 'member' : 'members'}`,
      className: 'whitespace-nowrap',
    },
    {
      key: 'permissions',
      header: 'Permissions',
      cell: (r) => `${r.permissions.length}`,
    },
    {
      key: 'open',
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <Link
          to={`/staff/roles/${encodeURIComponent(r.id)}`}
          aria-label={`${r.editable ? 'Edit' : 'View'} the role ${r.name}`}
          className="font-medium whitespace-nowrap underline underline-offset-2"
        >
          {r.editable ? 'Edit' : 'View'}
        </Link>
      ),
    },
  ];
  return (
    <section aria-labelledby="staff-roles" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="staff-roles" className="text-lg font-semibold">
          Roles
        </h2>
        <Link to="/staff/roles/new" className={buttonClass.primary}>
          New role
        </Link>
      </div>
      <DataTable caption="Roles" columns={columns} rows={roles} rowKey={(r) => r.id} isLoading={isLoading} error={error} />
    </section>
  );
}

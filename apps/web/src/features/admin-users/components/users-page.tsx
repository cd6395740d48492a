/** Users (/dashboard): registered accounts with server-side search, country filter, sort and paging. */
import { USER_SORTS, type AdminUser, type UserSort } from '@shop/shared/people';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Pagination } from '@/components/admin/pagination.tsx';
import { SearchInput } from '@/components/admin/search-input.tsx';
import { PageHeader } from '@/components/admin/ui.tsx';
import { useTableParams } from '@/components/admin/use-table-params.ts';
import { userCountriesOptions, usersOptions } from '@/lib/api/users.ts';
import { useQuery } from '@tanstack/react-query';

const SORT_LABELS: Record<UserSort, string> = { latest: 'latest', oldest: 'oldest', name: 'name', email: 'email' };

const columns: Column<AdminUser>[] = [
  { key: 'firstName', header: 'First Name', cell: (u) => u.firstName },
  { key: 'lastName', header: 'Last Name', cell: (u) => u.lastName },
  { key: 'email', header: 'Email', cell: (u) => u.email },
  { key: 'phone', header: 'Phone', cell: (u) => u.phone || <span className="text-neutral-600 italic">not yet</span> },
  { key: 'address', header: 'Address', cell: (u) => u.address },
  { key: 'state', header: 'State', cell: (u) => u.state },
  { key: 'country', header: 'Country', cell: (u) => u.country },
];

const selectClass = 'rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm';

export function UsersPage() {
  const table = useTableParams(['search', 'country', 'sort'] as const, { sort: 'latest' });
  const { search, country } = table.filters;
  const sort = (USER_SORTS as readonly string[]).includes(table.filters.sort) ? (table.filters.sort as UserSort) : 'latest';
  const users = useQuery(usersOptions({ search, country, sort, limit: table.pageSize, offset: table.offset }));
  const countries = useQuery(userCountriesOptions());

  return (
    <>
      <PageHeader title="Users" />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          value={search}
          onSearch={(value) => table.setFilters({ search: value })}
          label="Search users"
          className="w-full sm:w-72"
        />
        <label className="sr-only" htmlFor="users-country">
          Country
        </label>
        <select
          id="users-country"
          value={country}
          onChange={(e) => table.setFilters({ country: e.target.value })}
          className={selectClass}
        >
          <option value="">Filter</option>
          {countries.data?.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="users-sort">
          Sort
        </label>
        <select id="users-sort" value={sort} onChange={(e) => table.setFilters({ sort: e.target.value })} className={selectClass}>
          {USER_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        caption="Users"
        columns={columns}
        rows={users.data?.items}
        rowKey={(u) => u.id}
        isLoading={users.isPending}
        isFetching={users.isPlaceholderData}
        error={users.error?.message}
        emptyText="No users match"
      />
      <Pagination
        page={table.page}
        pageSize={table.pageSize}
        total={users.data?.total ?? 0}
        onPage={table.setPage}
        onPageSize={table.setPageSize}
      />
    </>
  );
}

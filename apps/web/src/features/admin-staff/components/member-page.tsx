/**
 * One member (/staff/members/:id, staff.manage): their role, their till PIN, their sign-in
 * (end every session; a lost phone's two-factor turned off) and deactivating or reactivating
 * them. Each refusal is the server's sentence, shown where it happened: the last active Owner
 * kept (409), what only an Owner may do to an Owner (403).
 */
import type { StaffMemberView } from '@shop/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, ErrorNotice, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { memberOptions, rolesOptions } from '@/lib/api/staff.ts';
import { dateTime } from '@/lib/dates.ts';
import { lastSignInText, memberName } from '../staff-words.ts';
import { AccessCard, PinCard, RoleCard, SignInCard } from './member-cards.tsx';

const backLink = (
  <Link to="/staff" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
    <ArrowLeft size={16} aria-hidden="true" /> Back to Staff
  </Link>
);

export function MemberPage({ id }: { id: string }) {
  const member = useQuery(memberOptions(id));
  if (member.isPending) return <Spinner />;
  if (member.error || !member.data) {
    return (
      <>
        {backLink}
        <ErrorNotice>{member.error?.message ?? 'There is no such member of staff.'}</ErrorNotice>
      </>
    );
  }
  return <Member member={member.data} />;
}

function Member({ member }: { member: StaffMemberView }) {
  const roles = useQuery(rolesOptions());
  return (
    <>
      {backLink}
      <PageHeader
        title={memberName(member)}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="break-all">{member.email}</span> · {member.roleName} ·{' '}
            <Badge tone={member.active ? 'green' : 'red'}>{member.active ? 'Active' : 'Deactivated'}</Badge>
          </span>
        }
      />
      <p className="mb-6 text-sm text-neutral-700">Last sign-in: {lastSignInText(member.lastSignInAt, dateTime)}</p>
      <div className="grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-2">
        <RoleCard member={member} roles={roles.data ?? []} />
        <PinCard member={member} />
        <SignInCard member={member} />
        <AccessCard member={member} />
      </div>
    </>
  );
}

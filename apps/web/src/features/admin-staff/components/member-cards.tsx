/**
 * The cards of a member's page: each one action on the member, its refusal shown inside it in
 * the server's words, its success said in a toast.
 */
import { STAFF_PIN, type RoleView, type StaffMemberView } from '@shop/shared/staff';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { Badge, buttonClass, Card, ErrorNotice, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import {
  endMemberSessionsMutation,
  resetMemberTwoFactorMutation,
  setPinMutation,
  updateMemberMutation,
} from '@/lib/api/staff.ts';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { SIGN_IN_SECURITY_PATH } from '@/lib/two-factor-hold.ts';
import { memberName } from '../staff-words.ts';
import { RoleSelect } from './role-select.tsx';

const said = (message: string) => notify.success(message, { area: 'admin' });
const useIsMe = (member: StaffMemberView) => useSession((s) => s.user?.id === member.id);

export function RoleCard({ member, roles }: { member: StaffMemberView; roles: RoleView[] }) {
  const id = useId();
  const [roleId, setRoleId] = useState(member.roleId);
  const update = useMutation(updateMemberMutation);
  const isMe = useIsMe(member);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: member.id, patch: { roleId } },
      {
        onSuccess: (next) => {
          said(`${memberName(next)} is now ${next.roleName}`);
          // One's own role: the menu and buttons follow at once.
          if (isMe) void useSession.getState().restore();
        },
      },
    );
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <h2 className="text-base font-semibold">Role</h2>
        <Field label="Role" htmlFor={`${id}-role`} hint="A new role ends the member's sessions: they sign in again with it.">
          <RoleSelect
            id={`${id}-role`}
            roles={roles}
            first={roles.length === 0 ? { value: member.roleId, label: member.roleName } : undefined}
            value={roleId}
            onChange={(e) => setRoleId(e.target.value)}
          />
        </Field>
        {update.error ? <ErrorNotice>{update.error.message}</ErrorNotice> : null}
        <button type="submit" className={buttonClass.primary} disabled={update.isPending || roleId === member.roleId}>
          {update.isPending ? 'Changing...' : 'Change role'}
        </button>
      </form>
    </Card>
  );
}

export function PinCard({ member }: { member: StaffMemberView }) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation(setPinMutation);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!STAFF_PIN.test(pin)) return setProblem('A PIN is 4 to 6 digits');
    setProblem(null);
    save.mutate(
      { id: member.id, pin },
      {
        onSuccess: () => {
          setPin('');
          said(`${memberName(member)}'s PIN is set`);
        },
      },
    );
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <h2 className="text-base font-semibold">Till PIN</h2>
        <p className="text-sm text-neutral-700">
          The PIN a member types at the till, and to approve a cashier's refund or discount. Setting it also ends a lock after
          wrong PINs.
        </p>
        <Field label="New PIN" htmlFor={`${id}-pin`} error={problem ?? undefined} hint="4 to 6 digits">
          <input
            id={`${id}-pin`}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.target.value)}
            className={`${inputClass} max-w-40`}
            {...errorProps(`${id}-pin`, problem ?? undefined)}
          />
        </Field>
        {save.error ? <ErrorNotice>{save.error.message}</ErrorNotice> : null}
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Set PIN'}
        </button>
      </form>
    </Card>
  );
}

export function SignInCard({ member }: { member: StaffMemberView }) {
  const endSessions = useMutation(endMemberSessionsMutation);
  const reset = useMutation(resetMemberTwoFactorMutation);
  const { confirm, dialog } = useConfirm();
  const isMe = useIsMe(member);
  const name = memberName(member);
  const error = endSessions.error ?? reset.error;

  const onEndSessions = async () => {
    if (!(await confirm(`Sign ${name} out on every device?`, 'Sign out everywhere'))) return;
    reset.reset();
    endSessions.mutate(member.id, {
      onSuccess: ({ ended }) => said(`${name} is signed out (${ended} ${ended === 1 ? 'session' : 'sessions'} ended)`),
    });
  };
  const onReset = async () => {
    const question = `Turn off ${name}'s two-factor sign-in? They sign in with their password alone until they set it up again, and are signed out everywhere.`;
    if (!(await confirm(question, 'Turn off two-factor'))) return;
    endSessions.reset();
    reset.mutate(member.id, { onSuccess: () => said(`${name}'s two-factor sign-in is off`) });
  };

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Sign-in</h2>
        <Badge tone={member.twoFactor ? 'green' : 'neutral'}>Two-factor {member.twoFactor ? 'on' : 'off'}</Badge>
      </div>
      <div className="space-y-3">
        <p className="text-sm text-neutral-700">
          A lost or stolen phone: sign the member out everywhere, and turn off their two-factor sign-in.
        </p>
        {error ? <ErrorNotice>{error.message}</ErrorNotice> : null}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass.secondary} disabled={endSessions.isPending} onClick={onEndSessions}>
            Sign out everywhere
          </button>
          {member.twoFactor && !isMe ? (
            <button type="button" className={buttonClass.danger} disabled={reset.isPending} onClick={onReset}>
              Turn off two-factor (lost phone)
            </button>
          ) : null}
        </div>
        {member.twoFactor && isMe ? (
          <p className="text-sm text-neutral-700">
            Your own two-factor sign-in:{' '}
            <Link to={SIGN_IN_SECURITY_PATH} className="underline underline-offset-2">
              Sign-in security
            </Link>
            .
          </p>
        ) : null}
      </div>
      {dialog}
    </Card>
  );
}

export function AccessCard({ member }: { member: StaffMemberView }) {
  const update = useMutation(updateMemberMutation);
  const { confirm, dialog } = useConfirm();
  const name = memberName(member);

  const onToggle = async () => {
    const question = member.active
      ? `Deactivate ${name}? They are signed out and cannot sign in until reactivated.`
      : `Reactivate ${name}? They can sign in again with their role.`;
    if (!(await confirm(question, member.active ? 'Deactivate' : 'Reactivate'))) return;
    update.mutate(
      { id: member.id, patch: { active: !member.active } },
      { onSuccess: (next) => said(next.active ? `${name} is active again` : `${name} is deactivated`) },
    );
  };

  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold">Access</h2>
      <p className="mb-3 text-sm text-neutral-700">
        Staff are deactivated, never deleted: what they did stays in the records with their name.
      </p>
      {update.error ? <ErrorNotice>{update.error.message}</ErrorNotice> : null}
      <button
        type="button"
        className={`${member.active ? buttonClass.danger : buttonClass.primary} ${update.error ? 'mt-3' : ''}`}
        disabled={update.isPending}
        onClick={onToggle}
      >
        {member.active ? 'Deactivate' : 'Reactivate'}
      </button>
      {dialog}
    </Card>
  );
}

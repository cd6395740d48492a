/**
 * Invitations: invite someone by e-mail with a role (a single-use link valid 72 hours), and the
 * invitations not yet accepted, expired ones marked, each sent again with a new link or
 * cancelled. The server's refusals (the address is staff already, or invited) show in the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type InvitationInput, type InvitationView, invitationInput, type RoleView } from '@shop/shared/staff';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { type Column, DataTable } from '@/components/admin/data-table.tsx';
import { Badge, buttonClass, ErrorNotice, errorProps, Field, inputClass } from '@/components/admin/ui.tsx';
import { cancelInvitationMutation, invitationsOptions, inviteMutation, resendInvitationMutation } from '@/lib/api/staff.ts';
import { dateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { RoleSelect } from './role-select.tsx';

/** The API's rules, with the role's message for the empty choice. */
const inviteForm = invitationInput.extend({
  roleId: z.string().min(1, 'Choose a role').pipe(invitationInput.shape.roleId),
});

export function InvitationsCard({ roles }: { roles: RoleView[] }) {
  return (
    <section aria-labelledby="staff-invitations" className="space-y-4">
      <h2 id="staff-invitations" className="text-lg font-semibold">
        Invitations
      </h2>
      <InviteForm roles={roles} />
      <PendingInvitations />
    </section>
  );
}

function InviteForm({ roles }: { roles: RoleView[] }) {
  const id = useId();
  const invite = useMutation(inviteMutation);
  const form = useForm<InvitationInput>({ defaultValues: { email: '', roleId: '' }, resolver: zodResolver(inviteForm) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (sent) => {
        notify.success(`Invitation sent to ${sent.email}`, { area: 'admin' });
        form.reset();
      },
      onError: (error) => applyServerErrors(form, error, { formMessage: true }),
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="rounded-lg border border-neutral-200 bg-white p-5 shadow-sm"
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="mb-3 text-base font-semibold">
        Invite a member
      </h3>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <Field label="E-mail" htmlFor={`${id}-email`} error={errors.email?.message}>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            className={inputClass}
            {...errorProps(`${id}-email`, errors.email?.message)}
            {...form.register('email')}
          />
        </Field>
        <Field label="Role" htmlFor={`${id}-role`} error={errors.roleId?.message}>
          <RoleSelect
            id={`${id}-role`}
            roles={roles}
            first={{ value: '', label: 'Choose a role' }}
            {...errorProps(`${id}-role`, errors.roleId?.message)}
            {...form.register('roleId')}
          />
        </Field>
        <button type="submit" className={`${buttonClass.primary} sm:mt-6`} disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </button>
      </div>
      {errors.root?.server ? (
        <div className="mt-3">
          <ErrorNotice>{errors.root.server.message}</ErrorNotice>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-neutral-600">The link in the e-mail works once, for 72 hours.</p>
    </form>
  );
}

function PendingInvitations() {
  const invitations = useQuery(invitationsOptions());
  const resend = useMutation(resendInvitationMutation);
  const cancel = useMutation(cancelInvitationMutation);
  const { confirm, dialog } = useConfirm();
  const busy = resend.isPending || cancel.isPending;
  const failed = (error: Error) => notify.error(error.message, { area: 'admin' });

  const onResend = (invitation: InvitationView) =>
    resend.mutate(invitation.id, {
      onSuccess: () => notify.success(`A new link was sent to ${invitation.email}`, { area: 'admin' }),
      onError: failed,
    });
  const onCancel = async (invitation: InvitationView) => {
    if (!(await confirm(`Cancel the invitation of ${invitation.email}? Its link stops working.`, 'Cancel invitation'))) return;
    cancel.mutate(invitation.id, {
      onSuccess: () => notify.success(`The invitation of ${invitation.email} is cancelled`, { area: 'admin' }),
      onError: failed,
    });
  };

  const columns: Column<InvitationView>[] = [
    { key: 'email', header: 'E-mail', cell: (i) => i.email },
    { key: 'role', header: 'Role', cell: (i) => i.roleName, className: 'whitespace-nowrap' },
    { key: 'by', header: 'Invited by', cell: (i) => i.invitedByName ?? '—', className: 'whitespace-nowrap' },
    { key: 'sent', header: 'Sent', cell: (i) => dateTime(i.createdAt), className: 'whitespace-nowrap' },
    {
      key: 'expires',
      header: 'Link works until',
      cell: (i) =>
        i.status === 'expired' ? (
          <Badge tone="amber">Expired</Badge>
        ) : (
          <span className="whitespace-nowrap">{dateTime(i.expiresAt)}</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (i) => (
        <span className="flex gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => onResend(i)}
            aria-label={`Resend to ${i.email}`}
          >
            Resend
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => onCancel(i)}
            aria-label={`Cancel the invitation of ${i.email}`}
          >
            Cancel
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <DataTable
        caption="Invitations not accepted yet"
        columns={columns}
        rows={invitations.data}
        rowKey={(i) => i.id}
        isLoading={invitations.isPending}
        error={invitations.error?.message}
        emptyText="No invitations waiting"
      />
      {dialog}
    </>
  );
}

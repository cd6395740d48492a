/**
 * A role (/staff/roles/:id, or /staff/roles/new): its name, its permissions grouped as the
 * issue lists them (each with the sentence GET /api/permissions gives it), the till's four
 * policies (allowed, a manager's PIN, not allowed) and the discount limit. The Owner's role is
 * shown read-only: it has every permission and never changes. Deleting a role someone holds
 * is refused (409), in the server's words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { RoleInput, RoleView } from '@shop/shared/staff';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useConfirm } from '@/components/admin/confirm-dialog.tsx';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { createRoleMutation, deleteRoleMutation, roleOptions, updateRoleMutation } from '@/lib/api/staff.ts';
import { notify } from '@/lib/notify.tsx';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { useSession } from '@/lib/session-store.ts';
import { EMPTY_ROLE_FORM, type RoleFormValues, roleForm, roleFormValues } from '../staff-words.ts';
import { PermissionChoices, PosPolicyChoices } from './role-choices.tsx';

const backLink = (
  <Link to="/staff" className="mb-4 inline-flex items-center gap-1 text-sm text-neutral-700 hover:underline">
    <ArrowLeft size={16} aria-hidden="true" /> Back to Staff
  </Link>
);

export function RoleCreatePage() {
  return <RoleForm />;
}

export function RoleEditPage({ id }: { id: string }) {
  const role = useQuery(roleOptions(id));
  if (role.isPending) return <Spinner />;
  if (role.error || !role.data) {
    return (
      <>
        {backLink}
        <ErrorNotice>{role.error?.message ?? 'There is no such role.'}</ErrorNotice>
      </>
    );
  }
  return <RoleForm key={role.data.id} role={role.data} />;
}

function RoleForm({ role }: { role?: RoleView }) {
  const id = useId();
  const navigate = useNavigate();
  const create = useMutation(createRoleMutation);
  const update = useMutation(updateRoleMutation);
  const remove = useMutation(deleteRoleMutation);
  const { confirm, dialog } = useConfirm();
  const readOnly = role !== undefined && !role.editable;
  const form = useForm<RoleFormValues, unknown, RoleInput>({
    defaultValues: role ? roleFormValues(role) : EMPTY_ROLE_FORM,
    resolver: zodResolver(roleForm),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) => {
    const callbacks = {
      onSuccess: (saved: RoleView) => {
        notify.success(role ? `${saved.name} saved` : `${saved.name} created`, { area: 'admin' });
        // A member editing their own role has the change at once.
        void useSession.getState().restore();
        navigate('/staff');
      },
      onError: (error: Error) => applyServerErrors(form, error, { formMessage: true }),
    };
    if (role) update.mutate({ id: role.id, role: body }, callbacks);
    else create.mutate(body, callbacks);
  });

  const onDelete = async () => {
    if (!role || !(await confirm(`Delete the role ${role.name}?`, 'Delete role'))) return;
    remove.mutate(role.id, {
      onSuccess: () => {
        notify.success(`${role.name} deleted`, { area: 'admin' });
        navigate('/staff');
      },
    });
  };

  const title = role ? (readOnly ? role.name : `Edit ${role.name}`) : 'New role';
  const saving = create.isPending || update.isPending;
  return (
    <>
      {backLink}
      <PageHeader
        title={title}
        description={
          readOnly
            ? 'The Owner role has every permission and every till action, and cannot be changed.'
            : role
              ? `${role.members} active ${role.members === 1 ? 'member holds' : 'members hold'} it: they have a change at their next request.`
              : 'What its members may see and do, and how the till treats them.'
        }
      />
      <form onSubmit={onSubmit} noValidate className="max-w-4xl space-y-6">
        <fieldset disabled={readOnly} className="space-y-6">
          <Card>
            <Field label="Name" htmlFor={`${id}-name`} error={errors.name?.message}>
              <input
                id={`${id}-name`}
                autoComplete="off"
                className={`${inputClass} max-w-md`}
                {...errorProps(`${id}-name`, errors.name?.message)}
                {...form.register('name')}
              />
            </Field>
          </Card>
          <PermissionChoices register={form.register} error={errors.permissions?.message} />
          <PosPolicyChoices register={form.register} limitError={errors.discountLimitPercent?.message} />
        </fieldset>
        {errors.root?.server ? <ErrorNotice>{errors.root.server.message}</ErrorNotice> : null}
        {remove.error ? <ErrorNotice>{remove.error.message}</ErrorNotice> : null}
        {readOnly ? null : (
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={saving}>
              {saving ? 'Saving...' : role ? 'Save role' : 'Create role'}
            </button>
            {role ? (
              <button type="button" className={buttonClass.danger} disabled={remove.isPending} onClick={onDelete}>
                Delete role
              </button>
            ) : null}
          </div>
        )}
      </form>
      {dialog}
    </>
  );
}

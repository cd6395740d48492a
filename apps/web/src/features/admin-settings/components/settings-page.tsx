/**
 * Settings (/settings): the store's settings (StoreSettingsCard: name, phone, hours, banner
 * speed, invoices, bank transfer, the per-order cap) and the catalogue feeds' URLs with how to
 * add them to Google and Meta (CatalogueFeedsCard), for a member with settings.write; and
 * changing one's own password, for every member (the new token replaces the old one, since
 * the server signs out other sessions).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@shop/shared/auth';
import { useForm } from 'react-hook-form';
import { notify } from '@/lib/notify.tsx';
import { PasswordInput } from '@/components/password-input.tsx';
import { buttonClass, Card, Field, inputClass, PageHeader } from '@/components/admin/ui.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useCan } from '@/lib/back-office-access.ts';
import { changePasswordMutation } from '@/lib/api/auth.ts';
import { useMutation } from '@tanstack/react-query';
import { CatalogueFeedsCard } from './catalogue-feeds-card.tsx';
import { StoreSettingsCard } from './store-settings-card.tsx';

export function SettingsPage() {
  const can = useCan();
  return (
    <>
      <PageHeader title="Settings" />
      <div className="grid grid-cols-1 max-w-5xl gap-6 lg:grid-cols-2">
        {can('settings.store') ? <StoreSettingsCard /> : null}
        <PasswordCard />
        {/* The feed URLs carry the shop's FEED_TOKEN: for those who may change the settings (GET /api/feeds). */}
        {can('settings.store') ? <CatalogueFeedsCard /> : null}
      </div>
    </>
  );
}

/** The shared password rules, plus the confirmation typed twice. */
const passwordForm = changePasswordBody
  .extend({ confirmPassword: changePasswordBody.shape.currentPassword })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Both passwords must match!', path: ['confirmPassword'] });

function PasswordCard() {
  const change = useMutation(changePasswordMutation);
  const signIn = useSession((s) => s.signIn);
  const form = useForm({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: zodResolver(passwordForm),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: (response) => {
          signIn(response);
          form.reset();
          notify.success('Password changed', { area: 'admin' });
        },
        onError: (error) => form.setError('currentPassword', { message: error.message }),
      },
    );
  });

  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold">Change password</h2>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label="Current password" htmlFor="pw-current" error={errors.currentPassword?.message}>
          <PasswordInput
            id="pw-current"
            autoComplete="current-password"
            className={inputClass}
            {...form.register('currentPassword')}
          />
        </Field>
        <Field label="New password" htmlFor="pw-new" error={errors.newPassword?.message} hint="At least 8 characters">
          <PasswordInput id="pw-new" autoComplete="new-password" className={inputClass} {...form.register('newPassword')} />
        </Field>
        <Field label="Confirm new password" htmlFor="pw-confirm" error={errors.confirmPassword?.message}>
          <PasswordInput
            id="pw-confirm"
            autoComplete="new-password"
            className={inputClass}
            {...form.register('confirmPassword')}
          />
        </Field>
        <button type="submit" className={buttonClass.primary} disabled={change.isPending}>
          {change.isPending ? 'Updating...' : 'Change Password'}
        </button>
      </form>
    </Card>
  );
}

/**
 * Settings (/settings): the store's name, phone, service hours and how long each
 * announcement banner shows; and changing one's own password (the new token replaces
 * the old one, since the server signs out other sessions).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@shop/shared/auth';
import { type StoreSettings, storeSettings } from '@shop/shared/content';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '@/lib/notify.tsx';
import { buttonClass, Card, ErrorNotice, errorProps, Field, inputClass, PageHeader, Spinner } from '@/components/admin/ui.tsx';
import { useSession } from '@/lib/session-store.ts';
import { changePasswordMutation } from '@/lib/api/auth.ts';
import { saveSettingsMutation, settingsOptions } from '@/lib/api/settings.ts';
import { useQuery, useMutation } from '@tanstack/react-query';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
        <StoreSettingsCard />
        <PasswordCard />
      </div>
    </>
  );
}

function StoreSettingsCard() {
  const settings = useQuery(settingsOptions);
  const save = useMutation(saveSettingsMutation);
  const form = useForm<StoreSettings>({ resolver: zodResolver(storeSettings) });
  const { errors } = form.formState;
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notify.success('Settings saved', { area: 'admin' }),
      onError: (error) => notify.error(error.message, { area: 'admin' }),
    }),
  );

  const field = (name: keyof StoreSettings, label: string, props: Record<string, unknown> = {}) => {
    const id = `settings-${name}`;
    const error = errors[name]?.message;
    return (
      <Field label={label} htmlFor={id} error={error}>
        <input
          id={id}
          className={inputClass}
          {...errorProps(id, error)}
          {...props}
          {...form.register(name, name === 'bannerRotationMs' || name === 'lowStockThreshold' ? { valueAsNumber: true } : {})}
        />
      </Field>
    );
  };

  return (
    <Card>
      <h2 className="mb-4 text-base font-semibold">Store</h2>
      {settings.isPending ? <Spinner /> : null}
      {settings.error ? <ErrorNotice>{settings.error.message}</ErrorNotice> : null}
      {settings.data ? (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {field('storeName', 'Store name')}
          {field('phone', 'Phone', { type: 'tel' })}
          {field('serviceHours', 'Service hours')}
          {field('bannerRotationMs', 'Banner rotation (milliseconds)', { type: 'number', min: 1000, max: 60000, step: 500 })}
          {field('lowStockThreshold', 'Low stock at (units or fewer)', { type: 'number', min: 0, max: 10000, step: 1 })}
          <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Updating...' : 'Save Settings'}
          </button>
        </form>
      ) : null}
    </Card>
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
          <input
            id="pw-current"
            type="password"
            autoComplete="current-password"
            className={inputClass}
            {...form.register('currentPassword')}
          />
        </Field>
        <Field label="New password" htmlFor="pw-new" error={errors.newPassword?.message} hint="At least 8 characters">
          <input
            id="pw-new"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            {...form.register('newPassword')}
          />
        </Field>
        <Field label="Confirm new password" htmlFor="pw-confirm" error={errors.confirmPassword?.message}>
          <input
            id="pw-confirm"
            type="password"
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

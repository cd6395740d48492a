/**
 * The member's two-factor sign-in: off (set it up: TwoFactorSetup, then the recovery codes
 * once), or on (turn it off with the password and a code from the app or a recovery code).
 * Whether it is on is the signed-in user's `twoFactor`, read again after every change.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type TwoFactorSetup as Setup, twoFactorDisableBody } from '@shop/shared/two-factor';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, buttonClass, Card, ErrorNotice, errorProps, Field, inputClass, Spinner } from '@/components/admin/ui.tsx';
import { PasswordInput } from '@/components/password-input.tsx';
import { disableTwoFactorMutation, setUpTwoFactorMutation } from '@/lib/api/two-factor.ts';
import { notify } from '@/lib/notify.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useTwoFactorHold } from '@/lib/two-factor-hold.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

/** The member as the server has them now: `twoFactor` changed. */
const readMemberAgain = () => useSession.getState().restore();

export function TwoFactorCard() {
  const on = useSession((s) => s.user?.twoFactor);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation(setUpTwoFactorMutation);

  let body: ReactNode;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (on === undefined) body = <Spinner label="Reading your sign-in security" />;
  else if (on) body = <TurnOff />;
  else if (setup) {
    body = (
      <TwoFactorSetup
        setup={setup}
        onEnabled={(recoveryCodes) => {
          useTwoFactorHold.getState().release();
          setSetup(null);
          setCodes(recoveryCodes);
          void readMemberAgain();
        }}
        onCancel={() => setSetup(null)}
      />
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-neutral-800">
          With two-factor sign-in, signing in takes your password and a 6-digit code from an authenticator app on your phone, so a
          stolen password alone does not open the back office.
        </p>
        {start.error ? <ErrorNotice>{start.error.message}</ErrorNotice> : null}
        <button
          type="button"
          className={buttonClass.primary}
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup })}
        >
          {start.isPending ? 'Starting...' : 'Set up two-factor sign-in'}
        </button>
      </div>
    );
  }

  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Two-factor sign-in</h2>
        {on === undefined ? null : <Badge tone={on ? 'green' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>}
      </div>
      {body}
    </Card>
  );
}

/** The password must be typed: the shared schema lets it through empty for the server to say so. */
const turnOffForm = twoFactorDisableBody.extend({
  password: twoFactorDisableBody.shape.password.min(1, 'Enter your password'),
});

function TurnOff() {
  const id = useId();
  const disable = useMutation(disableTwoFactorMutation);
  const form = useForm({ defaultValues: { password: '', code: '' }, resolver: zodResolver(turnOffForm) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: () => {
        notify.success('Two-factor sign-in is off', { area: 'admin' });
        void readMemberAgain();
      },
      onError: () => form.setValue('code', ''),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-neutral-800">
        Signing in asks for a code from your authenticator app. To turn it off, confirm with your password and a code from the app
        or one of your recovery codes.
      </p>
      <Field label="Password" htmlFor={`${id}-password`} error={errors.password?.message}>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="current-password"
          className={inputClass}
          {...errorProps(`${id}-password`, errors.password?.message)}
          {...form.register('password')}
        />
      </Field>
      <Field label="Code from the app, or a recovery code" htmlFor={`${id}-code`} error={errors.code?.message}>
        <input
          id={`${id}-code`}
          autoComplete="one-time-code"
          spellCheck={false}
          className={`${inputClass} max-w-64`}
          {...errorProps(`${id}-code`, errors.code?.message)}
          {...form.register('code')}
        />
      </Field>
      {disable.error ? <ErrorNotice>{disable.error.message}</ErrorNotice> : null}
      <button type="submit" className={buttonClass.danger} disabled={disable.isPending}>
        {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </button>
    </form>
  );
}

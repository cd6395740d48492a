import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_MESSAGES, resetPasswordBody } from '@shop/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ConfirmPasswordField } from '@/components/confirm-password-field.tsx';
import { FormField } from '@/components/form-field.tsx';
import { PasswordInput } from '@/components/password-input.tsx';
import { inputClass, primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { CsrfField, useOwnPage } from '@/lib/own-page.tsx';
import { resetPasswordMutation } from '@/lib/api/auth.ts';
import { useSession } from '@/lib/session-store.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { PASSWORDS_MUST_MATCH, passwordsDiffer } from '@/lib/passwords.ts';

const formSchema = resetPasswordBody
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_MUST_MATCH, path: ['confirmPassword'] });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** What the server says of a link that no longer works: shown with a way to ask for a new one. */
const LINK_REFUSALS: readonly string[] = [RESET_MESSAGES.invalid, RESET_MESSAGES.expired, RESET_MESSAGES.used];

/**
 * /reset-password?token=…: the page the e-mailed link opens. The shopper types a new password
 * twice; the server sets it once per link, within the hour, and signs the account out
 * everywhere (this browser's stored session too). Then "Sign in" opens the sign-in panel. A
 * link that is missing, expired or used says so, with a way to ask for a new one.
 */
export function ResetPasswordForm() {
  // Rendered on the server for the shopper (lib/own-page.tsx): a form the browser posts to POST /reset-password.
  const own = useOwnPage();
  const id = useId();
  const token = useSearchParams()[0].get('token') ?? '';
  const change = useMutation(resetPasswordMutation);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), mode: 'onTouched' });
  const { errors } = form.formState;
  const password = form.watch('password') ?? '';
  const confirm = form.watch('confirmPassword') ?? '';
  const mismatch = passwordsDiffer(password, confirm, Boolean(errors.confirmPassword));

  const onSubmit = form.handleSubmit(({ password }) => {
    change.mutate(
      { token, password },
      {
        onSuccess() {
          // The account was signed out everywhere; a session kept here is over too.
          useSession.getState().signOut();
        },
        onError(error) {
          const issue = error instanceof ApiError ? error.errors.find((e) => e.path === 'password') : undefined;
          if (issue) form.setError('password', { message: issue.message });
        },
      },
    );
  });

  const error = change.error;
  const linkRefused = !token
    ? RESET_MESSAGES.invalid
    : error instanceof ApiError && LINK_REFUSALS.includes(error.message)
      ? error.message
      : null;
  const serverMessage =
    error && !linkRefused && !errors.password
      ? error instanceof ApiError && error.status < 500
        ? error.message
        : 'Something went wrong'
      : null;

  return (
    <div className="mx-auto max-w-lg px-4 pt-10 pb-4 sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl sm:text-5xl">Choose a new password</h1>
      <div role="status">
        {change.isSuccess && <p className="mt-6 border border-line bg-cream px-4 py-3">{change.data.msg}</p>}
      </div>
      {change.isSuccess && (
        <button type="button" className={`${primaryButton} mt-6 w-full`} onClick={() => useSignInRequest.getState().show()}>
          Sign in
        </button>
      )}
      {linkRefused && (
        <div className="mt-6">
          <p role="alert" className="font-medium text-sale">
            {linkRefused}
          </p>
          <Link to="/forgot-password" className={`${secondaryButton} mt-6 w-full`}>
            Ask for a new link
          </Link>
        </div>
      )}
      {!change.isSuccess && !linkRefused && (
        <form method="post" action="/reset-password" onSubmit={onSubmit} noValidate className="mt-8 space-y-5">
          {own && <CsrfField own={own} />}
          <input type="hidden" name="token" value={token} />
          <FormField
            id={`${id}-password`}
            label="New password"
            error={errors.password}
            describedBy={`${id}-password-hint`}
            hint={
              <p id={`${id}-password-hint`} className="mt-1.5 text-xs text-muted">
                At least 8 characters.
              </p>
            }
          >
            {(control) => (
              <PasswordInput {...control} autoComplete="new-password" className={inputClass} {...form.register('password')} />
            )}
          </FormField>
          <ConfirmPasswordField
            id={`${id}-confirmPassword`}
            label="Confirm new password"
            mismatch={mismatch}
            invalid={Boolean(errors.confirmPassword)}
            {...form.register('confirmPassword')}
          />
          {serverMessage && (
            <p role="alert" className="text-sm font-medium text-sale">
              {serverMessage}
            </p>
          )}
          <button type="submit" className={`${primaryButton} w-full`} disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * /accept-invitation?token=…: the page the staff invitation's e-mail opens (public, outside
 * the back office's layout). A newcomer gives their names and a password by the registration's
 * rules; someone who already shops here under the invited address gives that account's
 * password instead, and the same account becomes staff (the server ignores names then). The
 * server accepts once per link and answers the sign-in, so the member lands signed in on
 * their role's page (lib/back-office-access.ts). Every refusal is shown in the server's words:
 * a link that no longer works replaces the form; signed in as someone else (409) offers to
 * sign out here; a wrong password (401) is the form's to show and signs nobody out (the
 * mutation's ownRefusals).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { registerBody } from '@shop/shared/auth';
import { INVITATION_MESSAGES } from '@shop/shared/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ConfirmPasswordField } from '@/components/confirm-password-field.tsx';
import { FormField } from '@/components/form-field.tsx';
import { PasswordInput } from '@/components/password-input.tsx';
import { inputClass, labelClass, primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { acceptInvitationMutation } from '@/lib/api/staff.ts';
import { landingPath } from '@/lib/back-office-access.ts';
import { PASSWORDS_MUST_MATCH, passwordsDiffer } from '@/lib/passwords.ts';
import { applyServerErrors } from '@/lib/server-errors.ts';
import { useSession } from '@/lib/session-store.ts';

/** A new account: the registration's names and password rules, the password typed twice. */
const newAccountSchema = registerBody
  .pick({ firstName: true, lastName: true, password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_MUST_MATCH, path: ['confirmPassword'] });
/** The shop account the address has already: its current password only. */
const existingAccountSchema = z.object({ password: z.string().min(1, 'Enter your password') });

interface FormValues {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}
const FIELD_NAMES = ['firstName', 'lastName', 'password'] as const;

const newAccountResolver = zodResolver(newAccountSchema) as unknown as Resolver<FormValues>;
const existingAccountResolver = zodResolver(existingAccountSchema) as unknown as Resolver<FormValues>;

/** The link's refusals (400 unknown, 410 expired, cancelled or used): the form goes, the message stays. */
const linkRefusal = (error: Error | null): string | null =>
  error instanceof ApiError && (error.status === 410 || (error.status === 400 && error.message === INVITATION_MESSAGES.invalid))
    ? error.message
    : null;

export function AcceptInvitationPage() {
  const id = useId();
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [hasAccount, setHasAccount] = useState(false);
  const accept = useMutation(acceptInvitationMutation);
  const form = useForm<FormValues>({
    resolver: (values, context, options) => (hasAccount ? existingAccountResolver : newAccountResolver)(values, context, options),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');
  const confirm = form.watch('confirmPassword');
  const mismatch = !hasAccount && passwordsDiffer(password, confirm, Boolean(errors.confirmPassword));

  const onSubmit = form.handleSubmit(({ firstName, lastName, password }) => {
    const body = hasAccount ? { token, password } : { token, firstName, lastName, password };
    accept.mutate(body, {
      onSuccess(response) {
        // Whatever was cached belonged to whoever was here before (a shopper's cart, say).
        queryClient.clear();
        session.signIn(response);
        navigate(landingPath(response.user.permissions), { replace: true });
      },
      onError(error) {
        applyServerErrors(form, error, { fieldOf: (path) => FIELD_NAMES.find((name) => path.split('.').pop() === name) });
      },
    });
  });

  const chooseAccount = (existing: boolean) => {
    setHasAccount(existing);
    form.clearErrors();
    accept.reset();
  };

  const signOutHere = () => {
    session.logOut();
    accept.reset();
  };

  const error = accept.error;
  const refusedLink = token ? linkRefusal(error) : INVITATION_MESSAGES.invalid;
  const fieldError = error instanceof ApiError && error.errors.length > 0;
  const serverMessage =
    error && !fieldError ? (error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong') : null;
  const signedInElsewhere = error instanceof ApiError && error.status === 409 && session.status === 'signed-in';

  return (
    <div className="min-h-screen bg-cream/40">
      <main className="mx-auto max-w-lg px-4 pt-10 pb-16 sm:px-6 lg:pt-16">
        <Link to="/" className="text-sm font-bold tracking-[0.3em]">
          ADIRE
        </Link>
        <h1 className="mt-6 font-display text-4xl sm:text-5xl">Join the team</h1>
        {refusedLink ? (
          <div className="mt-6">
            <p role="alert" className="font-medium text-sale">
              {refusedLink}
            </p>
            <Link to="/login" className={`${secondaryButton} mt-6 w-full`}>
              Go to Admin Login
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-3 text-muted">
              Choose how you will sign in to the back office. The link works once: this page signs you in.
            </p>
            <fieldset className="mt-8 space-y-2">
              <legend className={labelClass}>Your account</legend>
              <label className="flex items-start gap-2 text-sm">
                <input type="radio" name={`${id}-account`} checked={!hasAccount} onChange={() => chooseAccount(false)} />
                <span>I am new here: make me an account</span>
              </label>
              <label className="flex items-start gap-2 text-sm">
                <input type="radio" name={`${id}-account`} checked={hasAccount} onChange={() => chooseAccount(true)} />
                <span>I already shop here under the invited address: use that account</span>
              </label>
            </fieldset>
            <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
              {!hasAccount && (
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField
                    id={`${id}-firstName`}
                    label="First name"
                    error={errors.firstName}
                    input={{ autoComplete: 'given-name', ...form.register('firstName') }}
                  />
                  <FormField
                    id={`${id}-lastName`}
                    label="Last name"
                    error={errors.lastName}
                    input={{ autoComplete: 'family-name', ...form.register('lastName') }}
                  />
                </div>
              )}
              <FormField
                id={`${id}-password`}
                label={hasAccount ? 'Your current password' : 'Password'}
                error={errors.password}
                hint={
                  <p className="mt-1.5 text-xs text-muted">
                    {hasAccount ? 'The password you sign in to the shop with.' : 'At least 8 characters.'}
                  </p>
                }
              >
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete={hasAccount ? 'current-password' : 'new-password'}
                    className={inputClass}
                    {...form.register('password')}
                  />
                )}
              </FormField>
              {!hasAccount && (
                <ConfirmPasswordField
                  id={`${id}-confirmPassword`}
                  label="Confirm password"
                  mismatch={mismatch}
                  {...form.register('confirmPassword')}
                />
              )}
              {serverMessage && (
                <p role="alert" className="text-sm font-medium text-sale">
                  {serverMessage}
                </p>
              )}
              {signedInElsewhere && (
                <button type="button" className={`${secondaryButton} w-full`} onClick={signOutHere}>
                  Sign out
                </button>
              )}
              <button type="submit" className={`${primaryButton} w-full`} disabled={accept.isPending}>
                {accept.isPending ? 'Joining...' : 'Accept the invitation'}
              </button>
            </form>
            <p className="mt-6 text-sm">
              On the team already?{' '}
              <Link to="/login" className="underline underline-offset-4">
                Go to Admin Login
              </Link>
            </p>
          </>
        )}
      </main>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type ForgotPasswordBody, forgotPasswordBody } from '@shop/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { FormField } from '@/components/form-field.tsx';
import { primaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { CsrfField, useOwnPage } from '@/lib/own-page.tsx';
import { forgotPasswordMutation } from '@/lib/api/auth.ts';

type FormInput = z.input<typeof forgotPasswordBody>;

/** What the sign-in panel passes on: the address already typed there. */
export interface ForgotPasswordState {
  email?: string;
}

/**
 * /forgot-password: the shopper (or an admin) types their address and the shop e-mails a link
 * to choose a new password. The server answers the same whether or not the address has an
 * account, and that answer replaces the form (in a live region, so it is read out).
 */
export function ForgotPasswordForm() {
  // Rendered on the server for the shopper (lib/own-page.tsx): a form the browser posts to POST /forgot-password.
  const own = useOwnPage();
  const id = useId();
  const typed = (useLocation().state as ForgotPasswordState | null)?.email ?? '';
  const ask = useMutation(forgotPasswordMutation);
  const form = useForm<FormInput, unknown, ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBody),
    mode: 'onTouched',
    defaultValues: { email: typed },
  });
  const fieldError = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit((body) => {
    ask.mutate(body, {
      onError(error) {
        const issue = error instanceof ApiError ? error.errors.find((e) => e.path === 'email') : undefined;
        if (issue) form.setError('email', { message: issue.message });
      },
    });
  });
  const serverMessage =
    ask.error && !fieldError
      ? ask.error instanceof ApiError && ask.error.status < 500
        ? ask.error.message
        : 'Something went wrong'
      : null;

  return (
    <div className="mx-auto max-w-lg px-4 pt-10 pb-4 sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl sm:text-5xl">Forgot your password?</h1>
      {!ask.isSuccess && (
        <p className="mt-3 text-muted">
          Type the email address of your account and we will send you a link to choose a new password.
        </p>
      )}
      <div role="status">
        {ask.isSuccess && (
          <>
            <p className="mt-6 border border-line bg-cream px-4 py-3">{ask.data.msg}</p>
            <p className="mt-6 text-sm text-muted">
              Nothing after a few minutes? Look in your spam folder, or{' '}
              <button type="button" className="underline underline-offset-4 hover:text-accent" onClick={() => ask.reset()}>
                send the link again
              </button>
              .
            </p>
          </>
        )}
      </div>
      {!ask.isSuccess && (
        <form method="post" action="/forgot-password" onSubmit={onSubmit} noValidate className="mt-8 space-y-5">
          {own && <CsrfField own={own} />}
          <FormField
            id={`${id}-email`}
            label="Email"
            error={form.formState.errors.email}
            describedBy={serverMessage ? `${id}-server-error` : undefined}
            input={{ type: 'email', autoComplete: 'email', ...form.register('email') }}
          />
          {serverMessage && (
            <p id={`${id}-server-error`} role="alert" className="text-sm font-medium text-sale">
              {serverMessage}
            </p>
          )}
          <button type="submit" className={`${primaryButton} w-full`} disabled={ask.isPending}>
            {ask.isPending ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="mt-8 text-sm">
        <Link to="/" className="underline underline-offset-4 hover:text-accent">
          Back to the shop
        </Link>
      </p>
    </div>
  );
}

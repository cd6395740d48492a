/**
 * Admin Login (/login). No client-side checks: email and password go as typed and the
 * server decides; its `msg` shows in red under the button. Success → the member's landing
 * page (lib/back-office-access.ts): the spec's /dashboard for an Owner or a Manager, the point
 * of sale for a Cashier, the orders for Fulfilment. A member with two-factor sign-in on is
 * asked for a code from their app (or a recovery code) before landing. "Forgot password?" goes
 * to the shop's /forgot-password with the address typed so far.
 */
import { COPYRIGHT_YEAR } from '@shop/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { buttonClass, inputClass } from '@/components/admin/ui.tsx';
import { PasswordInput } from '@/components/password-input.tsx';
import { TwoFactorStep, type TwoFactorStepLook } from '@/components/two-factor-step.tsx';
import { landingPath } from '@/lib/back-office-access.ts';
import { useSession } from '@/lib/session-store.ts';
import { useSignInSteps } from '@/lib/use-sign-in-steps.ts';
import { adminLoginMutation } from '@/lib/api/auth.ts';

const STEP_LOOK: TwoFactorStepLook = {
  input: inputClass,
  label: 'mb-1 block text-sm font-medium',
  button: buttonClass.primary,
  link: 'text-sm font-medium text-neutral-900 underline underline-offset-4',
  error: 'mt-1 text-sm text-red-600',
};

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refused = Boolean((useLocation().state as { refused?: boolean } | null)?.refused);
  const steps = useSignInSteps(adminLoginMutation, (response) => {
    queryClient.clear();
    session.signIn(response);
    navigate(landingPath(response.user.permissions));
  });
  const { login, challenge, restarted } = steps;

  if (session.status === 'signed-in' && session.user?.role === 'admin' && !login.isPending) {
    return <Navigate to={landingPath(session.user.permissions)} replace />;
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    steps.submit({ email, password });
  };

  const restart = (reason: string | null) => {
    steps.restart(reason);
    setPassword('');
  };

  const shopperSignedIn = session.status === 'signed-in' && session.user?.role !== 'admin';

  return (
    <div className="flex min-h-screen flex-col bg-neutral-100">
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-sm ring-1 ring-neutral-200">
          <p className="text-center text-sm font-bold tracking-[0.3em]">ADIRE</p>
          <h1 className="mt-4 text-center text-2xl font-semibold">Admin Login</h1>
          {refused || shopperSignedIn ? (
            <p role="status" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
              This account is not an administrator. Sign in with an administrator account to open the back office.
            </p>
          ) : null}
          {challenge ? (
            <div className="mt-6">
              <TwoFactorStep challenge={challenge} onSignedIn={steps.answered} onRestart={restart} look={STEP_LOOK} />
            </div>
          ) : null}
          <form hidden={challenge !== null} onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
            <div>
              <label htmlFor="login-email" className="mb-1 block text-sm font-medium">
                Email
              </label>
              <input
                id="login-email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="login-password" className="mb-1 block text-sm font-medium">
                Password
              </label>
              <PasswordInput
                id="login-password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className={inputClass}
              />
            </div>
            <button type="submit" disabled={login.isPending} className={`${buttonClass.primary} w-full`}>
              {login.isPending ? 'Loading...' : 'Login'}
            </button>
            {login.error || restarted ? (
              <p role="alert" className="text-sm text-red-600">
                {login.error?.message ?? restarted}
              </p>
            ) : null}
          </form>
          <p className="mt-6 flex justify-center gap-6 text-sm">
            <Link
              to="/forgot-password"
              state={{ email: email.trim() }}
              className="font-medium text-neutral-900 underline underline-offset-4"
            >
              Forgot password?
            </Link>
            <Link to="/register" className="font-medium text-neutral-900 underline underline-offset-4">
              Create an account
            </Link>
          </p>
        </div>
      </main>
      <footer className="flex flex-wrap items-center justify-center gap-4 border-t border-neutral-200 bg-white px-4 py-4 text-xs text-neutral-600">
        <span>Privacy Policy</span>
        <span>All Rights Reserved {COPYRIGHT_YEAR}</span>
      </footer>
    </div>
  );
}

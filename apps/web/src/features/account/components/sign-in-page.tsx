/**
 * /signin: the storefront's sign-in as a page (issue 32, decision 0033), which works without
 * JavaScript. Rendered on the server for the shopper, it is a plain form posted to POST /signin
 * (email, password, the page to go back to, the CSRF token), which sets her form session and
 * sends her back. With JavaScript the app signs her in as the sign-in panel does (the same
 * session in the browser's storage, two-factor for a member of staff) and goes back itself.
 */
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordInput } from '@/components/password-input.tsx';
import { inputClass, labelClass, primaryButton } from '@/components/ui-classes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { loginMutation } from '@/lib/api/auth.ts';
import { CsrfField, useOwnPage } from '@/lib/own-page.tsx';
import { useSession } from '@/lib/session-store.ts';
import { useSignInSteps } from '@/lib/use-sign-in-steps.ts';

const TwoFactorStep = lazy(() => import('@/components/two-factor-step.tsx').then((m) => ({ default: m.TwoFactorStep })));
const STEP_LOOK = {
  input: inputClass,
  label: labelClass,
  button: primaryButton,
  link: 'text-sm underline underline-offset-4 hover:text-accent',
  error: 'mt-1.5 text-sm font-medium text-sale',
};

/** A path on this site to go back to (as the server's safeBack reads it), else the home page. */
export function backPath(back: string | null): string {
  if (!back || back.length > 500 || !back.startsWith('/') || back.startsWith('//') || /[\\\s]/.test(back)) return '/';
  return back;
}

export function SignInPage() {
  const own = useOwnPage();
  const back = backPath(useSearchParams()[0].get('back'));
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const steps = useSignInSteps(loginMutation, (response) => {
    signIn(response);
    navigate(back);
  });
  const { login, challenge, restarted } = steps;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    steps.submit({ email, password });
  };
  const error = login.error;
  const message = error ? (error instanceof ApiError ? error.message : 'Something went wrong') : restarted;

  return (
    <div className="mx-auto max-w-md px-4 pt-10 pb-16 sm:px-6 lg:pt-16">
      <h1 className="font-display text-4xl">Sign in</h1>
      <p className="mt-2 text-sm text-muted">
        Welcome back. Sign in to check out, follow your orders and review what you bought.
      </p>
      {challenge ? (
        <div className="mt-8">
          <Suspense fallback={<p role="status">Loading...</p>}>
            <TwoFactorStep
              challenge={challenge}
              onSignedIn={steps.answered}
              onRestart={(reason) => {
                steps.restart(reason);
                setPassword('');
              }}
              look={STEP_LOOK}
            />
          </Suspense>
        </div>
      ) : null}
      <form hidden={challenge !== null} method="post" action="/signin" onSubmit={onSubmit} className="mt-8 space-y-5">
        {own && <CsrfField own={own} />}
        <input type="hidden" name="back" value={back} />
        <div>
          <label htmlFor="signin-page-email" className={labelClass}>
            Email
          </label>
          <input
            id="signin-page-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="signin-page-password" className={labelClass}>
            Password
          </label>
          <PasswordInput
            id="signin-page-password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className="underline underline-offset-4 hover:text-accent">
              Forgot password?
            </Link>
          </p>
        </div>
        {message && (
          <p role="alert" className="text-sm font-medium text-sale">
            {message}
          </p>
        )}
        <button type="submit" disabled={login.isPending} className={`${primaryButton} w-full`}>
          {login.isPending ? 'Loading...' : 'LOGIN'}
        </button>
      </form>
      <p className="mt-10 border-t border-line pt-8 text-sm text-muted">
        New here?{' '}
        <Link to="/register" className="font-semibold text-ink underline underline-offset-4">
          Create an account
        </Link>
      </p>
    </div>
  );
}

import { X } from 'lucide-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '@/components/dialog.tsx';
import { PasswordInput } from '@/components/password-input.tsx';
import { inputClass, labelClass, primaryButton, secondaryButton } from '@/components/ui-classes.ts';
import { useSession } from '@/lib/session-store.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useSignInRequest } from '@/lib/sign-in-request.ts';
import { useSignInSteps } from '@/lib/use-sign-in-steps.ts';
import { loginMutation } from '@/lib/api/auth.ts';
import type { ForgotPasswordState } from './forgot-password-form.tsx';

// Only a member of staff with two-factor on gets a challenge: shoppers never load the code step.
const TwoFactorStep = lazy(() => import('@/components/two-factor-step.tsx').then((m) => ({ default: m.TwoFactorStep })));
const STEP_LOOK = {
  input: inputClass,
  label: labelClass,
  button: primaryButton,
  link: 'text-sm underline underline-offset-4 hover:text-accent',
  error: 'mt-1.5 text-sm font-medium text-sale',
};

/**
 * The sign-in panel: email, password with show/hide, "Forgot password?" (to /forgot-password,
 * with the address typed so far), LOGIN ("Loading..." while working), the server's message
 * when it refuses, SIGN UP to /register and a close icon. Signing in
 * from the header goes to /; when checkout or a review asked for it, the shopper stays and
 * carries on. A member of staff with two-factor sign-in on gives a code from their app next.
 */
export default function SignInPanel() {
  const headingId = useId();
  const navigate = useNavigate();
  const settle = useSignInRequest((s) => s.settle);

  return (
    <Dialog labelledBy={headingId} onRequestClose={() => settle(false)} variant="drawer">
      <div className="flex h-full flex-col px-6 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <h2 id={headingId} className="font-display text-3xl">
            Sign in
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={() => settle(false)}
            className="flex size-10 items-center justify-center rounded-full hover:bg-cream"
          >
            <X aria-hidden size={22} />
          </button>
        </div>
        <p className="mt-2 text-sm text-muted">
          Welcome back. Sign in to check out, follow your orders and review what you bought.
        </p>
        <SignInForm
          idPrefix="signin"
          onSignedIn={() => {
            const someoneWaiting = settle(true);
            if (!someoneWaiting) navigate('/');
          }}
          onLeave={() => settle(false)}
        />
        <div className="mt-10 border-t border-line pt-8">
          <p className="text-sm text-muted">New here? Create an account in a minute.</p>
          <button
            type="button"
            className={`${secondaryButton} mt-4 w-full`}
            onClick={() => {
              settle(false);
              navigate('/register');
            }}
          >
            SIGN UP
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * The sign-in form, the panel's and the /signin page's (sign-in-page.tsx): the password, then a
 * member of staff's two-factor code; signed in, the session is kept in the browser's storage and
 * `onSignedIn` runs. `form` (method, action) and `children` (hidden fields) make it a form the
 * browser can post without JavaScript; with it, the submit is the app's.
 */
export function SignInForm({
  idPrefix,
  onSignedIn,
  onLeave,
  form,
  children,
}: {
  idPrefix: string;
  onSignedIn(): void;
  /** The shopper follows "Forgot password?". */
  onLeave?(): void;
  form?: { method: 'post'; action: string };
  children?: ReactNode;
}) {
  const errorId = useId();
  const signIn = useSession((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const steps = useSignInSteps(loginMutation, (response) => {
    signIn(response);
    onSignedIn();
  });
  const { login, challenge, restarted } = steps;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    steps.submit({ email, password });
  };
  const restart = (reason: string | null) => {
    steps.restart(reason);
    setPassword('');
  };
  const error = login.error;
  const message = error ? (error instanceof ApiError ? error.message : 'Something went wrong') : restarted;

  return (
    <>
      {challenge ? (
        <div className="mt-8">
          <Suspense fallback={<p role="status">Loading...</p>}>
            <TwoFactorStep challenge={challenge} onSignedIn={steps.answered} onRestart={restart} look={STEP_LOOK} />
          </Suspense>
        </div>
      ) : null}
      <form hidden={challenge !== null} {...form} onSubmit={onSubmit} className="mt-8 space-y-5" noValidate>
        {children}
        <div>
          <label htmlFor={`${idPrefix}-email`} className={labelClass}>
            Email
          </label>
          <input
            id={`${idPrefix}-email`}
            name="email"
            type="text"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={message ? errorId : undefined}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${idPrefix}-password`} className={labelClass}>
            Password
          </label>
          <PasswordInput
            id={`${idPrefix}-password`}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={message ? errorId : undefined}
            className={inputClass}
          />
          <p className="mt-2 text-right text-sm">
            <Link
              to="/forgot-password"
              state={{ email: email.trim() } satisfies ForgotPasswordState}
              onClick={onLeave}
              className="underline underline-offset-4 hover:text-accent"
            >
              Forgot password?
            </Link>
          </p>
        </div>
        {message && (
          <p id={errorId} role="alert" className="text-sm font-medium text-sale">
            {message}
          </p>
        )}
        <button type="submit" disabled={login.isPending} className={`${primaryButton} w-full`}>
          {login.isPending ? 'Loading...' : 'LOGIN'}
        </button>
      </form>
    </>
  );
}

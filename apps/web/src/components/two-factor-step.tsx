/**
 * The second step of a staff member's sign-in with two-factor on: the password was right and
 * the server answered a challenge instead of a token. The 6-digit code from the authenticator
 * app (or one of the recovery codes) finishes it (POST /api/auth/2fa/verify). A wrong code is
 * said here and can be typed again; a challenge that has ended (5 minutes, or 5 wrong codes)
 * sends the person back to the password; too many wrong codes (429) says to wait. Admin Login
 * and the storefront's sign-in panel both use it, each in its own look.
 */
import type { AuthResponse } from '@shop/shared/auth';
import { recoveryCode, TWO_FACTOR_MESSAGES, totpCode } from '@shop/shared/two-factor';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { verifyTwoFactorMutation } from '@/lib/api/two-factor.ts';

/** The classes of the page it sits in. */
export interface TwoFactorStepLook {
  input: string;
  label: string;
  button: string;
  /** The text buttons: "Use a recovery code instead", "Start over". */
  link: string;
  error: string;
}

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn(response: AuthResponse): void;
  /** Back to the password (the challenge ended, or the person asked), with what to say there. */
  onRestart(message: string | null): void;
  look: TwoFactorStepLook;
}

/** What a refused code means: type another, or sign in again from the password. */
export function verifyFailure(error: unknown): { restart: boolean; message: string } {
  if (!(error instanceof ApiError)) return { restart: false, message: 'Something went wrong. Try again.' };
  if (error.message === TWO_FACTOR_MESSAGES.challengeEnded) return { restart: true, message: error.message };
  if (error.status === 429) {
    return { restart: false, message: 'Too many wrong codes. Wait 15 minutes, then try again.' };
  }
  return { restart: false, message: error.message };
}

export function TwoFactorStep({ challenge, onSignedIn, onRestart, look }: TwoFactorStepProps) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useMutation(verifyTwoFactorMutation);
  const input = useRef<HTMLInputElement>(null);

  // The field is where the person types next: on arrival, and after switching kinds of code (a new input).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the kind of code changes
  useEffect(() => {
    input.current?.focus();
  }, [recovery]);

  const refuse = (message: string) => {
    setProblem(message);
    input.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = (recovery ? recoveryCode : totpCode).safeParse(value);
    if (!checked.success) return refuse(checked.error.issues[0]?.message ?? 'Enter a code');
    setProblem(null);
    verify.mutate(recovery ? { challenge, recoveryCode: checked.data } : { challenge, code: checked.data }, {
      onSuccess: onSignedIn,
      onError: (error) => {
        const failure = verifyFailure(error);
        if (failure.restart) return onRestart(failure.message);
        setValue('');
        refuse(failure.message);
      },
    });
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setValue('');
    setProblem(null);
  };

  const fieldId = `${id}-code`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="text-sm">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for this shop.'}
      </p>
      <div>
        <label htmlFor={fieldId} className={look.label}>
          {recovery ? 'Recovery code' : 'Authentication code'}
        </label>
        <input
          ref={input}
          id={fieldId}
          // A new input for the other kind: the browser's one-time-code autofill applies to the app's code only.
          key={recovery ? 'recovery' : 'code'}
          name={recovery ? 'recoveryCode' : 'code'}
          type="text"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 40 : 6}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className={look.input}
        />
        {problem ? (
          <p id={errorId} role="alert" className={look.error}>
            {problem}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={verify.isPending} className={`${look.button} w-full`}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </button>
      <div className="flex flex-wrap justify-between gap-x-6 gap-y-2">
        <button type="button" onClick={switchKind} className={look.link}>
          {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" onClick={() => onRestart(null)} className={look.link}>
          Start over
        </button>
      </div>
    </form>
  );
}

/**
 * The steps of a sign-in, for Admin Login and the storefront's sign-in panel alike: the
 * password, then, for a member of staff with two-factor on, the code that answers the
 * server's challenge (components/two-factor-step.tsx). A challenge that ends sends the person
 * back to the password, with the reason to show there.
 */
import type { AuthResponse, LoginBody } from '@shop/shared/auth';
import type { SignInResponse } from '@shop/shared/two-factor';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useState } from 'react';

export function useSignInSteps(
  signInMutation: UseMutationOptions<SignInResponse, Error, LoginBody>,
  onSignedIn: (response: AuthResponse) => void,
) {
  const login = useMutation(signInMutation);
  /** The challenge the code answers; null while the password is asked. */
  const [challenge, setChallenge] = useState<string | null>(null);
  /** Why the person is back at the password (their challenge ended); null otherwise. */
  const [restarted, setRestarted] = useState<string | null>(null);
  const answered = (response: SignInResponse) => {
    if ('twoFactorRequired' in response) setChallenge(response.challenge);
    else onSignedIn(response);
  };
  return {
    /** The password's request (pending, its refusal). */
    login,
    challenge,
    restarted,
    answered,
    /** Sends the password: signed in, or a code to ask for. */
    submit(body: LoginBody) {
      setRestarted(null);
      login.mutate(body, { onSuccess: answered });
    },
    /** Back to the password, saying why (null: the person asked). */
    restart(reason: string | null) {
      setChallenge(null);
      setRestarted(reason);
      login.reset();
    },
  };
}

/**
 * A member's sign-in security: finishing a sign-in that answered a two-factor challenge,
 * setting two-factor sign-in up (secret and QR code, a first code, the recovery codes) and
 * turning it off, and their own signed-in devices (list, end one). Whether it is on is the
 * signed-in user's `twoFactor` (GET /api/auth/me): the screen reads the member again after a
 * change, once it has shown what the change answered.
 */
import type { AuthResponse } from '@shop/shared/auth';
import type { RecoveryCodesResponse, StaffSessionView, TwoFactorSetup, TwoFactorVerifyBody } from '@shop/shared/two-factor';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const securityKeys = {
  all: ['security'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
};

/**
 * The code (or recovery code) for a challenge: the token. Its refusals are the step's own (a
 * wrong code is a 401, which must not sign out whoever is signed in here meanwhile).
 */
export const verifyTwoFactorMutation = mutationOptions({
  mutationFn: (body: TwoFactorVerifyBody) =>
    apiRequest<AuthResponse>('/api/auth/2fa/verify', { method: 'POST', body, ownRefusals: true }),
});

/** A new secret (replacing a setup not finished): shown as a QR code and as text. */
export const setUpTwoFactorMutation = mutationOptions({
  mutationFn: () => apiRequest<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' }),
});

/** The first code from the app turns it on; the answer's recovery codes are shown once. */
export const enableTwoFactorMutation = mutationOptions({
  mutationFn: (code: string) =>
    apiRequest<RecoveryCodesResponse>('/api/auth/2fa/enable', { method: 'POST', body: { code }, ownRefusals: true }),
});

/** Off, with the password and a code (or a recovery code); a wrong one is the form's to show, not a sign-out. */
export const disableTwoFactorMutation = mutationOptions({
  mutationFn: (body: { password: string; code: string }) =>
    apiRequest<null>('/api/auth/2fa/disable', { method: 'POST', body, ownRefusals: true }),
});

export const sessionsOptions = queryOptions({
  queryKey: securityKeys.sessions(),
  queryFn: ({ signal }) => apiRequest<StaffSessionView[]>('/api/auth/sessions', { signal }),
  staleTime: 0,
});

/** Ends one of the member's sessions (this one too: the next request signs out). */
export const endSessionMutation = mutationOptions({
  mutationFn: (id: string) => apiRequest<null>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  onSettled: (_data, _error, _id, _result, { client }) => client.invalidateQueries({ queryKey: securityKeys.sessions() }),
});

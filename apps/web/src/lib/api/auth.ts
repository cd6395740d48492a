/**
 * Accounts: sign in (storefront and back office), register, change one's password, and reset
 * a forgotten one. The session itself (token and user in the browser's storage) is
 * lib/session-store.ts.
 */
import type { AuthResponse, AuthUser, LoginBody, RegisterBody } from '@shop/shared/auth';
import type { ForgotPasswordBody, ResetPasswordBody } from '@shop/shared/messages';
import type { SignInResponse } from '@shop/shared/two-factor';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** Signed in, or (a member of staff with two-factor on) a challenge to answer with a code: lib/api/two-factor.ts. */
export const login = (body: LoginBody) => apiRequest<SignInResponse>('/api/auth/login', { method: 'POST', body });
export const adminLogin = (body: LoginBody) => apiRequest<SignInResponse>('/api/auth/adminlogin', { method: 'POST', body });
export const register = (body: RegisterBody) => apiRequest<AuthResponse>('/api/auth/register', { method: 'POST', body });

/**
 * The signed-in account (GET /api/auth/me), as a page rendered on the server for a shopper reads
 * it (lib/own-page.tsx); the app's session keeps its own copy (lib/session-store.ts).
 */
export const accountOptions = queryOptions({
  queryKey: ['account', 'me'] as const,
  queryFn: ({ signal }) => apiRequest<{ user: AuthUser }>('/api/auth/me', { signal, ownRefusals: true }),
});

export const loginMutation = mutationOptions({ mutationFn: login });
export const adminLoginMutation = mutationOptions({ mutationFn: adminLogin });
export const registerMutation = mutationOptions({ mutationFn: register });

/** Signs out the other sessions; the answer carries the new token. */
export const changePasswordMutation = mutationOptions({
  mutationFn: (body: { currentPassword: string; newPassword: string }) =>
    apiRequest<AuthResponse>('/api/auth/password', { method: 'POST', body }),
});

/** The server's answer to a reset request or a reset: a sentence to show. */
export interface ResetAnswer {
  msg: string;
}

/** Asks for a reset link by e-mail; the answer is the same whether or not the address has an account. */
export const forgotPasswordMutation = mutationOptions({
  mutationFn: (body: ForgotPasswordBody) => apiRequest<ResetAnswer>('/api/auth/forgot', { method: 'POST', body }),
});

/** Sets a new password with the link's token; signs the account out everywhere. */
export const resetPasswordMutation = mutationOptions({
  mutationFn: (body: ResetPasswordBody) => apiRequest<ResetAnswer>('/api/auth/reset', { method: 'POST', body }),
});

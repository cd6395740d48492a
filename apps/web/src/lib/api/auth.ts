/**
 * Accounts: sign in (storefront and back office), register, and change one's password.
 * The session itself (token and user in the browser's storage) is lib/session-store.ts.
 */
import type { AuthResponse, LoginBody, RegisterBody } from '@shop/shared/auth';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const login = (body: LoginBody) => apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body });
export const adminLogin = (body: LoginBody) => apiRequest<AuthResponse>('/api/auth/adminlogin', { method: 'POST', body });
export const register = (body: RegisterBody) => apiRequest<AuthResponse>('/api/auth/register', { method: 'POST', body });

export const loginMutation = mutationOptions({ mutationFn: login });
export const adminLoginMutation = mutationOptions({ mutationFn: adminLogin });
export const registerMutation = mutationOptions({ mutationFn: register });

/** Signs out the other sessions; the answer carries the new token. */
export const changePasswordMutation = mutationOptions({
  mutationFn: (body: { currentPassword: string; newPassword: string }) =>
    apiRequest<AuthResponse>('/api/auth/password', { method: 'POST', body }),
});

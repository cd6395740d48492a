/** The back office's sign-in call. */
import type { AuthResponse, LoginBody } from '@shop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export function adminLogin(body: LoginBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/adminlogin', { method: 'POST', body });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}

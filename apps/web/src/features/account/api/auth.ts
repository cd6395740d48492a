/** Sign-in and registration calls (the session itself lives in features/auth). */
import type { AuthResponse, LoginBody, RegisterBody } from '@shop/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export function login(body: LoginBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body });
}

export function register(body: RegisterBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/register', { method: 'POST', body });
}

export const useLogin = () => useMutation({ mutationFn: login });
export const useRegister = () => useMutation({ mutationFn: register });

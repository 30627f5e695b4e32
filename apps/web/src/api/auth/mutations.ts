import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, SignupInput, SignupResponse } from '@nebab/shared';
import { apiRequest } from '../client';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginInput) =>
      apiRequest<LoginResponse>('/api/auth/login', { method: 'POST', body, token: null }),
  });
}

export function useSignupMutation() {
  return useMutation({
    mutationFn: (body: SignupInput) =>
      apiRequest<SignupResponse>('/api/auth/signup', { method: 'POST', body, token: null }),
  });
}

/** POST /api/auth/logout; failures are ignored because signing out locally must always work. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<void>('/api/auth/logout', { method: 'POST' });
  } catch {
    // The token is dropped locally either way.
  }
}

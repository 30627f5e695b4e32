import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResult, SignupInput, SignupResponse } from '@nebab/shared';
import { apiRequest } from '../client';

/** POST /api/auth/login: a session, or a challenge when the account has two-factor sign-in. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginInput) =>
      apiRequest<LoginResult>('/api/auth/login', { method: 'POST', body, token: null }),
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

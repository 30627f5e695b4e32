import { useMutation } from '@tanstack/react-query';
import type {
  ForgotPasswordInput,
  LoginInput,
  LoginResult,
  ResetPasswordInput,
  SignupInput,
  SignupResponse,
  VerifyEmailInput,
} from '@nebab/shared';
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

/** POST /api/auth/password/forgot: 202 for every address (the mail goes out if an account has it). */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: ForgotPasswordInput) =>
      apiRequest<void>('/api/auth/password/forgot', { method: 'POST', body, token: null }),
  });
}

/** POST /api/auth/password/reset with the token of the mailed link. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) =>
      apiRequest<void>('/api/auth/password/reset', { method: 'POST', body, token: null }),
  });
}

/** POST /api/auth/email/verify with the token of the mailed link. */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (body: VerifyEmailInput) =>
      apiRequest<void>('/api/auth/email/verify', { method: 'POST', body, token: null }),
  });
}

/** POST /api/auth/email/resend: a new confirmation link to the signed-in reader's address. */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/auth/email/resend', { method: 'POST' }),
  });
}

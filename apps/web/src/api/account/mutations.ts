import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AccountDeleteConfirmInput,
  AccountDeleteInput,
  EmailChangeInput,
  MailAccepted,
  AccountSecurity,
  ErrorBody,
  LoginResponse,
  MeResponse,
  ProfileUpdateInput,
  RecoveryCodes,
  RecoveryEmailInput,
  TwoFactorDisableInput,
  TwoFactorEnableInput,
  TwoFactorLoginInput,
  TwoFactorSetup,
} from '@nebab/shared';
import { currentLanguage, i18n } from '../../i18n';
import { notifySessionEnded } from '../sessionEvents';
import { readToken } from '../tokenStorage';
import { authKeys } from '../auth/keys';
import type { Session } from '../auth/queries';
import { ApiError, apiRequest } from '../client';
import { accountKeys } from './keys';

/** Puts the updated user into the signed-in session, so every avatar and name follows at once. */
function storeUser(queryClient: QueryClient, me: MeResponse): void {
  queryClient.setQueryData<Session>(authKeys.session(readToken()), (current) =>
    current ? { ...current, user: me.user } : current,
  );
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateInput) =>
      apiRequest<MeResponse>('/api/account/profile', { method: 'PUT', body }),
    onSuccess: (me) => storeUser(queryClient, me),
  });
}

/** PUT /api/account/avatar as multipart (the JSON client cannot send files). */
async function uploadAvatar(file: File): Promise<MeResponse> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/api/account/avatar', { method: 'PUT', headers, body: form });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.NETWORK'));
  }
  const body = (await response.json().catch(() => undefined)) as MeResponse | ErrorBody | undefined;
  if (response.ok && body && 'user' in body) return body;
  if (body && 'error' in body) {
    if (token && (body.error.code === 'UNAUTHENTICATED' || body.error.code === 'SUSPENDED'))
      notifySessionEnded();
    throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields ?? {});
  }
  if (response.status === 413) throw new ApiError(413, 'TOO_LARGE', i18n.t('errors.TOO_LARGE'));
  throw new ApiError(response.status, 'INTERNAL', i18n.t('errors.INTERNAL'));
}

export function useUploadAvatarMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (me) => storeUser(queryClient, me),
  });
}

export function useRemoveAvatarMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MeResponse>('/api/account/avatar', { method: 'DELETE' }),
    onSuccess: (me) => storeUser(queryClient, me),
  });
}

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** PUT /api/auth/password; the other devices are signed out, so their list is refreshed. */
export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest<void>('/api/auth/password', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRemoveSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRemoveOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/account/sessions', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useSetRecoveryEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecoveryEmailInput) =>
      apiRequest<AccountSecurity>('/api/account/recovery-email', { method: 'PUT', body }),
    onSuccess: (security) => queryClient.setQueryData(accountKeys.security(), security),
  });
}

export function useSetupTwoFactorMutation() {
  return useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>('/api/account/two-factor/setup', { method: 'POST' }),
  });
}

export function useEnableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorEnableInput) =>
      apiRequest<RecoveryCodes>('/api/account/two-factor/enable', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}

export function useDisableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableInput) =>
      apiRequest<void>('/api/account/two-factor/disable', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}

/** POST /api/auth/login/2fa: the second login step. */
export function useTwoFactorLoginMutation() {
  return useMutation({
    mutationFn: (body: TwoFactorLoginInput) =>
      apiRequest<LoginResponse>('/api/auth/login/2fa', { method: 'POST', body, token: null }),
  });
}

/**
 * DELETE /api/account: leaving for good, confirmed with the password (204: `'deleted'`); an account
 * without a password sends none and is mailed a deletion link (202: `'mailed'`).
 */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: async (body: AccountDeleteInput): Promise<'deleted' | 'mailed'> => {
      const answer = await apiRequest<MailAccepted | undefined>('/api/account', { method: 'DELETE', body });
      return answer?.accepted ? 'mailed' : 'deleted';
    },
  });
}

/** POST /api/account/delete/confirm: the mailed deletion link, used from `/delete-account` (204). */
export function useConfirmAccountDeletionMutation() {
  return useMutation({
    mutationFn: (body: AccountDeleteConfirmInput) =>
      apiRequest<void>('/api/account/delete/confirm', { method: 'POST', body, token: null }),
  });
}

/** PUT /api/account/email: the new address is mailed a link that makes the change (202). */
export function useChangeEmailMutation() {
  return useMutation({
    mutationFn: (body: EmailChangeInput) =>
      apiRequest<MailAccepted>('/api/account/email', { method: 'PUT', body }),
  });
}

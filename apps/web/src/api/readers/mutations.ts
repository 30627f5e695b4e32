import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowDecision, FollowResult, ReaderPrivacy, ReaderProfile } from '@nebab/shared';
import { apiRequest } from '../client';
import { feedKeys } from '../feed/keys';
import { readerKeys } from './keys';
import { readerPath } from './queries';

/** POST /api/readers/:id/follow — `following` at once, or `requested`. */
export function useFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<FollowResult>(`${readerPath(id)}/follow`, { method: 'POST' }),
    onSuccess: (result, id) => {
      queryClient.setQueryData<ReaderProfile>(readerKeys.profile(id), (profile) =>
        profile ? { ...profile, viewer: { ...profile.viewer, follow: result.state } } : profile,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: readerKeys.all() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all() });
    },
  });
}

/** DELETE /api/readers/:id/follow — unfollow or withdraw the request. */
export function useUnfollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`${readerPath(id)}/follow`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ReaderProfile>(readerKeys.profile(id), (profile) =>
        profile ? { ...profile, viewer: { ...profile.viewer, follow: 'none' } } : profile,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: readerKeys.all() });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all() });
    },
  });
}

/** POST / DELETE /api/readers/:id/block */
export function useBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, block }: { id: string; block: boolean }) =>
      apiRequest<void>(`${readerPath(id)}/block`, { method: block ? 'POST' : 'DELETE' }),
    onSettled: () => {
      // Blocking hides reviews, chat, lists and notifications too: refetch what is shown.
      void queryClient.invalidateQueries();
    },
  });
}

/** PUT /api/me/privacy */
export function useSavePrivacyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (privacy: ReaderPrivacy) =>
      apiRequest<ReaderPrivacy>('/api/me/privacy', { method: 'PUT', body: privacy }),
    onSuccess: (saved) => queryClient.setQueryData(readerKeys.privacy(), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readerKeys.all() }),
  });
}

/** POST /api/me/follow-requests/:userId { decision } */
export function useDecideFollowRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: string } & FollowDecision) =>
      apiRequest<void>(`/api/me/follow-requests/${encodeURIComponent(userId)}`, {
        method: 'POST',
        body: { decision },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readerKeys.all() }),
  });
}

/** DELETE /api/me/followers/:userId */
export function useRemoveFollowerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<void>(`/api/me/followers/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readerKeys.all() }),
  });
}

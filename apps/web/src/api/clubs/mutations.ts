import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Club,
  ClubCreate,
  ClubJoinDecision,
  ClubMember,
  ClubMemberPatch,
  ClubPatch,
  ClubTopic,
  ClubTopicInput,
  ClubTopicReply,
  ClubTopicReplyInput,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { clubKeys } from './keys';
import { clubPath } from './queries';

/** Every club query is refreshed after a change: lists (Your Clubs, search), details, members. */
function useInvalidateClubs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: clubKeys.all() });
}

/** PUT /api/clubs/:id/cover (multipart, field `cover`). */
export function uploadClubCover(id: string, file: File): Promise<Club> {
  const form = new FormData();
  form.append('cover', file);
  return apiRequest<Club>(`${clubPath(id)}/cover`, { method: 'PUT', body: form });
}

/** POST /api/clubs — the creator becomes its moderator. The cover, if any, is uploaded afterwards. */
export function useCreateClubMutation() {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (input: ClubCreate) => apiRequest<Club>('/api/clubs', { method: 'POST', body: input }),
    onSettled: invalidate,
  });
}

/** PATCH /api/clubs/:id (moderators): current book, next book, next meeting… */
export function useUpdateClubMutation(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (patch: ClubPatch) => apiRequest<Club>(clubPath(id), { method: 'PATCH', body: patch }),
    onSuccess: (club) => queryClient.setQueryData(clubKeys.detail(id), club),
    onSettled: invalidate,
  });
}

/** POST /api/clubs/:id/join — public: member at once; private: a pending request. */
export function useJoinClubMutation(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: () => apiRequest<Club>(`${clubPath(id)}/join`, { method: 'POST' }),
    onSuccess: (club) => queryClient.setQueryData(clubKeys.detail(id), club),
    onSettled: invalidate,
  });
}

/** DELETE /api/clubs/:id/membership — leave, or withdraw a pending request. */
export function useLeaveClubMutation(id: string) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(`${clubPath(id)}/membership`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** POST /api/clubs/:id/requests/:userId { decision } (moderators). */
export function useDecideRequestMutation(id: string) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: string } & ClubJoinDecision) =>
      apiRequest<unknown>(`${clubPath(id)}/requests/${encodeURIComponent(userId)}`, {
        method: 'POST',
        body: { decision },
      }),
    onSettled: invalidate,
  });
}

/** POST /api/clubs/:id/topics */
export function useCreateTopicMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClubTopicInput) =>
      apiRequest<ClubTopic>(`${clubPath(id)}/topics`, { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clubKeys.detail(id) }),
  });
}

/** POST /api/clubs/:id/topics/:topicId/replies */
export function useReplyTopicMutation(id: string, topicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClubTopicReplyInput) =>
      apiRequest<ClubTopicReply>(`${clubPath(id)}/topics/${encodeURIComponent(topicId)}/replies`, {
        method: 'POST',
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clubKeys.topics(id) }),
  });
}

/** PATCH /api/clubs/:id/members/:userId { role } (moderators): make a member a moderator, or back. */
export function useSetMemberRoleMutation(id: string) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & ClubMemberPatch) =>
      apiRequest<ClubMember>(`${clubPath(id)}/members/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { role },
      }),
    onSettled: invalidate,
  });
}

/** DELETE /api/clubs/:id/members/:userId (moderators): remove a member (not a moderator). */
export function useRemoveMemberMutation(id: string) {
  const invalidate = useInvalidateClubs();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<unknown>(`${clubPath(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

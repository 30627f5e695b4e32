import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReport,
  AdminReportPatch,
  AdminReview,
  AdminReviewPatch,
  AdminUser,
  AdminUserPatch,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { reviewKeys } from '../reviews/keys';
import { adminModerationKeys } from './keys';

/** Every admin moderation list (and the public review lists) may change after an action. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminModerationKeys.all() }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.all() }),
    ]);
  };
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;
const reviewPath = (id: string) => `/api/admin/reviews/${encodeURIComponent(id)}`;

/** PATCH /api/admin/users/:id — Edit (name, role), Suspend or Activate. */
export function useUpdateUserMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) =>
      apiRequest<AdminUser>(userPath(id), { method: 'PATCH', body: patch }),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/users/:id */
export function useDeleteUserMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(userPath(id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** PATCH /api/admin/reviews/:id — Approve or Reject. */
export function useModerateReviewMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminReviewPatch['status'] }) =>
      apiRequest<AdminReview>(reviewPath(id), { method: 'PATCH', body: { status } }),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/reviews/:id */
export function useDeleteReviewMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(reviewPath(id), { method: 'DELETE' }),
    onSettled: invalidate,
  });
}

/** PATCH /api/admin/reports/:id — resolve, dismiss or reopen. */
export function useUpdateReportMutation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: AdminReportPatch['status'] }) =>
      apiRequest<AdminReport>(`/api/admin/reports/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { status },
      }),
    onSettled: invalidate,
  });
}

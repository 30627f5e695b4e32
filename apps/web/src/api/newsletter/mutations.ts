import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language, NewsletterIssue, NewsletterIssueInput } from '@nebab/shared';
import { apiRequest } from '../client';
import { newsletterKeys } from './keys';

/**
 * POST /api/newsletter { email, language } — 202 whatever the address's state: a new or pending
 * address receives a confirmation link (double opt-in).
 */
export function useSubscribeNewsletter() {
  return useMutation({
    mutationFn: (body: { email: string; language: Language }) =>
      apiRequest<unknown>('/api/newsletter', { method: 'POST', body }),
  });
}

/** POST /api/newsletter/confirm { token } — 204; 400 for an unknown or used link. */
export function useConfirmNewsletter() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<null>('/api/newsletter/confirm', { method: 'POST', body: { token } }),
  });
}

/** POST /api/newsletter/unsubscribe { token } — 204; no sign-in. */
export function useUnsubscribeNewsletter() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<null>('/api/newsletter/unsubscribe', { method: 'POST', body: { token } }),
  });
}

/** POST /api/admin/newsletter/issues — a draft in both languages. */
export function useCreateIssueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsletterIssueInput) =>
      apiRequest<NewsletterIssue>('/api/admin/newsletter/issues', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all() }),
  });
}

/** POST /api/admin/newsletter/issues/:id/send — 202; 409 when it is already going out or sent. */
export function useSendIssueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<NewsletterIssue>(`/api/admin/newsletter/issues/${encodeURIComponent(id)}/send`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all() }),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { NewsletterIssue, NewsletterIssueList } from '@nebab/shared';
import { apiRequest } from '../client';
import { newsletterKeys } from './keys';

/** While an issue is being delivered its progress is read again this often. */
export const ISSUE_POLL_MS = 1500;

/** An issue still going out: sending, or queued messages not all delivered or failed yet. */
export const isInProgress = (issue: NewsletterIssue) =>
  issue.status === 'sending' || (issue.status === 'sent' && issue.sent + issue.failed < issue.total);

/** GET /api/admin/newsletter/issues (admins): newest first; polled while one is going out. */
export function newsletterIssuesQueryOptions() {
  return queryOptions({
    queryKey: newsletterKeys.issues(),
    queryFn: ({ signal }) => apiRequest<NewsletterIssueList>('/api/admin/newsletter/issues', { signal }),
    refetchInterval: (query) => (query.state.data?.items.some(isInProgress) ? ISSUE_POLL_MS : false),
  });
}

/** GET /api/admin/newsletter/issues/:id (admins): one issue and its delivery progress. */
export function newsletterIssueQueryOptions(id: string) {
  return queryOptions({
    queryKey: newsletterKeys.issue(id),
    queryFn: ({ signal }) =>
      apiRequest<NewsletterIssue>(`/api/admin/newsletter/issues/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data && isInProgress(query.state.data) ? ISSUE_POLL_MS : false),
  });
}

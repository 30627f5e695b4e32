import type { AdminReportListQuery, AdminReviewListQuery, AdminUserListQuery } from '@nebab/shared';

export const adminModerationKeys = {
  all: () => ['admin-moderation'] as const,
  users: (query: AdminUserListQuery) => ['admin-moderation', 'users', query] as const,
  reviews: (query: AdminReviewListQuery) => ['admin-moderation', 'reviews', query] as const,
  review: (id: string) => ['admin-moderation', 'review', id] as const,
  reports: (query: AdminReportListQuery) => ['admin-moderation', 'reports', query] as const,
};

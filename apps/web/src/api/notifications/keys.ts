import type { NotificationStatus } from '@nebab/shared';

export interface NotificationListParams {
  status?: NotificationStatus;
  page?: number;
  pageSize?: number;
}

export const notificationKeys = {
  all: () => ['notifications'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
  one: (id: string) => ['notifications', 'one', id] as const,
  unreadCount: () => ['notifications', 'unreadCount'] as const,
  choices: () => ['notifications', 'choices'] as const,
};

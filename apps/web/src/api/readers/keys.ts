/** Everything under `['readers']`; one invalidation refreshes profiles, follower lists and settings. */
export const readerKeys = {
  all: () => ['readers'] as const,
  profile: (id: string) => ['readers', 'profile', id] as const,
  connections: (id: string, side: 'followers' | 'following') => ['readers', 'profile', id, side] as const,
  privacy: () => ['readers', 'me', 'privacy'] as const,
  requests: () => ['readers', 'me', 'requests'] as const,
  blocks: () => ['readers', 'me', 'blocks'] as const,
};

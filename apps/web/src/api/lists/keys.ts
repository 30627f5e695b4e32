/** Everything under `['lists']`, so one invalidation refreshes a list, the caller's lists and genre lists. */
export const listKeys = {
  all: () => ['lists'] as const,
  detail: (id: string) => ['lists', 'detail', id] as const,
  mine: () => ['lists', 'mine'] as const,
  genre: (slug: string, page: number, pageSize: number) => ['lists', 'genre', slug, page, pageSize] as const,
};

/** A genre's groups (its public clubs), cached beside the clubs. */
export const genreGroupKeys = {
  page: (slug: string, page: number, pageSize: number) =>
    ['clubs', 'genreGroups', slug, page, pageSize] as const,
};

import type { RELATED_SORTS } from '@nebab/shared';

export type RelatedSort = (typeof RELATED_SORTS)[number];

export const bookKeys = {
  all: () => ['book'] as const,
  detail: (id: string) => ['book', id] as const,
  related: (id: string, genre: string | null, sort: RelatedSort) =>
    ['book', id, 'related', genre, sort] as const,
};

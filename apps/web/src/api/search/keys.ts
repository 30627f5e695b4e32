import type { SearchQueryInput } from '@nebab/shared';

export const searchKeys = {
  all: () => ['search'] as const,
  results: (query: SearchQueryInput) => ['search', 'results', query] as const,
  suggest: (q: string) => ['search', 'suggest', q] as const,
};

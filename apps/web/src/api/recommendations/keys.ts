export const recommendationsKeys = {
  all: () => ['recommendations'] as const,
  list: (limit: number) => ['recommendations', 'list', limit] as const,
};

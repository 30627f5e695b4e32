export const genreKeys = {
  all: () => ['genres'] as const,
  detail: (slug: string) => ['genres', slug] as const,
};

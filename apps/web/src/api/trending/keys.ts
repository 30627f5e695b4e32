export const trendingKeys = {
  list: (limit: number) => ['books', 'trending', limit] as const,
};

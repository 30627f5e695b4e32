export const feedKeys = {
  all: () => ['feed'] as const,
  list: () => ['feed', 'list'] as const,
};

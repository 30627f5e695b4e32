export const shelvesKeys = {
  all: () => ['shelves'] as const,
  list: () => ['shelves', 'list'] as const,
};

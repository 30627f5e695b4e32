export const readingListKeys = {
  all: () => ['readingList'] as const,
  list: () => ['readingList', 'list'] as const,
};

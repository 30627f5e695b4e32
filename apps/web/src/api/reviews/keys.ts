export const reviewKeys = {
  all: () => ['reviews'] as const,
  forBook: (bookId: string) => ['reviews', 'book', bookId] as const,
};

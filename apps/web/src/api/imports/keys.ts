export const importsKeys = {
  all: () => ['imports'] as const,
  list: () => ['imports', 'list'] as const,
  detail: (id: string) => ['imports', 'detail', id] as const,
};

export const readerBooksKeys = {
  all: () => ['readerBooks'] as const,
  list: (status: 'pending' | 'checked') => ['readerBooks', status] as const,
};

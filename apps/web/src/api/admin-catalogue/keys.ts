import type { SuggestionStatus } from '@nebab/shared';

export interface AdminBooksParams {
  q: string;
  status: 'all' | 'active' | 'inactive';
  page: number;
}

export const adminCatalogueKeys = {
  all: () => ['adminCatalogue'] as const,
  books: () => ['adminCatalogue', 'books'] as const,
  bookList: (params: AdminBooksParams) => ['adminCatalogue', 'books', 'list', params] as const,
  book: (id: string) => ['adminCatalogue', 'books', 'detail', id] as const,
  usage: (id: string) => ['adminCatalogue', 'books', 'usage', id] as const,
  readingLists: () => ['adminCatalogue', 'readingLists'] as const,
  settings: () => ['adminCatalogue', 'settings'] as const,
  suggestions: (status: SuggestionStatus) => ['adminCatalogue', 'suggestions', status] as const,
  mySuggestions: () => ['bookSuggestions', 'mine'] as const,
  site: () => ['site'] as const,
};

import { queryOptions } from '@tanstack/react-query';
import type { Import, ImportsResponse, ReaderBooksResponse } from '@nebab/shared';
import { apiRequest } from '../client';
import { importsKeys, readerBooksKeys } from './keys';

const unfinished = (item: Import | undefined) => item?.status === 'queued' || item?.status === 'running';

/** GET /api/imports: the reader's imports, newest first (refreshed every few seconds while one runs). */
export function importsQueryOptions() {
  return queryOptions({
    queryKey: importsKeys.list(),
    queryFn: () => apiRequest<ImportsResponse>('/api/imports'),
    refetchInterval: (query) => (query.state.data?.items.some(unfinished) ? 3000 : false),
  });
}

/**
 * GET /api/imports/:id. The socket's `import:progress` keeps it live; polling every 2 s is the
 * fallback while the import runs (a tab whose socket is down still sees it move).
 */
export function importQueryOptions(id: string) {
  return queryOptions({
    queryKey: importsKeys.detail(id),
    queryFn: () => apiRequest<Import>(`/api/imports/${encodeURIComponent(id)}`),
    refetchInterval: (query) => (unfinished(query.state.data) ? 2000 : false),
  });
}

/** GET /api/admin/reader-books: Book Approvals › Added by readers. */
export function readerBooksQueryOptions(status: 'pending' | 'checked') {
  return queryOptions({
    queryKey: readerBooksKeys.list(status),
    queryFn: () => apiRequest<ReaderBooksResponse>(`/api/admin/reader-books?status=${status}&pageSize=50`),
  });
}

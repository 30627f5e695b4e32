import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** POST /api/books/:id/reports { reason } — 201. */
export function useReportBookMutation(bookId: string) {
  return useMutation({
    mutationFn: (body: { reason: string }) =>
      apiRequest<unknown>(`/api/books/${encodeURIComponent(bookId)}/reports`, { method: 'POST', body }),
  });
}

/** POST /api/reading-list { bookId, status: 'wantToRead' } — 201 Entry; 409 if already present. */
export function useAddToReadingListMutation() {
  return useMutation({
    mutationFn: (bookId: string) =>
      apiRequest<unknown>('/api/reading-list', { method: 'POST', body: { bookId, status: 'wantToRead' } }),
  });
}

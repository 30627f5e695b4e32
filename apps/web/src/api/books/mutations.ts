import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../client';

/** POST /api/books/:id/reports { reason } — 201. */
export function useReportBookMutation(bookId: string) {
  return useMutation({
    mutationFn: (body: { reason: string }) =>
      apiRequest<unknown>(`/api/books/${encodeURIComponent(bookId)}/reports`, { method: 'POST', body }),
  });
}

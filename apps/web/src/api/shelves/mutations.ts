import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Shelf } from '@nebab/shared';
import { apiRequest } from '../client';
import { readingListKeys } from '../reading-list/keys';
import { shelvesKeys } from './keys';

function refresh(client: QueryClient) {
  void client.invalidateQueries({ queryKey: shelvesKeys.all() });
  void client.invalidateQueries({ queryKey: readingListKeys.all() });
}

/** POST /api/shelves { name } — 201 Shelf; 409 when the name is taken. */
export function useCreateShelfMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<Shelf>('/api/shelves', { method: 'POST', body: { name } }),
    onSettled: () => refresh(client),
  });
}

/** DELETE /api/shelves/:id — the books stay on the list. */
export function useDeleteShelfMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>(`/api/shelves/${id}`, { method: 'DELETE' }),
    onSettled: () => refresh(client),
  });
}

/** PUT / DELETE /api/shelves/:id/books/:bookId — put a book on a shelf or take it off. */
export function useShelveMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shelfId, bookId, on }: { shelfId: string; bookId: string; on: boolean }) =>
      apiRequest<undefined>(`/api/shelves/${shelfId}/books/${encodeURIComponent(bookId)}`, {
        method: on ? 'PUT' : 'DELETE',
      }),
    onSettled: () => refresh(client),
  });
}

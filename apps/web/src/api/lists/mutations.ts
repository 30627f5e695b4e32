import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookListDetail, BookListInputValues, BookListPatch, ListVoteResult } from '@nebab/shared';
import { apiRequest } from '../client';
import { feedKeys } from '../feed/keys';
import { readerKeys } from '../readers/keys';
import { listKeys } from './keys';
import { listPath } from './queries';

function useListChanged() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    /** Stores the answered list and refreshes the lists that show it (mine, genre, profiles). */
    settle(detail?: BookListDetail) {
      if (detail) queryClient.setQueryData(listKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: listKeys.all(), refetchType: 'active' });
      void queryClient.invalidateQueries({ queryKey: readerKeys.all() });
    },
  };
}

/** POST /api/lists */
export function useCreateListMutation() {
  const { settle } = useListChanged();
  return useMutation({
    mutationFn: (input: BookListInputValues) =>
      apiRequest<BookListDetail>('/api/lists', { method: 'POST', body: input }),
    onSuccess: (detail) => settle(detail),
  });
}

/** PATCH /api/lists/:id */
export function useUpdateListMutation(id: string) {
  const { settle } = useListChanged();
  return useMutation({
    mutationFn: (patch: BookListPatch) =>
      apiRequest<BookListDetail>(listPath(id), { method: 'PATCH', body: patch }),
    onSuccess: (detail) => settle(detail),
  });
}

/** DELETE /api/lists/:id */
export function useDeleteListMutation(id: string) {
  const { queryClient, settle } = useListChanged();
  return useMutation({
    mutationFn: () => apiRequest<void>(listPath(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: listKeys.detail(id) });
      settle();
    },
  });
}

/** POST /api/lists/:id/books { bookId } */
export function useAddListBookMutation(id: string) {
  const { queryClient, settle } = useListChanged();
  return useMutation({
    mutationFn: (bookId: string) =>
      apiRequest<BookListDetail>(`${listPath(id)}/books`, { method: 'POST', body: { bookId } }),
    onSuccess: (detail) => {
      settle(detail);
      void queryClient.invalidateQueries({ queryKey: feedKeys.all() });
    },
  });
}

/** PATCH /api/lists/:id/books/:bookId { position } (curated lists) */
export function useMoveListBookMutation(id: string) {
  const { settle } = useListChanged();
  return useMutation({
    mutationFn: ({ bookId, position }: { bookId: string; position: number }) =>
      apiRequest<BookListDetail>(`${listPath(id)}/books/${encodeURIComponent(bookId)}`, {
        method: 'PATCH',
        body: { position },
      }),
    onSuccess: (detail) => settle(detail),
  });
}

/** DELETE /api/lists/:id/books/:bookId */
export function useRemoveListBookMutation(id: string) {
  const { queryClient, settle } = useListChanged();
  return useMutation({
    mutationFn: (bookId: string) =>
      apiRequest<void>(`${listPath(id)}/books/${encodeURIComponent(bookId)}`, { method: 'DELETE' }),
    onSuccess: (_result, bookId) => {
      queryClient.setQueryData<BookListDetail>(listKeys.detail(id), (list) =>
        list
          ? {
              ...list,
              itemCount: list.itemCount - 1,
              items: list.items
                .filter((item) => item.book.id !== bookId)
                .map((item, index) => ({ ...item, rank: index + 1 })),
            }
          : list,
      );
      settle();
    },
  });
}

/**
 * PUT /api/lists/:id/books/:bookId/vote { value } — optimistic: the count and the order move at once,
 * and the server's figures replace them.
 */
export function useVoteMutation(id: string) {
  const { queryClient, settle } = useListChanged();
  const apply = (bookId: string, votes: (before: number) => number, voted: boolean) =>
    queryClient.setQueryData<BookListDetail>(listKeys.detail(id), (list) => {
      if (!list) return list;
      const items = list.items.map((item) =>
        item.book.id === bookId ? { ...item, votes: votes(item.votes), voted } : item,
      );
      const ranked =
        list.mode === 'open'
          ? [...items].sort((a, b) => b.votes - a.votes || Date.parse(a.added_at) - Date.parse(b.added_at))
          : items;
      const total = ranked.reduce((sum, item) => sum + item.votes, 0);
      return {
        ...list,
        voteCount: total,
        items: ranked.map((item, index) => ({ ...item, rank: index + 1 })),
      };
    });
  return useMutation({
    mutationFn: ({ bookId, value }: { bookId: string; value: 0 | 1 }) =>
      apiRequest<ListVoteResult>(`${listPath(id)}/books/${encodeURIComponent(bookId)}/vote`, {
        method: 'PUT',
        body: { value },
      }),
    onMutate: async ({ bookId, value }) => {
      await queryClient.cancelQueries({ queryKey: listKeys.detail(id) });
      const before = queryClient.getQueryData<BookListDetail>(listKeys.detail(id));
      const item = before?.items.find((candidate) => candidate.book.id === bookId);
      if (item && item.voted !== (value === 1)) apply(bookId, (n) => n + (value === 1 ? 1 : -1), value === 1);
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(listKeys.detail(id), context.before);
    },
    onSuccess: (result, { bookId }) => apply(bookId, () => result.votes, result.voted),
    onSettled: () => settle(),
  });
}

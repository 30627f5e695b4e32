import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ProgressInput,
  ReadInput,
  ReadingList,
  ReadingListEntry,
  UpdateReadingListEntry,
} from '@nebab/shared';
import { apiRequest } from '../client';
import { invalidateReaderTaste } from '../recommendations/invalidate';
import { readingListKeys } from './keys';
import { STATUS_ORDER } from './queries';

const EMPTY: ReadingList = { currentlyReading: [], wantToRead: [], completed: [], didNotFinish: [] };
const path = (bookId: string) => `/api/reading-list/${encodeURIComponent(bookId)}`;

/** The list without `bookId`, and with `entry` (when given) put first in its status group. */
function placeEntry(list: ReadingList, bookId: string, entry?: ReadingListEntry): ReadingList {
  const next = { ...EMPTY };
  for (const status of STATUS_ORDER) next[status] = list[status].filter((e) => e.bookId !== bookId);
  if (entry) next[entry.status] = [entry, ...next[entry.status]];
  return next;
}

function findIn(list: ReadingList | undefined, bookId: string): ReadingListEntry | undefined {
  return list ? STATUS_ORDER.flatMap((s) => list[s]).find((e) => e.bookId === bookId) : undefined;
}

/**
 * Shared optimistic cycle: cancel the list query, apply `change` to the cached list, roll back on
 * error, and refetch the list, the stats and the recommendations once settled.
 */
function optimistic<V>(client: QueryClient, change: (list: ReadingList, vars: V) => ReadingList) {
  return {
    onMutate: async (vars: V) => {
      await client.cancelQueries({ queryKey: readingListKeys.list() });
      const previous = client.getQueryData<ReadingList>(readingListKeys.list());
      client.setQueryData<ReadingList>(readingListKeys.list(), change(previous ?? EMPTY, vars));
      return { previous };
    },
    onError: (_error: unknown, _vars: V, context: { previous?: ReadingList } | undefined) => {
      if (context?.previous) client.setQueryData(readingListKeys.list(), context.previous);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: readingListKeys.all() });
      invalidateReaderTaste(client);
    },
  };
}

/** POST /api/reading-list { bookId, status: 'wantToRead' } — 201 Entry; 409 if already present. */
export function useAddToReadingListMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) =>
      apiRequest<ReadingListEntry>('/api/reading-list', {
        method: 'POST',
        body: { bookId, status: 'wantToRead' },
      }),
    onSuccess: (entry) => {
      const list = client.getQueryData<ReadingList>(readingListKeys.list()) ?? EMPTY;
      client.setQueryData(readingListKeys.list(), placeEntry(list, entry.bookId, entry));
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: readingListKeys.all() });
      invalidateReaderTaste(client);
    },
  });
}

export interface UpdateVars extends UpdateReadingListEntry {
  bookId: string;
}

/** PATCH /api/reading-list/:bookId { status?, currentPage? } — the card moves group at once. */
export function useUpdateReadingListMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, ...body }: UpdateVars) =>
      apiRequest<ReadingListEntry>(path(bookId), { method: 'PATCH', body }),
    ...optimistic<UpdateVars>(client, (list, { bookId, status, currentPage, stoppedPage }) => {
      const entry = findIn(list, bookId);
      if (!entry) return list;
      const nextStatus = status ?? entry.status;
      return placeEntry(list, bookId, {
        ...entry,
        status: nextStatus,
        currentPage: currentPage ?? entry.currentPage,
        stoppedPage:
          nextStatus === 'didNotFinish'
            ? (stoppedPage ?? currentPage ?? entry.stoppedPage ?? entry.currentPage)
            : null,
        // Only books being read or finished keep the favourite (as on the server).
        isFavorite:
          nextStatus === 'currentlyReading' || nextStatus === 'completed' ? entry.isFavorite : false,
        updatedAt: new Date().toISOString(),
      });
    }),
  });
}

/** PUT /api/reading-list/:bookId/favorite { isFavorite } — only for currentlyReading / completed. */
export function useFavoriteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId, isFavorite }: { bookId: string; isFavorite: boolean }) =>
      apiRequest<ReadingListEntry>(`${path(bookId)}/favorite`, { method: 'PUT', body: { isFavorite } }),
    ...optimistic<{ bookId: string; isFavorite: boolean }>(client, (list, { bookId, isFavorite }) => {
      const next = { ...list };
      for (const status of STATUS_ORDER)
        next[status] = list[status].map((e) => (e.bookId === bookId ? { ...e, isFavorite } : e));
      return next;
    }),
  });
}

/** DELETE /api/reading-list/:bookId — 204. */
export function useRemoveFromReadingListMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookId: string) => apiRequest<undefined>(path(bookId), { method: 'DELETE' }),
    ...optimistic<string>(client, (list, bookId) => placeEntry(list, bookId)),
  });
}

/** A mutation answering the updated Entry, which replaces the cached one in place. */
function useEntryMutation<V extends { bookId: string }>(request: (vars: V) => Promise<ReadingListEntry>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (entry) => {
      const list = client.getQueryData<ReadingList>(readingListKeys.list());
      if (list) client.setQueryData(readingListKeys.list(), placeEntry(list, entry.bookId, entry));
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: readingListKeys.all() });
      invalidateReaderTaste(client);
    },
  });
}

/** POST /api/reading-list/:bookId/reads — log an ended read with its dates. */
export function useAddReadMutation() {
  return useEntryMutation(({ bookId, ...body }: ReadInput & { bookId: string }) =>
    apiRequest<ReadingListEntry>(`${path(bookId)}/reads`, { method: 'POST', body }),
  );
}

/** DELETE /api/reading-list/:bookId/reads/:readId. */
export function useRemoveReadMutation() {
  return useEntryMutation(({ bookId, readId }: { bookId: string; readId: string }) =>
    apiRequest<ReadingListEntry>(`${path(bookId)}/reads/${readId}`, { method: 'DELETE' }),
  );
}

/** POST /api/reading-list/:bookId/progress — a page or a percentage, with an optional note. */
export function useProgressMutation() {
  return useEntryMutation(({ bookId, ...body }: ProgressInput & { bookId: string }) =>
    apiRequest<ReadingListEntry>(`${path(bookId)}/progress`, { method: 'POST', body }),
  );
}

/** DELETE /api/reading-list/:bookId/progress/:progressId. */
export function useRemoveProgressMutation() {
  return useEntryMutation(({ bookId, progressId }: { bookId: string; progressId: string }) =>
    apiRequest<ReadingListEntry>(`${path(bookId)}/progress/${progressId}`, { method: 'DELETE' }),
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ImportCreated,
  ImportSource,
  MergeBookResult,
  ReaderBookCreated,
  ReaderBookInput,
} from '@nebab/shared';
import { currentLanguage, i18n } from '../../i18n';
import { readToken } from '../tokenStorage';
import { adminCatalogueKeys } from '../admin-catalogue/keys';
import { ApiError, apiRequest } from '../client';
import { readingListKeys } from '../reading-list/keys';
import { importsKeys, readerBooksKeys } from './keys';

export interface StartImportInput {
  file: File;
  /** Detected from the file's columns when absent. */
  source?: ImportSource;
  publicReviews: boolean;
}

/** POST /api/imports (multipart): queues the import and answers its id. */
export function useStartImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, source, publicReviews }: StartImportInput) => {
      const form = new FormData();
      if (source) form.append('source', source);
      form.append('publicReviews', publicReviews ? 'true' : 'false');
      form.append('file', file, file.name);
      return apiRequest<ImportCreated>('/api/imports', { method: 'POST', body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: importsKeys.list() }),
  });
}

/** Invalidates what an import changes (the reading list, shelves) once it is done. */
export function useImportFinished() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: readingListKeys.all() });
    void queryClient.invalidateQueries({ queryKey: ['shelves'] });
    void queryClient.invalidateQueries({ queryKey: importsKeys.list() });
  };
}

/**
 * Downloads an export with the reader's token (a plain link cannot send it) and saves it under
 * `fileName` through a temporary object URL.
 */
export async function downloadExport(path: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('errors.NETWORK'));
  }
  if (!response.ok) throw new ApiError(response.status, 'INTERNAL', i18n.t('errors.INTERNAL'));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /api/books: a reader adds a missing book (then its cover, when chosen). */
export function useAddReaderBookMutation() {
  return useMutation({
    mutationFn: async ({ input, cover }: { input: ReaderBookInput; cover: File | null }) => {
      const created = await apiRequest<ReaderBookCreated>('/api/books', { method: 'POST', body: input });
      if (cover && !created.existing) {
        const form = new FormData();
        form.append('coverImage', cover, cover.name);
        await apiRequest<void>(`/api/books/${encodeURIComponent(created.id)}/cover`, {
          method: 'PUT',
          body: form,
        });
      }
      return created;
    },
  });
}

/** POST /api/admin/reader-books/:id/check: the admin looked at it. */
export function useCheckReaderBookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/admin/reader-books/${encodeURIComponent(id)}/check`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: readerBooksKeys.all() }),
  });
}

/** POST /api/admin/books/:id/merge: fold the book into another. */
export function useMergeBookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, targetId }: { id: string; targetId: string }) =>
      apiRequest<MergeBookResult>(`/api/admin/books/${encodeURIComponent(id)}/merge`, {
        method: 'POST',
        body: { targetId },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: readerBooksKeys.all() });
      void queryClient.invalidateQueries({ queryKey: adminCatalogueKeys.all() });
    },
  });
}

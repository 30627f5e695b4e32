import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBookDetail,
  AdminBookEdit,
  BookSuggestion,
  BookSuggestionInput,
  PublicSite,
  SiteSettingsPatch,
} from '@nebab/shared';
import { bookKeys } from '../books/keys';
import { apiRequest, ApiError } from '../client';
import { statsKeys } from '../stats/keys';
import { i18n } from '../../i18n';
import { readToken } from '../tokenStorage';
import { adminCatalogueKeys } from './keys';

const bookPath = (id: string) => `/api/admin/books/${encodeURIComponent(id)}`;

/** After any catalogue change: the admin lists, the counts and the reader-facing book page. */
function useInvalidateCatalogue() {
  const client = useQueryClient();
  return (id?: string) => {
    void client.invalidateQueries({ queryKey: adminCatalogueKeys.books() });
    void client.invalidateQueries({ queryKey: statsKeys.admin() });
    if (id) void client.invalidateQueries({ queryKey: bookKeys.detail(id) });
  };
}

/** PATCH /api/admin/books/:id — any field, or the status. */
export function useEditBookMutation() {
  const client = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: AdminBookEdit }) =>
      apiRequest<AdminBookDetail>(bookPath(id), { method: 'PATCH', body: edit }),
    onSuccess: (book) => {
      client.setQueryData(adminCatalogueKeys.book(book.id), book);
      invalidate(book.id);
    },
  });
}

/** DELETE /api/admin/books/:id */
export function useDeleteBookMutation() {
  const client = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(bookPath(id), { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: adminCatalogueKeys.book(id) });
      invalidate(id);
    },
  });
}

/**
 * PUT /api/admin/books/:id/cover (multipart `coverImage`). The JSON client sends JSON only, so the
 * upload uses fetch with the same token and language and maps errors to ApiError.
 */
export function useUploadCoverMutation() {
  const client = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('coverImage', file);
      const headers: Record<string, string> = { 'Accept-Language': i18n.language };
      const token = readToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await fetch(`${bookPath(id)}/cover`, { method: 'PUT', headers, body: form });
      } catch {
        throw new ApiError(0, 'NETWORK', i18n.t('errors.NETWORK'));
      }
      const body = (await response.json().catch(() => undefined)) as
        AdminBookDetail | { error?: { code: ApiError['code']; message: string } } | undefined;
      if (!response.ok) {
        const error = body && 'error' in body ? body.error : undefined;
        throw new ApiError(
          response.status,
          error?.code ?? 'INTERNAL',
          error?.message ?? i18n.t(response.status === 413 ? 'errors.TOO_LARGE' : 'errors.INTERNAL'),
        );
      }
      return body as AdminBookDetail;
    },
    onSuccess: (book) => {
      client.setQueryData(adminCatalogueKeys.book(book.id), book);
      invalidate(book.id);
    },
  });
}

/** DELETE /api/admin/books/:id/cover */
export function useRemoveCoverMutation() {
  const client = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AdminBookDetail>(`${bookPath(id)}/cover`, { method: 'DELETE' }),
    onSuccess: (book) => {
      client.setQueryData(adminCatalogueKeys.book(book.id), book);
      invalidate(book.id);
    },
  });
}

/** PATCH /api/admin/settings */
export function useSaveSiteSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SiteSettingsPatch) =>
      apiRequest<PublicSite>('/api/admin/settings', { method: 'PATCH', body: patch }),
    onSuccess: (settings) => {
      client.setQueryData(adminCatalogueKeys.settings(), settings);
      client.setQueryData(adminCatalogueKeys.site(), settings);
    },
  });
}

/** POST /api/book-suggestions */
export function useSuggestBookMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BookSuggestionInput) =>
      apiRequest<BookSuggestion>('/api/book-suggestions', { method: 'POST', body: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminCatalogueKeys.mySuggestions() }),
  });
}

/** POST /api/admin/book-suggestions/:id/approve | reject */
export function useDecideSuggestionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      vars: { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string },
    ) =>
      apiRequest<BookSuggestion>(
        `/api/admin/book-suggestions/${encodeURIComponent(vars.id)}/${vars.decision}`,
        {
          method: 'POST',
          body: vars.decision === 'reject' ? { reason: vars.reason } : {},
        },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['adminCatalogue', 'suggestions'] });
      void client.invalidateQueries({ queryKey: statsKeys.admin() });
      void client.invalidateQueries({ queryKey: adminCatalogueKeys.books() });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportReportRow, ImportRowsResponse } from '@nebab/shared';
import { apiRequest, isApiError } from '../../api/client';
import { importsKeys } from '../../api/imports/keys';
import { Spinner } from '../../components/Spinner';
import { BookPicker } from '../search/BookPicker';

const PAGE_SIZE = 50;
const rowsPath = (id: string) => `/api/imports/${encodeURIComponent(id)}/rows`;

/**
 * The report row by row (GET /api/imports/:id/rows): each row of the file with the book it matched or
 * created and why; a wrong match is corrected here — another book picked by search, or none (PUT
 * /api/imports/:id/rows/:row, which undoes what the row did).
 */
export function ImportRows({ importId }: { importId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = useQuery({
    queryKey: [...importsKeys.detail(importId), 'rows', page],
    queryFn: ({ signal }) =>
      apiRequest<ImportRowsResponse>(`${rowsPath(importId)}?page=${page}&pageSize=${PAGE_SIZE}`, { signal }),
  });
  const correct = useMutation({
    mutationFn: ({ row, bookId }: { row: number; bookId: string | null }) =>
      apiRequest<unknown>(`${rowsPath(importId)}/${row}`, { method: 'PUT', body: { bookId } }),
    onSuccess: () => {
      setEditing(null);
      setError(null);
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : t('errors.INTERNAL')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importsKeys.all() }),
  });

  if (rows.isPending) return <Spinner label={t('libraryUi.rows.loading')} />;
  if (rows.isError)
    return (
      <p role="alert" className="text-danger">
        {rows.error.message}
      </p>
    );
  const pages = Math.max(1, Math.ceil(rows.data.total / PAGE_SIZE));
  const why = (row: ImportReportRow) => (row.via ? t(`libraryUi.rows.via.${row.via}`) : null);

  return (
    <div className="flex flex-col gap-3" data-testid="import-rows">
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {rows.data.items.map((row) => (
          <li key={row.row} className="rounded-lg border border-line p-3 text-sm">
            <p>
              <span className="font-medium">{t('libraryUi.report.row', { row: row.row })}</span>{' '}
              <span className="[overflow-wrap:anywhere]">
                {row.title || '—'}
                {row.author ? ` · ${row.author}` : ''}
              </span>
            </p>
            <p className="mt-1 text-ink-muted">
              {row.book ? (
                <>
                  →{' '}
                  <Link to={`/book/${encodeURIComponent(row.book.id)}`} className="link">
                    {row.book.title}
                  </Link>
                  {row.book.authors.length > 0 ? ` · ${row.book.authors.join(', ')}` : ''}
                </>
              ) : (
                (row.message ?? t('libraryUi.rows.noBook'))
              )}
              {why(row) ? ` (${why(row)})` : ''}
            </p>
            {row.correctable ? (
              editing === row.row ? (
                <div className="mt-2 flex flex-col gap-2">
                  <BookPicker
                    confirmLabel={t('libraryUi.rows.useBook')}
                    busy={correct.isPending}
                    onConfirm={(book) => correct.mutate({ row: row.row, bookId: book.id })}
                  />
                  <div className="flex flex-wrap gap-2">
                    {row.book ? (
                      <button
                        type="button"
                        className="btn btn-secondary"
                        disabled={correct.isPending}
                        onClick={() => correct.mutate({ row: row.row, bookId: null })}
                      >
                        {t('libraryUi.rows.none')}
                      </button>
                    ) : null}
                    <button type="button" className="btn btn-secondary" onClick={() => setEditing(null)}>
                      {t('libraryUi.rows.cancel')}
                    </button>
                  </div>
                </div>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary mt-2"
                  aria-label={t('libraryUi.rows.changeRow', { row: row.row })}
                  onClick={() => setEditing(row.row)}
                >
                  {t('libraryUi.rows.change')}
                </button>
              )
            ) : null}
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('libraryUi.rows.previous')}
          </button>
          <span className="text-sm">{t('libraryUi.rows.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('libraryUi.rows.next')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

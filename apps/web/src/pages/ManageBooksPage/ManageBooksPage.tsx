import { useQuery } from '@tanstack/react-query';
import type { AdminBookRow } from '@nebab/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDeleteBookMutation, useEditBookMutation } from '../../api/admin-catalogue/mutations';
import { ADMIN_BOOKS_PAGE_SIZE, adminBooksQueryOptions } from '../../api/admin-catalogue/queries';
import type { AdminBooksParams } from '../../api/admin-catalogue/keys';
import { BookCover } from '../../components/BookCover';
import { PenIcon, PlusIcon, SearchIcon } from '../../components/icons';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { BackToDashboard, RefreshButton } from '../../components/AdminPageActions';
import { DeleteBookDialog } from '../../features/admin-catalogue/DeleteBookDialog';
import { StatusBadge } from '../../features/admin-catalogue/StatusBadge';
import { useDebouncedValue } from '../../features/search/useDebouncedValue';
import { useToast } from '../../features/toast/toastContext';

const STATUSES = ['all', 'active', 'inactive'] as const;

function readParams(params: URLSearchParams): AdminBooksParams {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    status: (STATUSES as readonly string[]).includes(status ?? '')
      ? (status as AdminBooksParams['status'])
      : 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function toSearch(params: AdminBooksParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.status !== 'all') search.set('status', params.status);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** `/admin/dashboard/managebook` (spec §2 Manage Books): search, status, edit and delete every book. */
export function ManageBooksPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const [text, setText] = useState(params.q);
  const debounced = useDebouncedValue(text.trim(), 300);
  const books = useQuery(adminBooksQueryOptions(params));
  const edit = useEditBookMutation();
  const [deleting, setDeleting] = useState<AdminBookRow | null>(null);
  const searchId = useId();
  const statusId = useId();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  const remove = useDeleteBookMutation();

  // Typing filters on the server after a short pause (back to page 1).
  useEffect(() => {
    if (debounced === params.q) return;
    setSearchParams(toSearch({ ...params, q: debounced, page: 1 }), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced text starts a search
  }, [debounced]);

  const total = books.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_BOOKS_PAGE_SIZE));
  const first = total === 0 ? 0 : (params.page - 1) * ADMIN_BOOKS_PAGE_SIZE + 1;
  const last = Math.min(total, params.page * ADMIN_BOOKS_PAGE_SIZE);

  function toggle(book: AdminBookRow) {
    const status = book.status === 'active' ? 'inactive' : 'active';
    edit.mutate(
      { id: book.bookId, edit: { status } },
      {
        onSuccess: () =>
          toast.show({
            kind: 'success',
            message: t(
              status === 'active' ? 'adminCatalogueUi.books.activated' : 'adminCatalogueUi.books.deactivated',
              { title: book.title },
            ),
          }),
        onError: (error) => toast.show({ kind: 'error', message: error.message }),
      },
    );
  }

  return (
    <PageFrame
      title={t('pages.manageBooks.title')}
      description={t('adminCatalogueUi.books.subtitle')}
      eyebrow={t('admin.eyebrow')}
      actions={
        <>
          <BackToDashboard />
          <Link to="/upload/book" className="btn btn-primary">
            <PlusIcon className="size-4" />
            {t('pages.manageBooks.addNew')}
          </Link>
        </>
      }
    >
      <form
        role="search"
        className="card mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setSearchParams(toSearch({ ...params, q: text.trim(), page: 1 }));
        }}
      >
        <div className="flex-1">
          <label htmlFor={searchId} className="field-label">
            {t('adminCatalogueUi.books.searchLabel')}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
            <input
              id={searchId}
              type="search"
              className="input pl-9"
              placeholder={t('adminCatalogueUi.books.searchPlaceholder')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="manage-books-search"
            />
          </div>
        </div>
        <div>
          <label htmlFor={statusId} className="field-label">
            {t('adminCatalogueUi.books.statusFilter')}
          </label>
          <select
            id={statusId}
            className="input"
            value={params.status}
            onChange={(event) =>
              setSearchParams(
                toSearch({ ...params, status: event.target.value as AdminBooksParams['status'], page: 1 }),
              )
            }
          >
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`adminCatalogueUi.books.statusOption.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <RefreshButton onRefresh={() => void books.refetch()} busy={books.isFetching} />
      </form>

      <p className="mb-3 text-sm text-ink-muted" aria-live="polite" data-testid="manage-books-count">
        {books.isPending
          ? t('adminCatalogueUi.loading')
          : t('adminCatalogueUi.books.count', {
              count: total,
              first: number.format(first),
              last: number.format(last),
              total: number.format(total),
            })}
      </p>

      {books.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('adminCatalogueUi.loading')} />
        </div>
      ) : books.isError ? (
        <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-danger">{books.error.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void books.refetch()}>
            {t('adminCatalogueUi.retry')}
          </button>
        </div>
      ) : books.data.items.length === 0 ? (
        <p className="card p-6 text-center text-ink-muted" data-testid="manage-books-empty">
          {t('adminCatalogueUi.books.empty')}
        </p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="manage-books-table">
            <caption className="sr-only">{t('adminCatalogueUi.books.caption')}</caption>
            <thead className="border-b border-line text-ink-muted">
              <tr>
                <th scope="col" className="p-3 font-semibold">
                  {t('adminCatalogueUi.books.columns.cover')}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t('adminCatalogueUi.books.columns.title')}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t('adminCatalogueUi.books.columns.author')}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t('adminCatalogueUi.books.columns.genre')}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t('adminCatalogueUi.books.columns.status')}
                </th>
                <th scope="col" className="p-3 font-semibold">
                  {t('adminCatalogueUi.books.columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {books.data.items.map((book) => {
                const busy = edit.isPending && edit.variables?.id === book.bookId;
                return (
                  <tr
                    key={book.bookId}
                    className="border-b border-line last:border-0"
                    data-testid="manage-books-row"
                  >
                    <td className="p-3">
                      <BookCover
                        title={book.title}
                        author={book.author}
                        genre={book.genre}
                        candidates={book.coverCandidates}
                        size="xs"
                      />
                    </td>
                    <td className="p-3 font-medium [overflow-wrap:anywhere]">
                      {book.status === 'active' ? (
                        <Link to={`/book/${encodeURIComponent(book.bookId)}`}>{book.title}</Link>
                      ) : (
                        book.title
                      )}
                      <span className="block text-xs text-ink-muted">{book.bookId}</span>
                    </td>
                    <td className="p-3 [overflow-wrap:anywhere]">{book.author}</td>
                    <td className="p-3">
                      {book.genre
                        ? t(`genres.${book.genre}`, { defaultValue: book.genre })
                        : t('common.noValue')}
                    </td>
                    <td className="p-3">
                      <StatusBadge status={book.status} />
                    </td>
                    <td className="p-3">
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className="btn btn-secondary min-h-9 px-3 text-sm"
                          onClick={() => toggle(book)}
                          disabled={busy}
                          aria-busy={busy || undefined}
                          aria-label={t(
                            book.status === 'active'
                              ? 'adminCatalogueUi.books.deactivateLabel'
                              : 'adminCatalogueUi.books.activateLabel',
                            { title: book.title },
                          )}
                        >
                          {t(
                            book.status === 'active'
                              ? 'adminCatalogueUi.books.deactivate'
                              : 'adminCatalogueUi.books.activate',
                          )}
                        </button>
                        <Link
                          to={`/admin/books/edit/${encodeURIComponent(book.bookId)}`}
                          className="btn btn-secondary min-h-9 px-3 text-sm"
                          aria-label={t('adminCatalogueUi.books.editLabel', { title: book.title })}
                        >
                          <PenIcon className="size-4" />
                          {t('adminCatalogueUi.books.edit')}
                        </Link>
                        <button
                          type="button"
                          className="btn min-h-9 border border-danger px-3 text-sm text-danger hover:bg-danger-soft"
                          onClick={() => setDeleting(book)}
                          aria-label={t('adminCatalogueUi.books.deleteLabel', { title: book.title })}
                        >
                          {t('adminCatalogueUi.books.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pagination
        page={params.page}
        totalPages={totalPages}
        label={t('adminCatalogueUi.books.pagination')}
        hrefFor={(page) => {
          const search = toSearch({ ...params, page }).toString();
          return `/admin/dashboard/managebook${search ? `?${search}` : ''}`;
        }}
      />

      <DeleteBookDialog
        book={deleting ? { id: deleting.bookId, title: deleting.title } : null}
        onClose={() => setDeleting(null)}
        pending={remove.isPending}
        onConfirm={(book) =>
          remove.mutate(book.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.show({
                kind: 'success',
                message: t('adminCatalogueUi.books.deleted', { title: book.title }),
              });
            },
            onError: (error) => toast.show({ kind: 'error', message: error.message }),
          })
        }
      />
    </PageFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { READER_BOOK_STATUSES, type ReaderBook, type ReaderBookStatus } from '@nebab/shared';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { useCheckReaderBookMutation, useMergeBookMutation } from '../../api/imports/mutations';
import { readerBooksQueryOptions } from '../../api/imports/queries';
import { suggestQueryOptions } from '../../api/search/queries';
import { CloseIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useDebouncedValue } from '../search/useDebouncedValue';
import { useToast } from '../toast/toastContext';

/** Picks the book to keep (typeahead over the catalogue) and merges the reader-added one into it. */
function MergeDialog({ book, onClose }: { book: ReaderBook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const merge = useMergeBookMutation();
  const [q, setQ] = useState('');
  const [target, setTarget] = useState<{ id: string; title: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const searchId = useId();
  const debounced = useDebouncedValue(q.trim(), 250);
  const found = useQuery({ ...suggestQueryOptions(debounced), enabled: debounced.length >= 2 });
  const options = (found.data?.items ?? []).filter((item) => item.id !== book?.id);

  function close() {
    setQ('');
    setTarget(null);
    setError(null);
    onClose();
  }

  async function confirm() {
    if (!book || !target) return;
    setError(null);
    try {
      const result = await merge.mutateAsync({ id: book.id, targetId: target.id });
      toast.show({
        kind: 'success',
        message: t('libraryUi.approvals.merged', { title: target.title, ...result.moved }),
      });
      close();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('errors.INTERNAL'));
    }
  }

  return (
    <Dialog.Root open={Boolean(book)} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold [overflow-wrap:anywhere]">
              {t('libraryUi.approvals.mergeTitle', { title: book?.title ?? '' })}
            </Dialog.Title>
            <Dialog.Close
              className="icon-button -m-1 size-9 shrink-0"
              aria-label={t('adminCatalogueUi.close')}
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-ink-muted">
            {t('libraryUi.approvals.mergeBody')}
          </Dialog.Description>
          <label htmlFor={searchId} className="field-label mt-4">
            {t('libraryUi.approvals.mergeSearch')}
          </label>
          <input
            id={searchId}
            type="search"
            className="input"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <ul
            className="mt-2 flex max-h-56 flex-col gap-1 overflow-y-auto"
            aria-label={t('libraryUi.approvals.mergeSearch')}
          >
            {options.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="chip w-full justify-start text-left"
                  aria-pressed={target?.id === item.id}
                  data-selected={target?.id === item.id}
                  onClick={() => setTarget({ id: item.id, title: item.title })}
                >
                  <span className="[overflow-wrap:anywhere]">
                    {item.title}
                    {item.author ? ` — ${item.author}` : ''}
                  </span>
                </button>
              </li>
            ))}
            {debounced.length >= 2 && found.data && options.length === 0 ? (
              <li className="text-sm text-ink-muted">{t('libraryUi.approvals.noResults')}</li>
            ) : null}
          </ul>
          {error ? (
            <p role="alert" className="mt-3 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close className="btn btn-secondary">{t('adminCatalogueUi.cancel')}</Dialog.Close>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!target || merge.isPending}
              aria-busy={merge.isPending || undefined}
              onClick={() => void confirm()}
            >
              {t('libraryUi.approvals.mergeConfirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ReaderBookCard({ book, onMerge }: { book: ReaderBook; onMerge: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formatDate = useFormatDate();
  const check = useCheckReaderBookMutation();
  const isbn = book.isbn13 ?? book.isbn10;
  return (
    <li className="card flex flex-col gap-3 p-5" data-testid="reader-book-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{book.title}</h2>
          <p className="text-ink-muted [overflow-wrap:anywhere]">{book.authors.join(', ')}</p>
        </div>
        <span className="text-sm text-ink-muted">{formatDate(book.createdAt)}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {isbn ? (
          <>
            <dt className="text-ink-muted">{t('common.isbn')}</dt>
            <dd className="font-mono">{isbn}</dd>
          </>
        ) : null}
        {book.publicationYear ? (
          <>
            <dt className="text-ink-muted">{t('libraryUi.approvals.year')}</dt>
            <dd>{book.publicationYear}</dd>
          </>
        ) : null}
        {book.pageCount ? (
          <>
            <dt className="text-ink-muted">{t('libraryUi.approvals.pages')}</dt>
            <dd>{book.pageCount}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">{t('libraryUi.approvals.addedBy')}</dt>
        <dd className="[overflow-wrap:anywhere]">{book.addedBy?.fullName ?? '—'}</dd>
        <dt className="text-ink-muted">{t('libraryUi.approvals.readers')}</dt>
        <dd>{book.readers}</dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        {book.checkedAt === null ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={check.isPending}
            onClick={() =>
              check.mutate(book.id, {
                onSuccess: () => toast.show({ kind: 'success', message: t('libraryUi.approvals.checked') }),
                onError: (failure) => toast.show({ kind: 'error', message: failure.message }),
              })
            }
          >
            {t('libraryUi.approvals.looksRight')}
          </button>
        ) : null}
        <Link to={`/admin/books/edit/${encodeURIComponent(book.id)}`} className="btn btn-secondary">
          {t('libraryUi.approvals.edit')}
        </Link>
        <button type="button" className="btn btn-secondary" onClick={onMerge}>
          {t('libraryUi.approvals.merge')}
        </button>
        <Link to={`/book/${encodeURIComponent(book.id)}`} className="btn btn-secondary">
          {t('libraryUi.approvals.view')}
        </Link>
      </div>
    </li>
  );
}

/** Book Approvals › Added by readers: look at, correct or merge the books readers added. */
export function ReaderBooksPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReaderBookStatus>('pending');
  const [merging, setMerging] = useState<ReaderBook | null>(null);
  const list = useQuery(readerBooksQueryOptions(status));
  return (
    <div>
      <div role="group" aria-label={t('libraryUi.approvals.filter')} className="mb-6 flex flex-wrap gap-2">
        {READER_BOOK_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            className="chip"
            data-selected={status === value}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(`libraryUi.approvals.readerTabs.${value}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('adminCatalogueUi.loading')} />
        </div>
      ) : list.isError ? (
        <p role="alert" className="card p-4 text-danger">
          {list.error.message}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="card p-6 text-center text-ink-muted">{t(`libraryUi.approvals.empty.${status}`)}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {list.data.items.map((book) => (
            <ReaderBookCard key={book.id} book={book} onMerge={() => setMerging(book)} />
          ))}
        </ul>
      )}
      <MergeDialog book={merging} onClose={() => setMerging(null)} />
    </div>
  );
}

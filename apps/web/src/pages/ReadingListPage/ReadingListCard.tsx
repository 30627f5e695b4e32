import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReadingListEntry } from '@nebab/shared';
import { isApiError } from '../../api/client';
import {
  useFavoriteMutation,
  useRemoveFromReadingListMutation,
  useUpdateReadingListMutation,
} from '../../api/reading-list/mutations';
import { progressPercent } from '../../api/reading-list/queries';
import { BookCover } from '../../components/BookCover';
import { DnfForm } from '../../features/reading-list/DnfForm';
import { ProgressForm, ProgressTimeline } from '../../features/reading-list/ProgressPanel';
import { canFavorite, FavoriteToggle, StatusSelect } from '../../features/reading-list/ReadingListControls';
import { ReadsPanel } from '../../features/reading-list/ReadsPanel';
import { ShelvesPicker } from '../../features/reading-list/ShelvesPicker';
import { useToast } from '../../features/toast/toastContext';
import { useFormatDate } from '../../i18n/useFormatDate';

/**
 * One entry: cover, title, author, status (Did Not Finish from Currently Reading), favourite, remove,
 * progress, shelves; expands to View Details: dates, page reached, progress updates as a timeline, and
 * every read of the book (re-reads included) with a form to log a past one.
 */
export function ReadingListCard({ entry }: { entry: ReadingListEntry }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formatDate = useFormatDate();
  const update = useUpdateReadingListMutation();
  const favorite = useFavoriteMutation();
  const remove = useRemoveFromReadingListMutation();
  const [open, setOpen] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [page, setPage] = useState(entry.currentPage === null ? '' : String(entry.currentPage));
  const [pageError, setPageError] = useState<string | null>(null);
  const percent = progressPercent(entry);
  const progressText =
    percent !== null
      ? t('readingListUi.progress', { percent })
      : entry.currentPage !== null
        ? t('readingListUi.atPage', { page: entry.currentPage })
        : t('readingListUi.noProgress');
  const href = `/book/${encodeURIComponent(entry.bookId)}`;
  const detailsId = `reading-details-${entry.bookId}`;
  const pageInputId = `reading-page-${entry.bookId}`;

  function fail(error: unknown) {
    toast.show({ kind: 'error', message: isApiError(error) ? error.message : t('errors.INTERNAL') });
  }

  function savePage(event: FormEvent) {
    event.preventDefault();
    const value = Number(page);
    const max = entry.pageCount ?? 100_000;
    if (page.trim() === '' || !Number.isInteger(value) || value < 0 || value > max) {
      setPageError(t('readingListUi.pageInvalid', { max }));
      return;
    }
    setPageError(null);
    update.mutate(
      { bookId: entry.bookId, currentPage: value },
      {
        onSuccess: () => toast.show({ kind: 'success', message: t('readingListUi.pageSaved') }),
        onError: fail,
      },
    );
  }

  function stopReading(stoppedPage: number | undefined) {
    // The card leaves the Currently Reading filter at once (optimistic), so the outcome is awaited
    // here rather than through mutate's callbacks, which do not run once the card has unmounted.
    update
      .mutateAsync({
        bookId: entry.bookId,
        status: 'didNotFinish',
        ...(stoppedPage === undefined ? {} : { stoppedPage }),
      })
      .then(() => {
        setStopping(false);
        toast.show({ kind: 'success', message: t('readingLifeUi.dnf.saved') });
      }, fail);
  }

  // The timeline of the read under way, or of the latest read.
  const latestRead = entry.reads[0];

  const dates: { key: string; label: string; value: string | null }[] = [
    { key: 'added', label: t('readingListUi.added'), value: entry.addedAt },
    { key: 'started', label: t('readingListUi.started'), value: entry.startedAt },
    { key: 'finished', label: t('readingListUi.finished'), value: entry.finishedAt },
  ];

  return (
    <article
      className="card p-4"
      aria-labelledby={`reading-title-${entry.bookId}`}
      data-testid="reading-card"
    >
      <div className="flex gap-4">
        {entry.available ? (
          <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <BookCover
              title={entry.title}
              author={entry.author}
              candidates={[entry.coverImage, ...entry.coverCandidates]}
              size="sm"
            />
          </Link>
        ) : (
          <BookCover
            title={entry.title}
            author={entry.author}
            candidates={[entry.coverImage, ...entry.coverCandidates]}
            size="sm"
            className="opacity-60"
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div>
            <h2
              id={`reading-title-${entry.bookId}`}
              className="text-lg font-semibold [overflow-wrap:anywhere]"
            >
              {entry.available ? (
                <Link to={href} className="text-ink hover:text-accent">
                  {entry.title}
                </Link>
              ) : (
                entry.title
              )}
            </h2>
            {entry.available ? null : (
              <p className="mt-1 text-sm text-danger" data-testid="reading-card-unavailable">
                {t('adminCatalogueUi.unavailable')}
              </p>
            )}
            <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">{entry.author}</p>
          </div>
          <div>
            <div
              role="progressbar"
              aria-label={t('readingListUi.progressLabel', { title: entry.title })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              aria-valuetext={percent === null ? progressText : undefined}
              className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
            >
              <div className="h-full rounded-full bg-accent" style={{ width: `${percent ?? 0}%` }} />
            </div>
            <p className="mt-1 text-xs text-ink-muted">
              {entry.status === 'didNotFinish'
                ? entry.stoppedPage !== null
                  ? t('readingLifeUi.dnf.stoppedAt', { page: entry.stoppedPage })
                  : t('readingLifeUi.dnf.givenUp')
                : progressText}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <StatusSelect
              id={`reading-status-${entry.bookId}`}
              value={entry.status}
              onChange={(status) =>
                status === 'didNotFinish'
                  ? setStopping(true)
                  : update.mutate(
                      { bookId: entry.bookId, status },
                      {
                        onSuccess: () =>
                          toast.show({
                            kind: 'success',
                            message: t('readingListUi.statusChangedTitle', {
                              title: entry.title,
                              status: t(`readingListUi.status.${status}`),
                            }),
                          }),
                        onError: fail,
                      },
                    )
              }
            />
            {entry.status === 'currentlyReading' && !stopping ? (
              <button type="button" className="btn btn-secondary" onClick={() => setStopping(true)}>
                {t('readingLifeUi.dnf.open')}
              </button>
            ) : null}
            {canFavorite(entry.status) ? (
              <FavoriteToggle
                pressed={entry.isFavorite}
                onToggle={() =>
                  favorite.mutate({ bookId: entry.bookId, isFavorite: !entry.isFavorite }, { onError: fail })
                }
              />
            ) : null}
            <button
              type="button"
              className="btn btn-secondary"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(entry.bookId, {
                  onSuccess: () => toast.show({ kind: 'success', message: t('readingListUi.removed') }),
                  onError: fail,
                })
              }
            >
              {t('readingListUi.remove')}
            </button>
          </div>
          {stopping ? (
            <DnfForm
              entry={entry}
              pending={update.isPending}
              onSubmit={stopReading}
              onCancel={() => setStopping(false)}
            />
          ) : null}
          <ShelvesPicker entry={entry} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="text-sm font-semibold text-accent underline"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t('readingListUi.hideDetails') : t('readingListUi.viewDetails')}
            </button>
            {entry.status === 'completed' && entry.available ? (
              <Link to={`${href}?openReview=true`} className="text-sm font-semibold text-accent underline">
                {t('readingListUi.addReview')}
              </Link>
            ) : null}
          </div>
          {open ? (
            <div id={detailsId} className="rounded-md border border-line p-3 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {dates.map((date) => (
                  <div key={date.key} className="contents">
                    <dt className="font-medium">{date.label}</dt>
                    <dd className="text-ink-muted">
                      {date.value ? formatDate(date.value) : t('readingListUi.notYet')}
                    </dd>
                  </div>
                ))}
              </dl>
              <form className="mt-3 flex flex-wrap items-center gap-2" onSubmit={savePage} noValidate>
                <label htmlFor={pageInputId} className="font-medium">
                  {t('readingListUi.page')}
                </label>
                <input
                  id={pageInputId}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={entry.pageCount ?? undefined}
                  className="w-24 rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
                  value={page}
                  aria-invalid={pageError ? true : undefined}
                  aria-describedby={pageError ? `${pageInputId}-error` : undefined}
                  onChange={(event) => setPage(event.target.value)}
                />
                {entry.pageCount ? (
                  <span className="text-ink-muted">
                    {t('readingListUi.ofPages', { total: entry.pageCount })}
                  </span>
                ) : null}
                <button type="submit" className="btn btn-secondary" disabled={update.isPending}>
                  {t('readingListUi.savePage')}
                </button>
                {pageError ? (
                  <p id={`${pageInputId}-error`} role="alert" className="w-full text-danger">
                    {pageError}
                  </p>
                ) : null}
              </form>
              <div className="mt-4 flex flex-col gap-4 border-t border-line pt-3">
                {entry.status === 'currentlyReading' ? <ProgressForm entry={entry} /> : null}
                {latestRead && (latestRead.progress.length > 0 || entry.status === 'currentlyReading') ? (
                  <ProgressTimeline bookId={entry.bookId} title={entry.title} updates={latestRead.progress} />
                ) : null}
                <ReadsPanel entry={entry} />
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

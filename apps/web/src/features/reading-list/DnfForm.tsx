import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingListEntry } from '@nebab/shared';

/**
 * Stop reading a book (Did Not Finish): the page where the reader stopped is optional and defaults
 * to the page reached. Offered only while the book is being read.
 */
export function DnfForm({
  entry,
  pending,
  onSubmit,
  onCancel,
}: {
  entry: Pick<ReadingListEntry, 'title' | 'currentPage' | 'pageCount'>;
  pending: boolean;
  onSubmit: (stoppedPage: number | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [page, setPage] = useState(entry.currentPage === null ? '' : String(entry.currentPage));
  const [error, setError] = useState<string | null>(null);
  const max = entry.pageCount ?? 100_000;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (page.trim() === '') return onSubmit(undefined);
    const value = Number(page);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      setError(t('readingLifeUi.progress.invalidPage', { max }));
      return;
    }
    onSubmit(value);
  }

  return (
    <form
      className="flex flex-col gap-3 rounded-md border border-line p-3 text-sm"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      noValidate
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('readingLifeUi.dnf.title', { title: entry.title })}
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-page`} className="font-medium">
          {t('readingLifeUi.dnf.stoppedPage')}
        </label>
        <input
          id={`${id}-page`}
          type="number"
          inputMode="numeric"
          min={0}
          max={entry.pageCount ?? undefined}
          className="w-24 rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
          value={page}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setPage(event.target.value)}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('readingLifeUi.dnf.confirm')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('readingLifeUi.dnf.cancel')}
        </button>
      </div>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressUpdate, ReadingListEntry } from '@nebab/shared';
import { READING_LIMITS } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useProgressMutation, useRemoveProgressMutation } from '../../api/reading-list/mutations';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useToast } from '../toast/toastContext';

type Measure = 'page' | 'percent';

/** The progress timeline of one read, oldest first, each update deletable. */
export function ProgressTimeline({
  bookId,
  title,
  updates,
}: {
  bookId: string;
  title: string;
  updates: readonly ProgressUpdate[];
}) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const remove = useRemoveProgressMutation();
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US', {
    maximumFractionDigits: 1,
  });
  if (updates.length === 0) return <p className="text-ink-muted">{t('readingLifeUi.progress.empty')}</p>;
  return (
    <ol
      className="relative flex flex-col gap-3 border-s-2 border-line ps-4"
      aria-label={t('readingLifeUi.progress.timeline', { title })}
      data-testid="progress-timeline"
    >
      {updates.map((update) => (
        <li key={update.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute -start-[1.4rem] top-1.5 size-3 rounded-full bg-accent"
          />
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">
              {update.page !== null
                ? t('readingLifeUi.progress.atPage', { page: number.format(update.page) })
                : t('readingLifeUi.progress.atPercent', { percent: number.format(update.percent ?? 0) })}
            </span>
            <time dateTime={update.createdAt} className="text-xs text-ink-muted">
              {formatDate(update.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
            <button
              type="button"
              className="text-xs text-ink-muted underline hover:text-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ bookId, progressId: update.id })}
            >
              {t('readingLifeUi.progress.delete')}
            </button>
          </div>
          {update.note ? <p className="mt-0.5 [overflow-wrap:anywhere]">{update.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** Record progress on the book being read: a page or a percentage, with an optional short note. */
export function ProgressForm({
  entry,
}: {
  entry: Pick<ReadingListEntry, 'bookId' | 'pageCount' | 'currentPage'>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const progress = useProgressMutation();
  const [measure, setMeasure] = useState<Measure>('page');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const max = entry.pageCount ?? 100_000;

  function submit(event: FormEvent) {
    event.preventDefault();
    const number = Number(value);
    const valid =
      value.trim() !== '' &&
      (measure === 'page'
        ? Number.isInteger(number) && number >= 0 && number <= max
        : number >= 0 && number <= 100);
    if (!valid) {
      setError(
        measure === 'page'
          ? t('readingLifeUi.progress.invalidPage', { max })
          : t('readingLifeUi.progress.invalidPercent'),
      );
      return;
    }
    setError(null);
    progress.mutate(
      { bookId: entry.bookId, [measure]: number, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setValue('');
          setNote('');
          toast.show({ kind: 'success', message: t('readingLifeUi.progress.saved') });
        },
        onError: (failure) =>
          toast.show({
            kind: 'error',
            message: isApiError(failure) ? failure.message : t('errors.INTERNAL'),
          }),
      },
    );
  }

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold">
        {t('readingLifeUi.progress.heading')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">{t('readingLifeUi.progress.measure')}</legend>
          {(['page', 'percent'] as const).map((option) => (
            <label key={option} className="inline-flex min-h-8 items-center gap-1">
              <input
                type="radio"
                name={`${id}-measure`}
                value={option}
                checked={measure === option}
                onChange={() => setMeasure(option)}
              />
              {t(`readingLifeUi.progress.${option}`)}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col">
          <label htmlFor={`${id}-value`} className="font-medium">
            {t('readingLifeUi.progress.value')}
          </label>
          <input
            id={`${id}-value`}
            type="number"
            inputMode="decimal"
            min={0}
            max={measure === 'page' ? max : 100}
            step={measure === 'page' ? 1 : 0.1}
            className="w-28 rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <div className="flex min-w-48 flex-1 flex-col">
          <label htmlFor={`${id}-note`} className="font-medium">
            {t('readingLifeUi.progress.note')}
          </label>
          <input
            id={`${id}-note`}
            type="text"
            maxLength={READING_LIMITS.progressNoteMax}
            className="rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={progress.isPending}>
          {t('readingLifeUi.progress.save')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

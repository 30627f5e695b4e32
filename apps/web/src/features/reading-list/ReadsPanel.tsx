import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingListEntry, ReadOutcome } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useAddReadMutation, useRemoveReadMutation } from '../../api/reading-list/mutations';
import { useFormatDate } from '../../i18n/useFormatDate';
import { useToast } from '../toast/toastContext';

/** Today as `YYYY-MM-DD` on the reader's clock (the latest day a read may end). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Every read of a book (re-reads keep each past read), newest first, and a form to log a past one. */
export function ReadsPanel({ entry }: { entry: Pick<ReadingListEntry, 'bookId' | 'reads'> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formatDate = useFormatDate();
  const id = useId();
  const add = useAddReadMutation();
  const remove = useRemoveReadMutation();
  const [open, setOpen] = useState(false);
  const [startedAt, setStartedAt] = useState('');
  const [finishedAt, setFinishedAt] = useState('');
  const [outcome, setOutcome] = useState<ReadOutcome>('completed');
  const [error, setError] = useState<string | null>(null);
  const fail = (failure: unknown) =>
    toast.show({ kind: 'error', message: isApiError(failure) ? failure.message : t('errors.INTERNAL') });
  const day = (value: string) => formatDate(value, { dateStyle: 'medium' });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!finishedAt) {
      setError(t('readingLifeUi.reads.dateRequired'));
      return;
    }
    setError(null);
    add.mutate(
      { bookId: entry.bookId, finishedAt, outcome, ...(startedAt ? { startedAt } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          setStartedAt('');
          setFinishedAt('');
          toast.show({ kind: 'success', message: t('readingLifeUi.reads.saved') });
        },
        onError: (failure) => {
          const fields = isApiError(failure) ? failure.fields : undefined;
          const message = fields?.finishedAt ?? fields?.startedAt;
          if (message) setError(message);
          else fail(failure);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('readingLifeUi.reads.heading')}</h3>
      {entry.reads.length === 0 ? (
        <p className="text-ink-muted">{t('readingLifeUi.reads.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="reads-list">
          {entry.reads.map((read) => (
            <li key={read.id} className="flex flex-wrap items-baseline gap-x-2">
              <span>
                {read.outcome === null
                  ? read.startedAt
                    ? t('readingLifeUi.reads.underWay', { started: day(read.startedAt) })
                    : t('readingLifeUi.reads.underWayNoDate')
                  : t(
                      read.outcome === 'completed'
                        ? 'readingLifeUi.reads.completed'
                        : 'readingLifeUi.reads.didNotFinish',
                      {
                        finished: day(read.finishedAt ?? ''),
                      },
                    )}
              </span>
              {read.outcome !== null && read.startedAt ? (
                <span className="text-xs text-ink-muted">
                  {t('readingLifeUi.reads.startedOn', { started: day(read.startedAt) })}
                </span>
              ) : null}
              {read.outcome !== null ? (
                <button
                  type="button"
                  className="text-xs text-ink-muted underline hover:text-danger"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { bookId: entry.bookId, readId: read.id },
                      {
                        onSuccess: () =>
                          toast.show({ kind: 'success', message: t('readingLifeUi.reads.deleted') }),
                        onError: fail,
                      },
                    )
                  }
                >
                  {t('readingLifeUi.reads.delete')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
          <div className="flex flex-col">
            <label htmlFor={`${id}-start`} className="font-medium">
              {t('readingLifeUi.reads.startedAt')}
            </label>
            <input
              id={`${id}-start`}
              type="date"
              max={finishedAt || today()}
              className="rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
              value={startedAt}
              onChange={(event) => setStartedAt(event.target.value)}
            />
          </div>
          <div className="flex flex-col">
            <label htmlFor={`${id}-finish`} className="font-medium">
              {t('readingLifeUi.reads.finishedAt')}
            </label>
            <input
              id={`${id}-finish`}
              type="date"
              max={today()}
              required
              className="rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
              value={finishedAt}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setFinishedAt(event.target.value)}
            />
          </div>
          <div className="flex flex-col">
            <label htmlFor={`${id}-outcome`} className="font-medium">
              {t('readingLifeUi.reads.outcome')}
            </label>
            <select
              id={`${id}-outcome`}
              className="rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
              value={outcome}
              onChange={(event) =>
                setOutcome(event.target.value === 'didNotFinish' ? 'didNotFinish' : 'completed')
              }
            >
              <option value="completed">{t('readingLifeUi.reads.outcomeCompleted')}</option>
              <option value="didNotFinish">{t('readingLifeUi.reads.outcomeDidNotFinish')}</option>
            </select>
          </div>
          <button type="submit" className="btn btn-secondary" disabled={add.isPending}>
            {t('readingLifeUi.reads.save')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t('readingLifeUi.reads.cancel')}
          </button>
          {error ? (
            <p id={`${id}-error`} role="alert" className="w-full text-danger">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <button
          type="button"
          className="self-start text-sm font-semibold text-accent underline"
          onClick={() => setOpen(true)}
        >
          {t('readingLifeUi.reads.log')}
        </button>
      )}
    </div>
  );
}

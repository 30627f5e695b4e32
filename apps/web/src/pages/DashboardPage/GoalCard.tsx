import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GOAL_LIMITS } from '@nebab/shared';
import { isApiError } from '../../api/client';
import { useSetGoalMutation } from '../../api/stats/mutations';
import { goalQueryOptions } from '../../api/stats/queries';
import { useToast } from '../../features/toast/toastContext';

function Meter({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-sm text-ink-muted">{text}</p>
    </div>
  );
}

/** The dashboard's yearly reading goal: books (and optionally pages) with progress, set or changed in place. */
export function GoalCard() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const id = useId();
  const year = new Date().getFullYear();
  const goal = useQuery(goalQueryOptions(year));
  const save = useSetGoalMutation();
  const [editing, setEditing] = useState(false);
  const [books, setBooks] = useState('');
  const [pages, setPages] = useState('');
  const [errors, setErrors] = useState<{ books?: string; pages?: string }>({});
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  const data = goal.data;

  function startEditing() {
    setBooks(data?.books ? String(data.books) : '');
    setPages(data?.pages ? String(data.pages) : '');
    setErrors({});
    setEditing(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const bookCount = Number(books);
    const pageCount = pages.trim() === '' ? null : Number(pages);
    const next: typeof errors = {};
    if (!Number.isInteger(bookCount) || bookCount < 1 || bookCount > GOAL_LIMITS.booksMax)
      next.books = t('goalUi.booksInvalid');
    if (
      pageCount !== null &&
      (!Number.isInteger(pageCount) || pageCount < 1 || pageCount > GOAL_LIMITS.pagesMax)
    )
      next.pages = t('goalUi.pagesInvalid');
    setErrors(next);
    if (next.books || next.pages) return;
    save.mutate(
      { year, books: bookCount, pages: pageCount },
      {
        onSuccess: () => {
          setEditing(false);
          toast.show({ kind: 'success', message: t('goalUi.saved') });
        },
        onError: (failure) => {
          if (isApiError(failure) && (failure.fields.books || failure.fields.pages))
            setErrors({ books: failure.fields.books, pages: failure.fields.pages });
          else
            toast.show({
              kind: 'error',
              message: isApiError(failure) ? failure.message : t('errors.INTERNAL'),
            });
        },
      },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="card mt-8 flex flex-col gap-4 p-5"
      data-testid="goal-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {t('goalUi.heading', { year })}
        </h2>
        <Link to="/dashboard/stats" className="text-sm font-semibold text-accent underline">
          {t('goalUi.seeStats')}
        </Link>
      </div>
      {editing ? (
        <form className="flex flex-wrap items-end gap-4" onSubmit={submit} noValidate>
          {(
            [
              ['books', books, setBooks, GOAL_LIMITS.booksMax],
              ['pages', pages, setPages, GOAL_LIMITS.pagesMax],
            ] as const
          ).map(([field, value, setValue, max]) => (
            <div key={field} className="flex flex-col">
              <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
                {t(`goalUi.${field}`)}
              </label>
              <input
                id={`${id}-${field}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                required={field === 'books'}
                className="w-36 rounded-md border border-line-strong bg-surface px-2 py-1 text-ink"
                value={value}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
                onChange={(event) => setValue(event.target.value)}
              />
              {errors[field] ? (
                <p id={`${id}-${field}-error`} role="alert" className="mt-1 max-w-60 text-sm text-danger">
                  {errors[field]}
                </p>
              ) : null}
            </div>
          ))}
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {t('goalUi.save')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)}>
              {t('goalUi.cancel')}
            </button>
          </div>
        </form>
      ) : data?.books ? (
        <div className="flex flex-col gap-3">
          <Meter
            label={t('goalUi.booksLabel')}
            value={data.progress.books}
            max={data.books}
            text={t('goalUi.booksProgress', {
              done: number.format(data.progress.books),
              goal: number.format(data.books),
            })}
          />
          {data.pages ? (
            <Meter
              label={t('goalUi.pagesLabel')}
              value={data.progress.pages}
              max={data.pages}
              text={t('goalUi.pagesProgress', {
                done: number.format(data.progress.pages),
                goal: number.format(data.pages),
              })}
            />
          ) : null}
          <p className="font-medium">
            {data.progress.books >= data.books
              ? t('goalUi.reached')
              : t('goalUi.ahead', { count: data.books - data.progress.books })}
          </p>
          <button type="button" className="btn btn-secondary self-start" onClick={startEditing}>
            {t('goalUi.edit')}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <p className="flex-1 text-ink-muted">{t('goalUi.none', { year })}</p>
          <button type="button" className="btn btn-primary" onClick={startEditing} disabled={goal.isPending}>
            {t('goalUi.set')}
          </button>
        </div>
      )}
    </section>
  );
}

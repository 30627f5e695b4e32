import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingListStatus } from '@nebab/shared';
import { STATUS_ORDER } from '../../api/reading-list/queries';

/** Favourites are offered only for books being read or finished (spec §4 Favorite). */
export function canFavorite(status: ReadingListStatus): boolean {
  return status === 'currentlyReading' || status === 'completed';
}

const SELECT_ORDER: readonly ReadingListStatus[] = ['wantToRead', 'currentlyReading', 'completed'];

/** The statuses offered from `status`: Did Not Finish only while reading (or already given up). */
export function offeredStatuses(status: ReadingListStatus): readonly ReadingListStatus[] {
  return status === 'currentlyReading' || status === 'didNotFinish'
    ? [...SELECT_ORDER, 'didNotFinish']
    : SELECT_ORDER;
}

/**
 * The status select (Want to Read / Currently Reading / Completed / Did Not Finish) and its Save
 * button: arrowing through the options of the closed select only chooses, Save changes the entry.
 * `autoFocus` puts focus on the select (right after the book was added).
 */
export function StatusSelect({
  id,
  value,
  onChange,
  disabled,
  autoFocus = false,
}: {
  id: string;
  value: ReadingListStatus;
  onChange: (status: ReadingListStatus) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  const selectRef = useRef<HTMLSelectElement>(null);
  // The entry changed (saved here, or elsewhere): the select shows it again.
  if (saved !== value) {
    setSaved(value);
    setDraft(value);
  }
  useEffect(() => {
    if (autoFocus) selectRef.current?.focus();
  }, [autoFocus]);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft !== value) onChange(draft);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {t('readingListUi.statusLabel')}
      </label>
      <select
        id={id}
        ref={selectRef}
        className="rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-ink"
        value={draft}
        disabled={disabled}
        onChange={(event) => {
          const next = STATUS_ORDER.find((s) => s === event.target.value);
          if (next) setDraft(next);
        }}
      >
        {offeredStatuses(value).map((status) => (
          <option key={status} value={status}>
            {t(`readingListUi.status.${status}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-secondary min-h-10 px-3 text-sm" disabled={disabled}>
        {t('readingListUi.saveStatus')}
      </button>
    </form>
  );
}

/** A pressed / not-pressed favourite toggle. */
export function FavoriteToggle({
  pressed,
  onToggle,
  disabled,
}: {
  pressed: boolean;
  onToggle: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onToggle}
    >
      <span aria-hidden="true" className={pressed ? 'text-accent' : undefined}>
        {pressed ? '★' : '☆'}
      </span>
      {t('readingListUi.favorite')}
    </button>
  );
}

/** The status as a small badge. */
export function StatusBadge({ status }: { status: ReadingListStatus }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-ink">
      {t(`readingListUi.status.${status}`)}
    </span>
  );
}

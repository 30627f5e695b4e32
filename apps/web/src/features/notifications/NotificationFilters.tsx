import { useTranslation } from 'react-i18next';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import { NOTIFICATION_STATUSES, type NotificationStatus } from '@nebab/shared';

export type NotificationFilter = 'all' | NotificationStatus;
const FILTERS: readonly NotificationFilter[] = ['all', ...NOTIFICATION_STATUSES];

/** The list's filter and page, kept in the URL (`?status=unread&page=2`). */
export function useNotificationListParams() {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const raw = searchParams.get('status');
  const status = NOTIFICATION_STATUSES.find((value) => value === raw);
  const pageNumber = Number(searchParams.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;

  const paramsFor = (from: URLSearchParams, next: { status?: NotificationStatus; page?: number }) => {
    const params = new URLSearchParams(from);
    params.delete('id');
    if (next.status) params.set('status', next.status);
    else params.delete('status');
    if (next.page && next.page > 1) params.set('page', String(next.page));
    else params.delete('page');
    return params;
  };
  const hrefFor = (next: { status?: NotificationStatus; page?: number }) => {
    const text = paramsFor(searchParams, next).toString();
    return text ? `?${text}` : '?';
  };

  return {
    status,
    page,
    hrefFor,
    setFilter: (filter: NotificationFilter) =>
      setSearchParams((current) => paramsFor(current, { status: filter === 'all' ? undefined : filter })),
  };
}

/** All / Unread / Read as toggle buttons. */
export function NotificationFilters({
  value,
  onChange,
}: {
  value: NotificationFilter;
  onChange: (filter: NotificationFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('notificationsUi.filtersLabel')} className="flex flex-wrap gap-2">
      {FILTERS.map((key) => {
        const active = key === value;
        return (
          <button
            key={key}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(key)}
            className={`inline-flex items-center rounded-full border px-4 py-2 text-sm font-semibold ${
              active
                ? 'border-accent bg-accent text-on-accent'
                : 'border-line-strong bg-surface text-ink hover:border-accent'
            }`}
          >
            {t(`notificationsUi.filters.${key}`)}
          </button>
        );
      })}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@nebab/shared';
import { useSetContactStatusMutation } from '../../api/contact/mutations';
import { contactInboxQueryOptions } from '../../api/contact/queries';
import { AdminListActions } from '../../components/AdminPageActions';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { FilterGroup } from '../../features/admin-moderation/FilterGroup';
import { ListState } from '../../features/admin-moderation/ListState';
import { useAdminAction } from '../../features/admin-moderation/useAdminAction';
import { oneOf, pageHref, pageParam, withParam } from '../../features/admin-moderation/urlState';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import { useFormatDate } from '../../i18n/useFormatDate';

const STATUS_FILTERS = ['new', 'handled', 'all'] as const;
const PAGE_SIZE = 20;

/** `/admin/messages`: what visitors and readers sent through the contact form; reply by email, mark handled. */
export function AdminMessagesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useLiveSearchParams();
  const status = oneOf(params.get('status'), STATUS_FILTERS, 'new');
  const page = pageParam(params);
  const inbox = useQuery(
    contactInboxQueryOptions({ status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
  );
  const totalPages = Math.max(1, Math.ceil((inbox.data?.total ?? 0) / PAGE_SIZE));

  return (
    <PageFrame
      title={t('contactUi.inbox.title')}
      description={t('contactUi.inbox.description')}
      eyebrow={t('admin.eyebrow')}
      actions={<AdminListActions onRefresh={() => void inbox.refetch()} busy={inbox.isFetching} />}
    >
      <div className="mb-6">
        <FilterGroup
          label={t('contactUi.inbox.statusLabel')}
          options={STATUS_FILTERS}
          value={status}
          onChange={(value) =>
            setParams((current) => withParam(current, 'status', value === 'new' ? null : value))
          }
          labelOf={(value) =>
            value === 'new' && inbox.data
              ? t('contactUi.inbox.newCount', { count: inbox.data.newCount })
              : t(`contactUi.inbox.filters.${value}`)
          }
        />
      </div>
      <ListState
        pending={inbox.isPending}
        error={inbox.error}
        onRetry={() => void inbox.refetch()}
        empty={(inbox.data?.items.length ?? 0) === 0}
        emptyText={t(`contactUi.inbox.empty.${status}`)}
      >
        <ul className="grid gap-4" aria-label={t('contactUi.inbox.listLabel')} data-testid="contact-inbox">
          {inbox.data?.items.map((message) => (
            <li key={message.id}>
              <MessageCard message={message} />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={totalPages}
          hrefFor={(target) => pageHref(params, target)}
          label={t('contactUi.inbox.pagination')}
        />
      </ListState>
    </PageFrame>
  );
}

function MessageCard({ message }: { message: ContactMessage }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const setStatus = useSetContactStatusMutation();
  const run = useAdminAction();
  const headingId = `contact-${message.id}`;
  const handled = message.status === 'handled';
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;

  return (
    <article className="card p-5" aria-labelledby={headingId} data-testid="contact-message">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {message.subject}
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${handled ? 'bg-surface-2 text-ink' : 'bg-accent text-on-accent'}`}
        >
          {t(`contactUi.inbox.filters.${message.status}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-ink-muted [overflow-wrap:anywhere]">
        {t('contactUi.inbox.from', {
          name: message.name,
          email: message.email,
          date: formatDate(message.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
        })}{' '}
        · {t(`wizard.languageNames.${message.language}`)}
      </p>
      <p className="mt-3 whitespace-pre-line [overflow-wrap:anywhere]">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={reply} className="btn btn-primary">
          {t('contactUi.inbox.reply')}
        </a>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={setStatus.isPending}
          onClick={() =>
            void run(
              () => setStatus.mutateAsync({ id: message.id, status: handled ? 'new' : 'handled' }),
              handled ? t('contactUi.inbox.toastNew') : t('contactUi.inbox.toastHandled'),
            )
          }
        >
          {handled ? t('contactUi.inbox.markNew') : t('contactUi.inbox.markHandled')}
        </button>
      </div>
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  REPORT_KINDS,
  REPORT_STATUSES,
  type AdminReport,
  type ReportStatus,
} from '@nebab/shared';
import { useUpdateReportMutation } from '../../api/admin-moderation/mutations';
import { adminReportsQueryOptions } from '../../api/admin-moderation/queries';
import { BookCover } from '../../components/BookCover';
import { AdminListActions } from '../../components/AdminPageActions';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { FilterGroup } from '../../features/admin-moderation/FilterGroup';
import { ListState } from '../../features/admin-moderation/ListState';
import { StatusBadge } from '../../features/admin-moderation/StatusBadge';
import { useAdminAction } from '../../features/admin-moderation/useAdminAction';
import {
  bookHref,
  oneOf,
  pageHref,
  pageParam,
  reviewDetailsHref,
  withParam,
} from '../../features/admin-moderation/urlState';
import { useFormatDate } from '../../i18n/useFormatDate';

const STATUS_FILTERS = [...REPORT_STATUSES, 'all'] as const;
const KIND_FILTERS = ['all', ...REPORT_KINDS] as const;

/** `/admin/reports`: one queue of book and review reports; resolve, dismiss or reopen each. */
export function AdminReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useLiveSearchParams();
  const status = oneOf(params.get('status'), STATUS_FILTERS, 'open');
  const kind = oneOf(params.get('kind'), KIND_FILTERS, 'all');
  const page = pageParam(params);
  const reports = useQuery(
    adminReportsQueryOptions({ status, kind, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT }),
  );
  const totalPages = Math.max(1, Math.ceil((reports.data?.total ?? 0) / ADMIN_PAGE_SIZE_DEFAULT));

  return (
    <PageFrame
      title={t('adminPeopleUi.reports.title')}
      description={t('adminPeopleUi.reports.description')}
      eyebrow={t('admin.eyebrow')}
      actions={<AdminListActions onRefresh={() => void reports.refetch()} busy={reports.isFetching} />}
    >
      <div className="mb-6 grid gap-3">
        <FilterGroup
          label={t('adminPeopleUi.reports.statusLabel')}
          options={STATUS_FILTERS}
          value={status}
          onChange={(value) =>
            setParams((current) => withParam(current, 'status', value === 'open' ? null : value))
          }
          labelOf={(value) => t(`adminPeopleUi.reports.statusFilters.${value}`)}
        />
        <FilterGroup
          label={t('adminPeopleUi.reports.kindLabel')}
          options={KIND_FILTERS}
          value={kind}
          onChange={(value) =>
            setParams((current) => withParam(current, 'kind', value === 'all' ? null : value))
          }
          labelOf={(value) => t(`adminPeopleUi.reports.kindFilters.${value}`)}
        />
      </div>

      <ListState
        pending={reports.isPending}
        error={reports.error}
        onRetry={() => void reports.refetch()}
        empty={(reports.data?.items.length ?? 0) === 0}
        emptyText={t('adminPeopleUi.reports.empty')}
      >
        <ul
          className="grid gap-4"
          aria-label={t('adminPeopleUi.reports.listLabel')}
          data-testid="admin-reports"
        >
          {reports.data?.items.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={totalPages}
          hrefFor={(target) => pageHref(params, target)}
          label={t('adminPeopleUi.reports.pagination')}
        />
      </ListState>
    </PageFrame>
  );
}

/** One report: what and who, the reason, its status; the target linked; resolve / dismiss / reopen. */
function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const update = useUpdateReportMutation();
  const run = useAdminAction();
  const headingId = `report-${report.id}`;

  const setStatus = (status: ReportStatus) =>
    void run(() => update.mutateAsync({ id: report.id, status }), t(`adminPeopleUi.reports.toast.${status}`));

  return (
    <article
      className="card flex flex-col gap-4 p-5 sm:flex-row"
      aria-labelledby={headingId}
      data-testid="admin-report"
    >
      <BookCover
        title={report.book.title}
        author={report.book.author}
        candidates={report.book.coverCandidates}
        size="sm"
        className="hidden sm:block"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold [overflow-wrap:anywhere]">
            {report.kind === 'book'
              ? t('adminPeopleUi.reports.bookHeading', { book: report.book.title })
              : t('adminPeopleUi.reports.reviewHeading', {
                  name: report.review?.user.name ?? '',
                  book: report.book.title,
                })}
          </h2>
          <span className="flex flex-wrap gap-2">
            <StatusBadge value={report.kind} />
            <StatusBadge value={report.status} testId="admin-report-status" />
          </span>
        </div>
        <p className="mt-1 text-sm text-ink-muted">
          {t('adminPeopleUi.reports.by', { name: report.reporter.name, date: formatDate(report.created_at) })}
        </p>
        <p className="mt-3">
          <span className="font-semibold">{t('adminPeopleUi.reports.reason')}</span>{' '}
          <span className="[overflow-wrap:anywhere]">{report.reason}</span>
        </p>
        {report.review ? (
          <blockquote className="mt-3 border-l-4 border-line pl-3 text-sm text-ink-muted [overflow-wrap:anywhere]">
            <p className="line-clamp-3 whitespace-pre-line">{report.review.comment}</p>
            <p className="mt-1 flex items-center gap-2 not-italic">
              {t('adminPeopleUi.reports.reviewStatus')} <StatusBadge value={report.review.status} />
            </p>
          </blockquote>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {report.review ? (
            <Link
              to={reviewDetailsHref(report.review.id)}
              className="btn btn-secondary min-h-10"
              aria-describedby={headingId}
            >
              {t('adminPeopleUi.reports.openReview')}
            </Link>
          ) : null}
          <Link
            to={bookHref(report.book.id)}
            className="btn btn-secondary min-h-10"
            aria-describedby={headingId}
          >
            {t('adminPeopleUi.reports.openBook')}
          </Link>
          {report.status === 'open' ? (
            <>
              <button
                type="button"
                className="btn btn-primary min-h-10"
                disabled={update.isPending}
                onClick={() => setStatus('resolved')}
                aria-describedby={headingId}
              >
                {t('adminPeopleUi.reports.resolve')}
              </button>
              <button
                type="button"
                className="btn btn-secondary min-h-10"
                disabled={update.isPending}
                onClick={() => setStatus('dismissed')}
                aria-describedby={headingId}
              >
                {t('adminPeopleUi.reports.dismiss')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn-secondary min-h-10"
              disabled={update.isPending}
              onClick={() => setStatus('open')}
              aria-describedby={headingId}
            >
              {t('adminPeopleUi.reports.reopen')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import { ADMIN_PAGE_SIZE_DEFAULT, ADMIN_REVIEW_FILTERS, type AdminReview } from '@nebab/shared';
import { useDeleteReviewMutation, useModerateReviewMutation } from '../../api/admin-moderation/mutations';
import { adminReviewsQueryOptions } from '../../api/admin-moderation/queries';
import { AdminListActions } from '../../components/AdminPageActions';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterGroup } from '../../features/admin-moderation/FilterGroup';
import { ListState } from '../../features/admin-moderation/ListState';
import { ReviewDetailsDialog } from '../../features/admin-moderation/ReviewDetailsDialog';
import { Stars } from '../../features/admin-moderation/Stars';
import { StatusBadge } from '../../features/admin-moderation/StatusBadge';
import { useAdminAction } from '../../features/admin-moderation/useAdminAction';
import { bookHref, oneOf, pageHref, pageParam, withParam } from '../../features/admin-moderation/urlState';
import { useFormatDate } from '../../i18n/useFormatDate';

/**
 * `/admin/dashboard/reviewmoderation`: Moderate Reviews (spec §2, §4 Review moderation) — status
 * filters, Approve, Reject, View Details (reports and book) and Delete, saved on the server by `id`.
 * `?review=<id>` opens View Details (the Reports queue links here).
 */
export function ReviewModerationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useLiveSearchParams();
  const status = oneOf(params.get('status'), ADMIN_REVIEW_FILTERS, 'all');
  const page = pageParam(params);
  const detailsId = params.get('review');
  const reviews = useQuery(adminReviewsQueryOptions({ status, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT }));
  const totalPages = Math.max(1, Math.ceil((reviews.data?.total ?? 0) / ADMIN_PAGE_SIZE_DEFAULT));
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const remove = useDeleteReviewMutation();
  const run = useAdminAction();

  function setDetails(id: string | null) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('review', id);
        else next.delete('review');
        return next;
      },
      { preventScrollReset: true },
    );
  }

  async function confirmDelete() {
    if (!deleting) return;
    const ok = await run(() => remove.mutateAsync(deleting.id), t('adminPeopleUi.reviews.deletedToast'));
    if (ok) setDeleting(null);
  }

  return (
    <PageFrame
      title={t('adminPeopleUi.reviews.title')}
      description={t('adminPeopleUi.reviews.description')}
      eyebrow={t('admin.eyebrow')}
      actions={<AdminListActions onRefresh={() => void reviews.refetch()} busy={reviews.isFetching} />}
    >
      <div className="mb-6">
        <FilterGroup
          label={t('adminPeopleUi.reviews.filterLabel')}
          options={ADMIN_REVIEW_FILTERS}
          value={status}
          onChange={(value) =>
            setParams((current) => withParam(current, 'status', value === 'all' ? null : value))
          }
          labelOf={(value) => t(`adminPeopleUi.reviews.filters.${value}`)}
        />
      </div>

      <ListState
        pending={reviews.isPending}
        error={reviews.error}
        onRetry={() => void reviews.refetch()}
        empty={(reviews.data?.items.length ?? 0) === 0}
        emptyText={t(`adminPeopleUi.reviews.empty.${status}`)}
      >
        <ul
          className="grid gap-4"
          aria-label={t(`adminPeopleUi.reviews.filters.${status}`)}
          data-testid="admin-reviews"
        >
          {reviews.data?.items.map((review) => (
            <li key={review.id}>
              <ModeratedReview
                review={review}
                onDetails={() => setDetails(review.id)}
                onDelete={() => setDeleting(review)}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          totalPages={totalPages}
          hrefFor={(target) => pageHref(params, target)}
          label={t('adminPeopleUi.reviews.pagination')}
        />
      </ListState>

      <ReviewDetailsDialog reviewId={detailsId} onClose={() => setDetails(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('adminPeopleUi.reviews.deleteTitle')}
        description={t('adminPeopleUi.reviews.deleteBody', { name: deleting?.user.name ?? '' })}
        confirmLabel={t('adminPeopleUi.reviews.delete')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </PageFrame>
  );
}

interface ModeratedReviewProps {
  review: AdminReview;
  onDetails: () => void;
  onDelete: () => void;
}

/** One review of the list: author, last update, book, rating, comment, status, reports; its actions. */
function ModeratedReview({ review, onDetails, onDelete }: ModeratedReviewProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const moderate = useModerateReviewMutation();
  const run = useAdminAction();
  const deleted = review.status === 'deleted';
  const headingId = `review-${review.id}`;

  const detailsRef = useRef<HTMLButtonElement>(null);

  // The pressed button goes away with the old status: keep the keyboard in this review.
  const decide = async (status: 'approved' | 'rejected') => {
    const ok = await run(
      () => moderate.mutateAsync({ id: review.id, status }),
      t(
        status === 'approved' ? 'adminPeopleUi.reviews.approvedToast' : 'adminPeopleUi.reviews.rejectedToast',
      ),
    );
    if (ok) detailsRef.current?.focus();
  };

  return (
    <article className="card p-5" aria-labelledby={headingId} data-testid="admin-review">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold [overflow-wrap:anywhere]">
            {t('adminPeopleUi.reviews.heading', { name: review.user.name, book: review.book.title })}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            <time dateTime={review.updated_at}>
              {t('adminPeopleUi.reviews.updated', {
                date: formatDate(review.updated_at, { dateStyle: 'medium', timeStyle: 'short' }),
              })}
            </time>
            {' · '}
            <Link to={bookHref(review.book.id)}>{t('adminPeopleUi.reviews.openBook')}</Link>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {review.openReportsCount > 0 ? (
            <span className="text-sm font-semibold text-danger">
              {t('adminPeopleUi.reviews.openReports', { count: review.openReportsCount })}
            </span>
          ) : null}
          <StatusBadge value={review.status} testId="admin-review-status" />
        </div>
      </div>
      <p className="mt-2 text-sm">
        <Stars rating={review.rating} />
      </p>
      <p className="mt-2 line-clamp-4 whitespace-pre-line [overflow-wrap:anywhere]">{review.comment}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {!deleted && review.status !== 'approved' ? (
          <button
            type="button"
            className="btn btn-primary min-h-10"
            disabled={moderate.isPending}
            onClick={() => void decide('approved')}
            aria-describedby={headingId}
          >
            {t('adminPeopleUi.reviews.approve')}
          </button>
        ) : null}
        {!deleted && review.status !== 'rejected' ? (
          <button
            type="button"
            className="btn btn-secondary min-h-10"
            disabled={moderate.isPending}
            onClick={() => void decide('rejected')}
            aria-describedby={headingId}
          >
            {t('adminPeopleUi.reviews.reject')}
          </button>
        ) : null}
        <button
          ref={detailsRef}
          type="button"
          className="btn btn-secondary min-h-10"
          onClick={onDetails}
          aria-describedby={headingId}
        >
          {t('adminPeopleUi.reviews.viewDetails')}
        </button>
        {!deleted ? (
          <button
            type="button"
            className="btn min-h-10 border border-danger bg-surface text-danger hover:bg-danger-soft"
            onClick={onDelete}
            aria-describedby={headingId}
          >
            {t('adminPeopleUi.reviews.delete')}
          </button>
        ) : null}
      </div>
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminReviewQueryOptions } from '../../api/admin-moderation/queries';
import { BookCover } from '../../components/BookCover';
import { CloseIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { useFormatDate } from '../../i18n/useFormatDate';
import { bookHref } from './urlState';
import { Stars } from './Stars';
import { StatusBadge } from './StatusBadge';

interface ReviewDetailsDialogProps {
  reviewId: string | null;
  onClose: () => void;
}

/** View Details of Moderate Reviews: the review, its reports (reason, reporter, date) and its book. */
export function ReviewDetailsDialog({ reviewId, onClose }: ReviewDetailsDialogProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const details = useQuery({ ...adminReviewQueryOptions(reviewId ?? ''), enabled: !!reviewId });
  const review = details.data;

  return (
    <Dialog.Root open={!!reviewId} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-testid="review-details"
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-surface p-6 text-ink shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">
              {t('adminPeopleUi.reviews.detailsTitle')}
            </Dialog.Title>
            <Dialog.Close className="icon-button -m-1 size-9 shrink-0" aria-label={t('adminPeopleUi.close')}>
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {t('adminPeopleUi.reviews.detailsDescription')}
          </Dialog.Description>

          {details.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner label={t('adminPeopleUi.loading')} />
            </div>
          ) : details.isError ? (
            <p role="alert" className="mt-4 rounded-lg bg-danger-soft px-3 py-2 text-danger">
              {details.error.message || t('adminPeopleUi.loadError')}
            </p>
          ) : review ? (
            <div className="mt-4 grid gap-6">
              <section aria-labelledby="review-details-book" className="flex items-center gap-4">
                <BookCover
                  title={review.book.title}
                  author={review.book.author}
                  candidates={review.book.coverCandidates}
                  size="sm"
                />
                <div className="min-w-0">
                  <h3 id="review-details-book" className="text-sm font-semibold text-ink-muted">
                    {t('adminPeopleUi.reviews.book')}
                  </h3>
                  <Link to={bookHref(review.book.id)} className="font-semibold [overflow-wrap:anywhere]">
                    {review.book.title}
                  </Link>
                  {review.book.author ? <p className="text-sm text-ink-muted">{review.book.author}</p> : null}
                </div>
              </section>

              <section aria-labelledby="review-details-review">
                <h3 id="review-details-review" className="text-sm font-semibold text-ink-muted">
                  {t('adminPeopleUi.reviews.review')}
                </h3>
                <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold">{review.user.name}</span>
                  <Stars rating={review.rating} />
                  <StatusBadge value={review.status} />
                  <span className="text-ink-muted">
                    {t('adminPeopleUi.reviews.updated', { date: formatDate(review.updated_at) })}
                  </span>
                </div>
                <p className="mt-2 whitespace-pre-line [overflow-wrap:anywhere]">{review.comment}</p>
              </section>

              <section aria-labelledby="review-details-reports">
                <h3 id="review-details-reports" className="text-sm font-semibold text-ink-muted">
                  {t('adminPeopleUi.reviews.reportsHeading', { count: review.reports.length })}
                </h3>
                {review.reports.length === 0 ? (
                  <p className="mt-2 text-ink-muted">{t('adminPeopleUi.reviews.noReports')}</p>
                ) : (
                  <ul className="mt-2 grid gap-2" data-testid="review-details-reports">
                    {review.reports.map((report) => (
                      <li key={report.id} className="rounded-lg border border-line p-3">
                        <p className="[overflow-wrap:anywhere]">{report.reason}</p>
                        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
                          <span>
                            {t('adminPeopleUi.reports.by', {
                              name: report.reporter.name,
                              date: formatDate(report.created_at),
                            })}
                          </span>
                          <StatusBadge value={report.status} />
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

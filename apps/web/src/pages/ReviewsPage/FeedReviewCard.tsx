import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewFeedItem } from '@nebab/shared';
import { BookCover } from '../../components/BookCover';
import { UserAvatar } from '../../components/UserAvatar';
import { useFormatDate } from '../../i18n/useFormatDate';
import { bookLangAttr, textLangAttr } from '../../lib/langOf';

/** One review of the feed: its book (cover, title, author), the reader, the stars and the comment. */
export function FeedReviewCard({ review }: { review: ReviewFeedItem }) {
  const { t, i18n } = useTranslation();
  const ui = i18n.language;
  const formatDate = useFormatDate();
  const bookHref = `/book/${encodeURIComponent(review.book.id)}`;
  const headingId = `feed-review-${review.id}`;
  return (
    <article
      className="card flex w-full gap-4 p-4 sm:p-5"
      aria-labelledby={headingId}
      data-testid="feed-review"
    >
      <Link to={bookHref} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
        <BookCover
          title={review.book.title}
          author={review.book.author}
          genre={review.book.genre}
          candidates={review.book.coverCandidates}
          size="sm"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div>
          <h2
            id={headingId}
            lang={bookLangAttr(review.book.title, review.book.language, ui)}
            className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]"
          >
            <Link to={bookHref} className="text-ink no-underline hover:text-accent hover:underline">
              {review.book.title}
            </Link>
          </h2>
          <p
            lang={
              review.book.author === 'N/A'
                ? undefined
                : bookLangAttr(review.book.author, review.book.language, ui)
            }
            className="text-sm text-ink-muted [overflow-wrap:anywhere]"
          >
            {review.book.author === 'N/A' ? t('books.unknownAuthor') : review.book.author}
          </p>
        </div>
        <p className="text-gold" role="img" aria-label={t('reviewsUi.ratedStars', { rating: review.rating })}>
          {'★'.repeat(review.rating)}
          <span className="text-line-strong">{'☆'.repeat(Math.max(0, 5 - review.rating))}</span>
        </p>
        <p
          lang={textLangAttr(review.comment, ui)}
          className="line-clamp-6 whitespace-pre-line [overflow-wrap:anywhere]"
        >
          {review.comment}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-sm text-ink-muted">
          <span className="flex min-w-0 items-center gap-2">
            <UserAvatar name={review.user.name} pictureUrl={review.user.profile_picture} size={24} />
            <span lang={textLangAttr(review.user.name, ui)} className="truncate font-medium text-ink">
              {review.user.name}
            </span>
          </span>
          <time dateTime={review.timestamp}>{formatDate(review.timestamp)}</time>
          {review.likes > 0 ? <span>{t('reviewsPage.likes', { count: review.likes })}</span> : null}
          {review.dislikes > 0 ? <span>{t('reviewsPage.dislikes', { count: review.dislikes })}</span> : null}
          {review.replyCount > 0 ? (
            <span>{t('reviewsPage.replies', { count: review.replyCount })}</span>
          ) : null}
          <Link to={`${bookHref}#review-${review.id}`} className="ml-auto font-semibold text-accent">
            {t('reviewsPage.readOnBook')}
            <span className="sr-only">{t('reviewsPage.readOnBookOf', { title: review.book.title })}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

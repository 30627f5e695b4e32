import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLiveSearchParams } from '../../lib/useLiveSearchParams';
import { BOOK_LANGUAGES, GENRE_SLUGS, REVIEW_FEED_LIMITS } from '@nebab/shared';
import { reviewFeedQueryOptions } from '../../api/reviews/queries';
import { SelectField } from '../../components/FormField';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { FilterGroup } from '../../features/admin-moderation/FilterGroup';
import { oneOf, pageHref, pageParam, withParam } from '../../features/admin-moderation/urlState';
import { FeedReviewCard } from './FeedReviewCard';

const RATING_FILTERS = ['all', '5', '4', '3', '2', '1'] as const;
const PAGE_SIZE = REVIEW_FEED_LIMITS.pageSizeDefault;

/** `value` when it is one of `options`, else undefined (no filter). */
function optionOf<T extends string>(value: string | null, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}

/**
 * `/reviews`: recent public reviews across the catalogue, newest first, filtered by the book's genre
 * and language and by stars, with numbered pages. The filters and page live in the URL.
 */
export function ReviewsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useLiveSearchParams();
  const genre = optionOf(params.get('genre'), GENRE_SLUGS);
  const language = optionOf(params.get('language'), BOOK_LANGUAGES);
  const rating = oneOf(params.get('rating'), RATING_FILTERS, 'all');
  const page = pageParam(params);
  const feed = useQuery(
    reviewFeedQueryOptions({
      genre,
      language,
      rating: rating === 'all' ? undefined : Number(rating),
      page,
      pageSize: PAGE_SIZE,
    }),
  );
  const filtered = Boolean(genre || language || rating !== 'all');
  const total = feed.data?.total ?? 0;
  const totalPages = Math.max(
    1,
    Math.ceil(Math.min(total, PAGE_SIZE * REVIEW_FEED_LIMITS.pageMax) / PAGE_SIZE),
  );
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en');
  const collator = new Intl.Collator(i18n.language === 'am' ? 'am' : 'en');
  const genres = [...GENRE_SLUGS].sort((a, b) => collator.compare(t(`genres.${a}`), t(`genres.${b}`)));

  return (
    <PageFrame title={t('reviewsPage.title')} description={t('reviewsPage.description')}>
      <section aria-label={t('reviewsPage.filters')} className="card mb-6 grid gap-4 p-4 sm:p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('reviewsPage.genre')}
            value={genre ?? ''}
            onChange={(event) => {
              const value = event.target.value || null;
              setParams((current) => withParam(current, 'genre', value));
            }}
          >
            <option value="">{t('reviewsPage.allGenres')}</option>
            {genres.map((slug) => (
              <option key={slug} value={slug}>
                {t(`genres.${slug}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('reviewsPage.language')}
            value={language ?? ''}
            onChange={(event) => {
              const value = event.target.value || null;
              setParams((current) => withParam(current, 'language', value));
            }}
          >
            <option value="">{t('reviewsPage.allLanguages')}</option>
            {BOOK_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`wizard.languageNames.${code}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <FilterGroup
          label={t('reviewsPage.rating')}
          options={RATING_FILTERS}
          value={rating}
          onChange={(value) =>
            setParams((current) => withParam(current, 'rating', value === 'all' ? null : value))
          }
          labelOf={(value) =>
            value === 'all' ? t('reviewsPage.anyRating') : t('reviewsPage.stars', { count: Number(value) })
          }
        />
      </section>

      <div aria-live="polite" className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted" data-testid="reviews-count">
          {feed.data ? t('reviewsPage.count', { count: total, formatted: number.format(total) }) : null}
        </p>
        {filtered ? (
          <button
            type="button"
            className="btn btn-ghost min-h-10 px-3 text-sm"
            onClick={() => setParams(() => new URLSearchParams())}
          >
            {t('reviewsPage.clear')}
          </button>
        ) : null}
      </div>

      {feed.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('reviewsPage.loading')} />
        </div>
      ) : feed.isError ? (
        <div role="alert" className="card flex flex-col items-start gap-3 p-6">
          <p>{feed.error.message}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void feed.refetch()}>
            {t('reviewsPage.retry')}
          </button>
        </div>
      ) : feed.data.items.length === 0 ? (
        <div className="card flex flex-col items-start gap-3 p-6" data-testid="reviews-empty">
          <p className="text-ink-muted">
            {filtered ? t('reviewsPage.emptyFiltered') : t('reviewsPage.empty')}
          </p>
          {filtered ? null : (
            <Link to="/books" className="btn btn-secondary">
              {t('reviewsPage.browse')}
            </Link>
          )}
        </div>
      ) : (
        <>
          <ul
            className={`grid grid-cols-1 gap-4 lg:grid-cols-2 ${feed.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-label={t('reviewsPage.listLabel')}
            aria-busy={feed.isPlaceholderData || undefined}
            data-testid="review-feed"
          >
            {feed.data.items.map((review) => (
              <li key={review.id} className="flex">
                <FeedReviewCard review={review} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={totalPages}
            hrefFor={(target) => pageHref(params, target)}
            label={t('reviewsPage.pagination')}
          />
        </>
      )}
    </PageFrame>
  );
}

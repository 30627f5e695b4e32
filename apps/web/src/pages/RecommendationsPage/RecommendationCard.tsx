import type { RecommendationItem, RecommendationReason } from '@nebab/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../components/BookCover';

/** The translated reason of a recommendation ("Because you finished …", "Popular in …"). */
function reasonText(t: TFunction, reason: RecommendationReason): string {
  switch (reason.kind) {
    case 'because':
      return reason.relation
        ? t(`recommendationsUi.reason.relation.${reason.relation}`, { title: reason.bookTitle ?? '' })
        : t('recommendationsUi.reason.because', { title: reason.bookTitle ?? '' });
    case 'byAuthor':
      return t('recommendationsUi.reason.byAuthor', { author: reason.author ?? '' });
    case 'popularInLanguage':
      return t('recommendationsUi.reason.popularInLanguage', {
        language: t(`wizard.languageNames.${reason.language ?? ''}`, { defaultValue: reason.language ?? '' }),
      });
    case 'popularInGenre':
      return t('recommendationsUi.reason.popularInGenre', {
        genre: t(`genres.${reason.genre ?? ''}`, { defaultValue: reason.genre ?? '' }),
      });
  }
}

/** One recommended book: cover, title → /book/{id}, authors, rating, reason and a View Book link. */
export function RecommendationCard({ item }: { item: RecommendationItem }) {
  const { t, i18n } = useTranslation();
  const href = `/book/${encodeURIComponent(item.id)}`;
  const authors = item.authors.join(', ');
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US', {
    maximumFractionDigits: 2,
  });
  return (
    <article className="card flex h-full flex-col gap-3 p-4" data-testid="recommendation-card">
      <BookCover title={item.title} author={authors} candidates={item.coverCandidates} fluid />
      <h3 className="text-base font-semibold">
        <Link to={href} className="text-ink no-underline hover:underline">
          {item.title}
        </Link>
      </h3>
      {authors && <p className="text-sm text-ink-muted">{authors}</p>}
      <p className="text-sm text-ink-muted">
        {item.rating === null
          ? t('recommendationsUi.noRating')
          : t('recommendationsUi.rating', { rating: number.format(item.rating) })}
      </p>
      <p className="text-sm font-medium text-accent">{reasonText(t, item.reason)}</p>
      <Link
        to={href}
        className="btn btn-secondary mt-auto"
        aria-label={`${t('recommendationsUi.viewBook')}: ${item.title}`}
      >
        {t('recommendationsUi.viewBook')}
      </Link>
    </article>
  );
}

import type { GenreListItem } from '@nebab/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bookLangAttr } from '../lib/langOf';
import { BookCover } from './BookCover';

export interface BookCardProps {
  id: string;
  title: string;
  /** Authors as shown (already joined); empty or 'N/A' shows the unknown-author text. */
  author?: string | null;
  genre?: string | null;
  candidates: readonly (string | null | undefined)[];
  rating?: number | null;
  ratingsCount?: number | null;
  /** Extra line under the author (e.g. the year). */
  meta?: ReactNode;
  /** Heading level of the title inside lists. */
  headingLevel?: 'h3' | 'h4';
  /** The book's language (ISO 639): its title and author carry `lang` when it is not the interface's. */
  language?: string | null;
}

/** A vertical book card: cover, title (link to /book/{id}), author, rating. Presentational only. */
export function BookCard({
  id,
  title,
  author,
  genre,
  candidates,
  rating,
  ratingsCount,
  meta,
  headingLevel = 'h3',
  language,
}: BookCardProps) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel;
  const shownAuthor = author && author !== 'N/A' ? author : t('books.unknownAuthor');
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en-US');
  return (
    <article className="group relative flex h-full flex-col gap-2">
      <BookCover title={title} author={author} genre={genre} candidates={candidates} size="md" fluid />
      <Heading
        lang={bookLangAttr(title, language, i18n.language)}
        className="line-clamp-2 text-base leading-snug font-semibold [overflow-wrap:anywhere]"
      >
        <Link
          to={`/book/${encodeURIComponent(id)}`}
          className="text-ink no-underline after:absolute after:inset-0 hover:underline"
        >
          {title}
        </Link>
      </Heading>
      <p
        lang={shownAuthor === author ? bookLangAttr(author, language, i18n.language) : undefined}
        className="line-clamp-1 text-sm text-ink-muted"
      >
        {shownAuthor}
      </p>
      {rating != null || ratingsCount != null || meta ? (
        <p className="flex flex-wrap gap-x-2 text-sm text-ink-muted">
          {rating != null ? (
            <span>
              <span aria-hidden="true" className="text-gold">
                ★
              </span>{' '}
              <span className="sr-only">{t('books.ratingLabel')} </span>
              {rating.toFixed(1)}
            </span>
          ) : null}
          {ratingsCount != null ? (
            <span>{t('books.reviews', { count: ratingsCount, formatted: number.format(ratingsCount) })}</span>
          ) : null}
          {meta}
        </p>
      ) : null}
    </article>
  );
}

/** The card of a genre list item (new releases, popular, related books). */
export function ListItemBookCard({ item }: { item: GenreListItem }) {
  return (
    <BookCard
      id={item.id}
      title={item.title}
      author={item.author}
      genre={item.genre}
      candidates={item.coverCandidates}
      rating={item.rating}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchItem } from '@nebab/shared';
import { BookCover } from '../../components/BookCover';
import { bookLangAttr } from '../../lib/langOf';
import type { SearchView } from './searchState';

function yearOf(date: string | null): string | null {
  const match = date?.match(/^-?\d{1,4}/);
  return match ? match[0] : null;
}

/** One search result: cover, title (→ /book/{id}), authors, categories, rating and year. */
export function SearchResultCard({ item, view }: { item: SearchItem; view: SearchView }) {
  const { t, i18n } = useTranslation();
  const info = item.volumeInfo;
  const authors = info.authors.length ? info.authors.join(', ') : t('books.unknownAuthor');
  const year = yearOf(info.publishedDate);
  const grid = view === 'grid';
  return (
    <article className={`card relative flex h-full gap-4 p-3 ${grid ? 'flex-col' : 'flex-row'}`}>
      <BookCover
        title={info.title}
        author={info.authors[0]}
        genre={info.categories[0]}
        candidates={[...info.imageLinks.candidates, info.imageLinks.thumbnail]}
        size={grid ? 'md' : 'sm'}
        fluid={grid}
      />
      <div className="min-w-0 flex-1">
        <h2
          lang={bookLangAttr(info.title, info.language, i18n.language)}
          className="text-lg leading-snug font-semibold [overflow-wrap:anywhere]"
        >
          <Link
            to={`/book/${encodeURIComponent(item.id)}`}
            className="text-ink after:absolute after:inset-0 hover:underline"
          >
            {info.title}
          </Link>
        </h2>
        <p
          lang={info.authors.length ? bookLangAttr(authors, info.language, i18n.language) : undefined}
          className="mt-1 text-ink-muted"
        >
          {authors}
        </p>
        {info.categories.length ? (
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {info.categories.slice(0, 3).map((category) => (
              <li key={category} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-ink-muted">
                {t(`genres.${category}` as 'genres.art', { defaultValue: category })}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 flex flex-wrap gap-x-3 text-sm text-ink-muted">
          {info.averageRating != null ? (
            <span>
              <span aria-hidden="true" className="text-gold">
                ★
              </span>{' '}
              <span className="sr-only">{t('books.ratingLabel')} </span>
              {info.averageRating.toFixed(1)}
            </span>
          ) : null}
          {year ? <span>{t('search.published', { year })}</span> : null}
        </p>
      </div>
    </article>
  );
}

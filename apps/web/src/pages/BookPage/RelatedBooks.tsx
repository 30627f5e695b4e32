import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RELATED_SORTS } from '@nebab/shared';
import type { RelatedSort } from '../../api/books/keys';
import { relatedBooksQueryOptions } from '../../api/books/queries';
import { ListItemBookCard } from '../../components/BookCard';
import { Spinner } from '../../components/Spinner';
import { genreName } from './bookFacts';

/** Related Books side panel: a 3-column grid with working Filter (genre), Sort, See More and See All. */
export function RelatedBooks({ bookId, genres }: { bookId: string; genres: string[] }) {
  const { t, i18n } = useTranslation();
  const [genre, setGenre] = useState<string | null>(null);
  const [sort, setSort] = useState<RelatedSort>('popular');
  const genreId = useId();
  const sortId = useId();
  const query = useInfiniteQuery(relatedBooksQueryOptions(bookId, genre, sort));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const seeAllGenre = genre ?? genres[0] ?? null;
  const total = query.data?.pages[0]?.total ?? 0;
  const number = new Intl.NumberFormat(i18n.language === 'am' ? 'am-ET' : 'en');
  const countText = genre
    ? t('book.related.countInGenre', {
        count: total,
        formatted: number.format(total),
        genre: genreName(t, genre),
      })
    : t('book.related.count', { count: total, formatted: number.format(total) });

  return (
    <section aria-labelledby="related-heading" className="card p-4">
      <h2 id="related-heading" className="text-xl font-semibold">
        {t('book.related.title')}
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={genreId} className="field-label">
            {t('book.related.filter')}
          </label>
          <select
            id={genreId}
            className="input min-h-10 py-1 text-sm"
            value={genre ?? ''}
            onChange={(event) => setGenre(event.target.value || null)}
          >
            <option value="">{t('book.related.allGenres')}</option>
            {genres.map((slug) => (
              <option key={slug} value={slug}>
                {genreName(t, slug)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={sortId} className="field-label">
            {t('book.related.sort')}
          </label>
          <select
            id={sortId}
            className="input min-h-10 py-1 text-sm"
            value={sort}
            onChange={(event) => setSort(event.target.value as RelatedSort)}
          >
            {RELATED_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`book.related.sorts.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-4" aria-busy={query.isFetching}>
        {query.data ? (
          <p className="mb-3 text-sm text-ink-muted" data-testid="related-count">
            {countText}
          </p>
        ) : null}
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('book.related.loading')} />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-ink-muted">{t('book.related.error')}</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('book.related.empty')}</p>
        ) : (
          <ul
            className={`grid grid-cols-3 gap-3 transition-opacity [&_h3]:text-sm [&_p]:text-xs ${query.isPlaceholderData ? 'opacity-50' : ''}`}
            data-testid="related-grid"
          >
            {items.map((item) => (
              <li key={item.id}>
                <ListItemBookCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        {query.hasNextPage ? (
          <button
            type="button"
            className="btn btn-secondary min-h-10 flex-1 text-sm"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? t('book.related.loading') : t('book.related.seeMore')}
          </button>
        ) : null}
        {seeAllGenre ? (
          <Link
            to={`/search?genre=${encodeURIComponent(seeAllGenre)}&sort=rating`}
            className="btn btn-ghost min-h-10 flex-1 text-sm"
          >
            {t('book.related.seeAll')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

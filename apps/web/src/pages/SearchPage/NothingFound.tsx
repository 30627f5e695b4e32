import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_CATALOG, type GenreSlug, type SearchItem } from '@nebab/shared';
import { SuggestBookButton } from '../../features/admin-catalogue/SuggestBook';
import { AddBookButton } from '../../features/library/AddBookButton';
import { SearchResultCard } from './SearchResultCard';

/** Genres offered when nothing matched: the broadest shelves. */
const OFFERED_GENRES: readonly GenreSlug[] = [
  'fiction',
  'fantasy',
  'romance',
  'mystery',
  'history',
  'biography',
  'science-fiction',
  'young-adult',
];

/**
 * Never a bare "no results": the titles closest to what was typed (when any), the genre pages, and
 * the Suggest-a-book form with the typed title filled in. With filters on, the hint is to loosen them.
 */
export function NothingFound({
  query,
  closest,
  filtered,
}: {
  query: string;
  closest: SearchItem[];
  filtered: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'am' ? 'am' : 'en';
  return (
    <div className="card p-6 sm:p-8" data-testid="search-nothing-found">
      <p className="text-xl font-semibold [overflow-wrap:anywhere]">
        {query ? t('search.nothing.title', { query }) : t('search.empty')}
      </p>
      <p className="mt-2 text-ink-muted">{filtered ? t('search.emptyHint') : t('search.nothing.hint')}</p>
      {closest.length > 0 ? (
        <section className="mt-6" aria-labelledby="search-closest">
          <h2 id="search-closest" className="text-lg font-semibold">
            {t('search.nothing.closest')}
          </h2>
          <ul className="mt-3 grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="search-closest">
            {closest.map((item) => (
              <li key={item.id} className="min-w-0">
                <SearchResultCard item={item} view="list" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-6" aria-labelledby="search-browse">
        <h2 id="search-browse" className="text-lg font-semibold">
          {t('search.nothing.browse')}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {OFFERED_GENRES.map((slug) => (
            <li key={slug}>
              <Link to={`/discover?genre=${slug}`} className="chip">
                {GENRE_CATALOG[slug].name[language]}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-6" aria-labelledby="search-suggest">
        <h2 id="search-suggest" className="text-lg font-semibold">
          {t('search.nothing.missing')}
        </h2>
        <div className="mt-3 flex flex-wrap gap-3">
          <AddBookButton initialTitle={query} />
          <SuggestBookButton initialTitle={query} />
        </div>
      </section>
    </div>
  );
}

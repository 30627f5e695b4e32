import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchItem, SearchQueryInput } from '@nebab/shared';
import { searchParamsString, searchQueryOptions } from '../../api/search/queries';
import { trendingQueryOptions } from '../../api/trending/queries';
import { BookCard } from '../../components/BookCard';
import { GenreLinkGrid } from '../../components/GenreLinkGrid';
import { PageFrame } from '../../components/PageFrame';
import { Spinner } from '../../components/Spinner';
import { SuggestBookButton } from '../../features/admin-catalogue/SuggestBook';
import { AddBookButton } from '../../features/library/AddBookButton';

const SHELF_SIZE = 6;

/** The shelves of the Discover page, each with the /search query its 'See all' opens. */
const SHELVES: {
  id: string;
  titleKey: 'books.topRated' | 'books.newest' | 'books.ethiopian';
  query: SearchQueryInput;
}[] = [
  { id: 'top-rated', titleKey: 'books.topRated', query: { minRating: 4, sort: 'rating' } },
  { id: 'newest', titleKey: 'books.newest', query: { yearFrom: 2010, sort: 'newest' } },
  { id: 'ethiopian', titleKey: 'books.ethiopian', query: { language: 'am', sort: 'rating' } },
];

/** `/books` (Discover): trending, top rated, newest, Ethiopian books and genre shortcuts. */
export function BooksPage() {
  const { t } = useTranslation();
  const trending = useQuery(trendingQueryOptions(SHELF_SIZE));
  return (
    <PageFrame
      title={t('books.title')}
      description={t('books.description')}
      actions={
        <div className="flex flex-wrap gap-3">
          <AddBookButton />
          <SuggestBookButton />
        </div>
      }
    >
      <Shelf id="trending" title={t('books.trending')} seeAll="/search?sort=rating&minRating=4">
        {trending.isPending ? (
          <Spinner label={t('books.loading')} />
        ) : trending.isError ? (
          <p className="text-ink-muted">{t('books.error')}</p>
        ) : trending.data.items.length === 0 ? (
          <p className="text-ink-muted">{t('books.empty')}</p>
        ) : (
          <ShelfGrid>
            {trending.data.items.map((book) => (
              <li key={book.id}>
                <BookCard
                  id={book.id}
                  title={book.title}
                  author={book.authors}
                  genre={book.genre}
                  candidates={[...book.coverCandidates, book.cover]}
                  rating={book.averageRating}
                />
              </li>
            ))}
          </ShelfGrid>
        )}
      </Shelf>
      {SHELVES.map((shelf) => (
        <SearchShelf key={shelf.id} id={shelf.id} title={t(shelf.titleKey)} query={shelf.query} />
      ))}
      <section aria-labelledby="by-genre-title" className="mt-12">
        <h2 id="by-genre-title" className="mb-5 text-2xl font-semibold">
          {t('books.byGenre')}
        </h2>
        <GenreLinkGrid labelledBy="by-genre-title" />
      </section>
    </PageFrame>
  );
}

function SearchShelf({ id, title, query }: { id: string; title: string; query: SearchQueryInput }) {
  const { t } = useTranslation();
  const results = useQuery(searchQueryOptions({ ...query, page: 1, pageSize: SHELF_SIZE }));
  return (
    <Shelf id={id} title={title} seeAll={`/search?${searchParamsString(query)}`}>
      {results.isPending ? (
        <Spinner label={t('books.loading')} />
      ) : results.isError ? (
        <p className="text-ink-muted">{t('books.error')}</p>
      ) : results.data.items.length === 0 ? (
        <p className="text-ink-muted">{t('books.empty')}</p>
      ) : (
        <ShelfGrid>
          {results.data.items.map((item: SearchItem) => (
            <li key={item.id}>
              <BookCard
                id={item.id}
                title={item.volumeInfo.title}
                author={item.volumeInfo.authors.join(', ')}
                genre={item.volumeInfo.categories[0]}
                candidates={[...item.volumeInfo.imageLinks.candidates, item.volumeInfo.imageLinks.thumbnail]}
                rating={item.volumeInfo.averageRating}
                language={item.volumeInfo.language}
              />
            </li>
          ))}
        </ShelfGrid>
      )}
    </Shelf>
  );
}

function Shelf({
  id,
  title,
  seeAll,
  children,
}: {
  id: string;
  title: string;
  seeAll: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12 first:mt-0" data-testid={`shelf-${id}`}>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="text-2xl font-semibold">
          {title}
        </h2>
        <Link
          to={seeAll}
          aria-label={t('books.seeAllLabel', { section: title })}
          className="font-semibold text-accent underline-offset-4 hover:underline"
        >
          {t('books.seeAll')}
        </Link>
      </div>
      {children}
    </section>
  );
}

function ShelfGrid({ children }: { children: ReactNode }) {
  return (
    <ul className="grid grid-cols-2 gap-x-5 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {children}
    </ul>
  );
}

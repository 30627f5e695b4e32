import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { searchQueryOptions } from '../../api/search/queries';
import { BookCover } from '../../components/BookCover';
import { Spinner } from '../../components/Spinner';

/** The author in the spotlight (defined in the client); her three best-rated books come from the catalogue. */
export const SPOTLIGHT_AUTHOR = 'Chimamanda Ngozi Adichie';

export function AuthorSpotlightSection() {
  const { t } = useTranslation();
  const works = useQuery(
    searchQueryOptions({ author: SPOTLIGHT_AUTHOR, sort: 'rating', page: 1, pageSize: 3 }),
  );
  const items = works.data?.items.slice(0, 3) ?? [];
  return (
    <section aria-labelledby="spotlight-title" className="bg-surface-2 py-16 sm:py-20">
      <div className="page-container grid gap-10 lg:grid-cols-[2fr_3fr] lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-gold uppercase">
            {t('landing.spotlight.title')}
          </p>
          <h2 id="spotlight-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
            {t('landing.spotlight.name')}
          </h2>
          <p className="mt-4 text-lg text-ink-muted">{t('landing.spotlight.bio')}</p>
          <Link to="/authors" className="btn btn-secondary mt-6">
            {t('landing.spotlight.allAuthors')}
          </Link>
        </div>
        <div>
          <h3 className="text-xl font-semibold">{t('landing.spotlight.works')}</h3>
          <div className="mt-4" aria-live="polite">
            {works.isPending ? (
              <Spinner label={t('landing.spotlight.loading')} />
            ) : works.isError ? (
              <p className="text-ink-muted">{t('landing.spotlight.error')}</p>
            ) : items.length === 0 ? (
              <p className="text-ink-muted">{t('landing.spotlight.empty')}</p>
            ) : (
              <ul className="grid grid-cols-3 gap-4" data-testid="spotlight-works">
                {items.map((item) => (
                  <li key={item.id} className="relative">
                    <BookCover
                      title={item.volumeInfo.title}
                      author={item.volumeInfo.authors[0]}
                      genre={item.volumeInfo.categories[0]}
                      candidates={[
                        ...item.volumeInfo.imageLinks.candidates,
                        item.volumeInfo.imageLinks.thumbnail,
                      ]}
                      size="md"
                      fluid
                    />
                    <Link
                      to={`/book/${encodeURIComponent(item.id)}`}
                      className="mt-2 line-clamp-2 block font-semibold text-ink after:absolute after:inset-0 hover:underline"
                    >
                      {item.volumeInfo.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

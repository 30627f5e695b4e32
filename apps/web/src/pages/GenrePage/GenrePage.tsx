import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DEFAULT_GENRE, GENRE_CATALOG, isGenreSlug, type BookList, type GenreSlug } from '@nebab/shared';
import { genreDetailQueryOptions } from '../../api/genres/queries';
import { genreGroupsQueryOptions, genreListsQueryOptions } from '../../api/lists/queries';
import { BookGrid } from '../../components/BookRow';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { GroupList } from '../../features/clubs/GroupList';
import { ListCard } from '../../features/lists/ListCard';
import { NotFoundPage } from '../NotFoundPage/NotFoundPage';

const SECTIONS = [
  { id: 'new-releases', key: 'genre.newReleases' },
  { id: 'popular', key: 'genre.popular' },
  { id: 'lists', key: 'genre.lists' },
  { id: 'groups', key: 'genre.groups' },
] as const;

/**
 * `/discover?genre={slug}`: one genre's page. Without a genre it shows the default (biography, spec
 * §2); an unknown slug is the not-found page, not a silent Biography.
 */
export function GenrePage() {
  const [params] = useSearchParams();
  const requested = (params.get('genre') ?? '').trim().toLowerCase();
  if (!requested) return <GenreScreen slug={DEFAULT_GENRE} />;
  if (!isGenreSlug(requested)) return <NotFoundPage />;
  return <GenreScreen slug={requested} />;
}

function GenreScreen({ slug }: { slug: GenreSlug }) {
  const { t, i18n } = useTranslation();
  const { hash } = useLocation();
  const lang = i18n.language === 'am' ? 'am' : 'en';
  const catalog = GENRE_CATALOG[slug];
  const detail = useQuery(genreDetailQueryOptions(slug));
  // The server's text wins when it answers; the shared catalogue stands in until then (or if it fails).
  const title = detail.data?.title || catalog.title[lang];
  const description = detail.data?.description || catalog.description[lang];
  const genreName = catalog.name[lang];
  const number = new Intl.NumberFormat(lang === 'am' ? 'am-ET' : 'en-US');
  usePageTitle(title);

  // `/genre/{name}/{new,popular,lists}` land here with an anchor: scroll to it once the books are in.
  useEffect(() => {
    if (!hash || detail.isPending) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, detail.isPending]);

  const data = detail.data;
  return (
    <div className="page-container py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="mb-2 text-sm font-semibold tracking-wide text-gold uppercase">{t('genre.eyebrow')}</p>
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-ink-muted">{description}</p>
        {data?.bookCount ? (
          <p className="mt-2 text-sm text-ink-muted">
            {t('genre.bookCount', { count: data.bookCount, formatted: number.format(data.bookCount) })}
          </p>
        ) : null}
        {/* One button a row on narrow screens: whether they fit side by side must not depend on the
            web font having arrived (a late font moved the page by a row). */}
        <div className="mt-5 flex flex-col items-start gap-3 sm:flex-row sm:flex-wrap">
          <Link to={`/search?genre=${slug}&sort=rating`} className="btn btn-primary">
            {t('genre.searchAll', { genre: genreName })}
          </Link>
          <Link to="/genres" className="btn btn-secondary">
            {t('genre.allGenres')}
          </Link>
        </div>
      </header>

      <nav aria-label={t('genre.sectionsNav')} className="mt-8 border-y border-line py-3">
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-accent underline-offset-4 hover:underline">
                {t(section.key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {detail.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('genre.loading', { genre: genreName })} />
        </div>
      ) : detail.isError ? (
        <p role="alert" className="card mt-8 p-6">
          {t('genre.error')}
        </p>
      ) : null}

      {data ? (
        <>
          <GenreSection id="new-releases" title={t('genre.newReleases')} eager>
            <BookGrid
              items={data.newReleases ?? []}
              testId="genre-new-releases"
              empty={t('genre.emptyList')}
            />
          </GenreSection>
          <GenreSection id="popular" title={t('genre.popular')}>
            <BookGrid items={data.popular ?? []} testId="genre-popular" empty={t('genre.emptyList')} />
          </GenreSection>
          <GenreSection id="lists" title={t('genre.lists')}>
            <ReadersLists slug={slug} genreName={genreName} />
            {(data.lists ?? []).length > 0 ? (
              <div className="mt-10 flex flex-col gap-10">
                <h3 className="text-xl font-semibold">{t('listsUi.fromCatalogue')}</h3>
                {(data.lists ?? []).map((list) => (
                  <div key={list.id}>
                    <h4 className="mb-4 text-lg font-semibold">{listTitle(list, genreName, t)}</h4>
                    <BookGrid items={list.items} empty={t('genre.emptyList')} />
                  </div>
                ))}
              </div>
            ) : null}
          </GenreSection>
          <GenreSection id="groups" title={t('genre.groups')}>
            <GenreClubs slug={slug} genreName={genreName} />
          </GenreSection>
        </>
      ) : null}
    </div>
  );
}

function listTitle(list: BookList, genre: string, t: TFunction): string {
  if (list.kind === 'decade' && list.decade !== null) return t('genre.decade', { decade: list.decade });
  if (list.kind === 'ethiopian') return t('genre.ethiopian', { genre });
  return t('genre.series');
}

/**
 * A section of the genre page. Far-off sections skip their layout until scrolled near
 * (`offscreen-lazy`); the first one (`eager`) is on screen at once, where laying it out late would
 * move the page (layout shift).
 */
function GenreSection({
  id,
  title,
  eager = false,
  children,
}: {
  id: string;
  title: string;
  eager?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`${eager ? '' : 'offscreen-lazy '}mt-12 scroll-mt-20`}
    >
      <h2 id={`${id}-title`} className="mb-5 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Readers' lists of the genre, most voted first (the top three), and a link to all of them. */
function ReadersLists({ slug, genreName }: { slug: GenreSlug; genreName: string }) {
  const { t } = useTranslation();
  const lists = useQuery(genreListsQueryOptions(slug, 1, 3));
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h3 className="text-xl font-semibold">{t('listsUi.readersLists')}</h3>
        <Link to={`/genre/${slug}/lists`} className="text-sm font-semibold text-accent underline">
          {t('listsUi.seeAll', { genre: genreName })}
        </Link>
      </div>
      {lists.isPending ? (
        <Spinner label={t('listsUi.loading')} className="size-6" />
      ) : lists.isError ? (
        <p role="alert" className="card p-6">
          {t('listsUi.loadError')}
        </p>
      ) : lists.data.items.length === 0 ? (
        <p className="card p-6 text-ink-muted">{t('listsUi.genreEmpty', { genre: genreName })}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="genre-reader-lists">
          {lists.data.items.map((list) => (
            <li key={list.id}>
              <ListCard list={list} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Discussion groups": the genre's public book clubs (most members first), each opening at `/group/{id}`. */
function GenreClubs({ slug, genreName }: { slug: GenreSlug; genreName: string }) {
  const { t } = useTranslation();
  const groups = useQuery(genreGroupsQueryOptions(slug, 1, 6));
  if (groups.isPending) return <Spinner label={t('groupsUi.loading')} className="size-6" />;
  if (groups.isError) {
    return (
      <p role="alert" className="card p-6">
        {t('clubsUi.genreGroupsError')}
      </p>
    );
  }
  if (groups.data.items.length === 0) {
    return (
      <div className="card flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-ink-muted">{t('genre.noGroups', { genre: genreName })}</p>
        <Link to="/community/bookclub" className="btn btn-secondary">
          {t('genre.noGroupsLink')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <GroupList clubs={groups.data.items} />
      {groups.data.total > groups.data.items.length ? (
        <Link
          to={`/groups/${slug}`}
          className="mt-4 inline-block text-sm font-semibold text-accent underline"
        >
          {t('groupsUi.seeAll', { genre: genreName })}
        </Link>
      ) : null}
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { GENRE_CATALOG, isGenreSlug, type GenreSlug } from '@nebab/shared';
import { genreGroupsQueryOptions } from '../../api/lists/queries';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { GroupList } from '../../features/clubs/GroupList';
import { slugFromGenreName } from '../GenreAliasPage/GenreAliasPage';
import { NotFoundPage } from '../NotFoundPage/NotFoundPage';

const PAGE_SIZE = 24;

/** `/groups/{genre}`: the genre's discussion groups, i.e. its public book clubs, most members first. */
export function GenreGroupsPage() {
  const { genre = '' } = useParams();
  const slug = slugFromGenreName(genre);
  if (!isGenreSlug(slug)) return <NotFoundPage />;
  return <GenreGroups slug={slug} />;
}

/** `/group/{id}` opens the club on the book clubs page. */
export function GroupPage() {
  const { id = '' } = useParams();
  return <Navigate to={`/community/bookclub?club=${encodeURIComponent(id)}`} replace />;
}

function GenreGroups({ slug }: { slug: GenreSlug }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const genre = GENRE_CATALOG[slug].name[i18n.language === 'am' ? 'am' : 'en'];
  const groups = useQuery(genreGroupsQueryOptions(slug, page, PAGE_SIZE));
  const totalPages = groups.data ? Math.ceil(groups.data.total / PAGE_SIZE) : 0;

  return (
    <PageFrame
      eyebrow={t('genre.eyebrow')}
      title={t('groupsUi.title', { genre })}
      description={t('groupsUi.description', { genre })}
      actions={
        <Link to="/community/bookclub" className="btn btn-secondary">
          {t('groupsUi.start')}
        </Link>
      }
    >
      {groups.isPending ? (
        <Spinner label={t('groupsUi.loading')} />
      ) : groups.isError ? (
        <div role="alert" className="card flex flex-wrap items-center gap-4 p-6">
          <p>{t('groupsUi.error')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void groups.refetch()}>
            {t('groupsUi.retry')}
          </button>
        </div>
      ) : groups.data.items.length === 0 ? (
        <p className="card p-6 text-ink-muted">{t('groupsUi.empty', { genre })}</p>
      ) : (
        <>
          <GroupList clubs={groups.data.items} />
          <Pagination
            page={page}
            totalPages={totalPages}
            hrefFor={(target) => `?page=${target}`}
            label={t('groupsUi.listLabel')}
          />
        </>
      )}
    </PageFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { GENRE_CATALOG, isGenreSlug, type GenreSlug } from '@nebab/shared';
import { genreListsQueryOptions } from '../../api/lists/queries';
import { PageFrame } from '../../components/PageFrame';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useAuth } from '../../features/auth/authContext';
import { ListCard } from '../../features/lists/ListCard';
import { ListFormDialog } from '../../features/lists/ListFormDialog';
import { slugFromGenreName } from '../GenreAliasPage/GenreAliasPage';
import { NotFoundPage } from '../NotFoundPage/NotFoundPage';

const PAGE_SIZE = 18;

/** `/genre/{genre}/lists`: that genre's public book lists made by readers, the most voted first. */
export function GenreListsPage() {
  const { name = '' } = useParams();
  const slug = slugFromGenreName(name);
  if (!isGenreSlug(slug)) return <NotFoundPage />;
  return <GenreLists slug={slug} />;
}

function GenreLists({ slug }: { slug: GenreSlug }) {
  const { t, i18n } = useTranslation();
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const genre = GENRE_CATALOG[slug].name[i18n.language === 'am' ? 'am' : 'en'];
  const lists = useQuery(genreListsQueryOptions(slug, page, PAGE_SIZE));
  const [creating, setCreating] = useState(false);
  const totalPages = lists.data ? Math.ceil(lists.data.total / PAGE_SIZE) : 0;

  return (
    <PageFrame
      eyebrow={t('genre.eyebrow')}
      title={t('listsUi.genreTitle', { genre })}
      description={t('listsUi.genreDescription', { genre })}
      actions={
        <>
          {status === 'signedIn' ? (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              {t('listsUi.create')}
            </button>
          ) : null}
          <Link to={`/discover?genre=${slug}`} className="btn btn-secondary">
            {genre}
          </Link>
        </>
      }
    >
      {lists.isPending ? (
        <Spinner label={t('listsUi.loading')} />
      ) : lists.isError ? (
        <div role="alert" className="card flex flex-wrap items-center gap-4 p-6">
          <p>{t('listsUi.loadError')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void lists.refetch()}>
            {t('listsUi.retry')}
          </button>
        </div>
      ) : lists.data.items.length === 0 ? (
        <p className="card p-6 text-ink-muted">{t('listsUi.genreEmpty', { genre })}</p>
      ) : (
        <>
          <ul
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            data-testid="genre-lists"
            aria-label={t('listsUi.listsLabel')}
          >
            {lists.data.items.map((list) => (
              <li key={list.id}>
                <ListCard list={list} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={totalPages}
            hrefFor={(target) => `?page=${target}`}
            label={t('listsUi.listsLabel')}
          />
        </>
      )}
      <ListFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(list) => void navigate(`/list/${encodeURIComponent(list.id)}`)}
      />
    </PageFrame>
  );
}

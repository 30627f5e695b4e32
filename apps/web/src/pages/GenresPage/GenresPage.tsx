import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_CATALOG, GENRE_SLUGS } from '@nebab/shared';
import { PageFrame } from '../../components/PageFrame';
import { genreHref } from '../../lib/paths';

/** `/genres`: the 30 genres as tiles with their description, each leading to its genre page. */
export function GenresPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'am' ? 'am' : 'en';
  return (
    <PageFrame title={t('genre.genresTitle')} description={t('genre.genresDescription')}>
      <ul data-testid="genre-tiles" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {GENRE_SLUGS.map((slug) => (
          <li key={slug}>
            <Link
              to={genreHref(slug)}
              className="card flex h-full flex-col gap-2 p-5 text-ink no-underline transition-colors hover:border-accent"
            >
              <span className="text-lg font-semibold">{GENRE_CATALOG[slug].name[lang]}</span>
              <span className="text-sm text-ink-muted">{GENRE_CATALOG[slug].description[lang]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}

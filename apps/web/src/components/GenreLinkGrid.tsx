import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENRE_SLUGS } from '@nebab/shared';
import { genreHref } from '../lib/paths';

/** The 30 genres as a grid of links to their genre pages. */
export function GenreLinkGrid({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ul aria-labelledby={labelledBy} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {GENRE_SLUGS.map((slug) => (
        <li key={slug}>
          <Link
            to={genreHref(slug)}
            className="card flex min-h-14 items-center px-4 py-3 font-semibold text-ink no-underline hover:border-accent"
          >
            {t(`genres.${slug}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { Navigate, useParams } from 'react-router';
import { isGenreSlug } from '@nebab/shared';
import { NotFoundPage } from '../NotFoundPage/NotFoundPage';

/** Turns a lower-cased genre name into its slug ("science fiction" → "science-fiction"). */
export function slugFromGenreName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** `/genre/:name` (the landing genre tiles) leads to the genre page `/discover?genre={slug}`. */
export function GenreAliasPage() {
  const { name = '' } = useParams();
  const slug = slugFromGenreName(name);
  if (!isGenreSlug(slug)) return <NotFoundPage />;
  return <Navigate to={`/discover?genre=${slug}`} replace />;
}

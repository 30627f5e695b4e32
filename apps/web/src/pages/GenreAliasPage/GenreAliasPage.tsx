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

/** `/genre/:name/{section}` → the anchor of that section on the genre page. */
export const GENRE_SECTION_ANCHORS: Record<string, string> = {
  new: 'new-releases',
  popular: 'popular',
};

/**
 * `/genre/:name` (the landing genre tiles) leads to the genre page `/discover?genre={slug}`;
 * `/genre/:name/new` and `/popular` lead to that section of it (`/lists` has its own page).
 */
export function GenreAliasPage() {
  const { name = '', section } = useParams();
  const slug = slugFromGenreName(name);
  const anchor = section === undefined ? '' : GENRE_SECTION_ANCHORS[section.toLowerCase()];
  if (!isGenreSlug(slug) || anchor === undefined) return <NotFoundPage />;
  return <Navigate to={`/discover?genre=${slug}${anchor ? `#${anchor}` : ''}`} replace />;
}

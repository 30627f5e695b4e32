import { sql, type SQL } from 'drizzle-orm';
import type { SearchQuery } from '@nebab/shared';
import { escapeLike } from '../../db/sql-helpers.js';
import { facetConditions } from './facets.js';

export type SearchFilters = Omit<SearchQuery, 'q' | 'sort' | 'page' | 'pageSize' | 'asTyped'>;

/** The filter conditions of spec §5 (everything but the text), alias `b` for books. */
export function searchFilters(query: SearchFilters): SQL[] {
  const filters: SQL[] = [];
  if (query.author) {
    // The search_text condition lets the trigram index narrow the rows; the EXISTS checks the authors.
    filters.push(
      sql`b.search_text LIKE ${`%${escapeLike(query.author.toLowerCase())}%`}`,
      sql`EXISTS (SELECT 1 FROM unnest(b.authors) AS a(name) WHERE a.name ILIKE ${`%${escapeLike(query.author)}%`})`,
    );
  }
  if (query.genre) filters.push(sql`b.genres @> ARRAY[${query.genre}]::text[]`);
  if (query.ageGroup === 'Juvenile') filters.push(sql`b.genres && ARRAY['children']::text[]`);
  if (query.ageGroup === 'Young Adult') filters.push(sql`b.genres @> ARRAY['young-adult']::text[]`);
  // Language, length, the Adult age group and years are facets the search index holds (facets.ts).
  filters.push(...facetConditions(query));
  if (query.minRating !== undefined) filters.push(sql`b.rating >= ${query.minRating}`);
  return filters;
}

import { sql, type SQL } from 'drizzle-orm';
import { LENGTH_BUCKETS, type SearchQuery } from '@nebab/shared';
import { escapeLike } from '../../db/sql-helpers.js';

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
  if (query.language) filters.push(sql`b.language = ${query.language}`);
  if (query.ageGroup === 'Juvenile') filters.push(sql`b.genres && ARRAY['children']::text[]`);
  if (query.ageGroup === 'Young Adult') filters.push(sql`b.genres @> ARRAY['young-adult']::text[]`);
  if (query.ageGroup === 'Adult')
    filters.push(sql`NOT (b.genres && ARRAY['children','young-adult']::text[])`);
  if (query.length) {
    const [min, max] = LENGTH_BUCKETS[query.length];
    filters.push(sql`b.page_count >= ${min}`);
    if (max !== null) filters.push(sql`b.page_count <= ${max}`);
  }
  if (query.minRating !== undefined) filters.push(sql`b.rating >= ${query.minRating}`);
  if (query.yearFrom !== undefined) filters.push(sql`b.publication_year >= ${query.yearFrom}`);
  if (query.yearTo !== undefined) filters.push(sql`b.publication_year <= ${query.yearTo}`);
  return filters;
}

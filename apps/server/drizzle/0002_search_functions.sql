-- Search documents of the books table, used by its stored generated columns. array_to_string is only
-- STABLE, so these wrappers are declared IMMUTABLE (true for text[] and the fixed 'simple' config).
-- Plain SQL that PostgreSQL 15 and PGlite (18) both accept.
CREATE OR REPLACE FUNCTION nebab_book_search_vector(
  title text, series text, alt_titles text[], authors text[], authors_latin text, description text
) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple'::regconfig,
           coalesce(title, '') || ' ' || coalesce(series, '') || ' ' || coalesce(array_to_string(alt_titles, ' '), '')), 'A')
      || setweight(to_tsvector('simple'::regconfig,
           coalesce(array_to_string(authors, ' '), '') || ' ' || coalesce(authors_latin, '')), 'B')
      || setweight(to_tsvector('simple'::regconfig,
           regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g')), 'D')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nebab_book_search_text(
  title text, alt_titles text[], authors text[], authors_latin text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(title, '') || ' ' || coalesce(array_to_string(alt_titles, ' '), '') || ' '
    || coalesce(array_to_string(authors, ' '), '') || ' ' || coalesce(authors_latin, ''))
$$;

-- pg_trgm backs the typeahead and fuzzy search indexes (trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE "books" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Search's vocabulary (spelling, corrections) counts the words of public books only: a book leaving or
-- joining the public (`listed`) moves the counts as a hidden or shown one does.
CREATE OR REPLACE FUNCTION nebab_books_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_terms text[] := '{}';
  new_terms text[] := '{}';
BEGIN
  IF current_setting('nebab.search_terms_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'active' AND OLD.listed THEN
    old_terms := ARRAY(SELECT 'w' || OLD.geez::int || t FROM unnest(tsvector_to_array(OLD.search_vector)) AS t
                       UNION ALL SELECT 'k' || OLD.geez::int || t FROM unnest(tsvector_to_array(OLD.search_keys)) AS t);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.listed THEN
    new_terms := ARRAY(SELECT 'w' || NEW.geez::int || t FROM unnest(tsvector_to_array(NEW.search_vector)) AS t
                       UNION ALL SELECT 'k' || NEW.geez::int || t FROM unnest(tsvector_to_array(NEW.search_keys)) AS t);
  END IF;
  IF old_terms = new_terms THEN
    RETURN NULL;
  END IF;
  UPDATE search_terms s
  SET books = greatest(s.books - 1, 0),
      geez_books = greatest(s.geez_books - substr(gone.t, 2, 1)::int, 0),
      changed_xid = pg_current_xact_id()
  FROM (SELECT unnest(old_terms) EXCEPT SELECT unnest(new_terms)) AS gone(t)
  WHERE s.kind = left(gone.t, 1) AND s.term = substr(gone.t, 3);
  INSERT INTO search_terms (kind, term, books, geez_books)
  SELECT left(t, 1), substr(t, 3), 1, substr(t, 2, 1)::int
  FROM (SELECT unnest(new_terms) EXCEPT SELECT unnest(old_terms)) AS added(t)
  ON CONFLICT (kind, term) DO UPDATE
  SET books = search_terms.books + 1,
      geez_books = search_terms.geez_books + excluded.geez_books,
      changed_xid = pg_current_xact_id();
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER books_search_terms ON "books";
--> statement-breakpoint
CREATE TRIGGER books_search_terms
AFTER INSERT OR DELETE OR UPDATE OF title, series, alt_titles, authors, authors_latin, description, status, listed
ON "books" FOR EACH ROW EXECUTE FUNCTION nebab_books_search_terms();
--> statement-breakpoint
-- A reader-added book no admin has checked and fewer than three readers have is unlisted: only the
-- reader who added it and admins see it (an import could otherwise publish 20,000 books a file).
UPDATE "books" SET "listed" = false
  WHERE "source" = 'reader' AND "checked_at" IS NULL
    AND (SELECT count(*) FROM "reading_list_entries" e WHERE e."book_id" = "books"."id") < 3;
--> statement-breakpoint
-- The third reader to have an unlisted book lists it, in the same transaction. The book's row is
-- locked first (FOR NO KEY UPDATE: an entry's foreign-key check takes KEY SHARE, which it does not
-- wait for), so two readers adding it at once count one after the other, each seeing the other's
-- entry once it is committed. A listed book is neither locked nor counted.
CREATE OR REPLACE FUNCTION nebab_reader_books_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "books" WHERE "id" = NEW."book_id" AND NOT "listed" FOR NO KEY UPDATE;
  IF FOUND THEN
    UPDATE "books" SET "listed" = true
      WHERE "id" = NEW."book_id"
        AND (SELECT count(*) FROM "reading_list_entries" e WHERE e."book_id" = NEW."book_id") >= 3;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reader_books_listed" AFTER INSERT OR UPDATE OF "book_id" ON "reading_list_entries"
  FOR EACH ROW EXECUTE FUNCTION nebab_reader_books_listed();

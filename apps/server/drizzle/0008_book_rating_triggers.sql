-- Nebab's rating: the catalogue's figures combined with readers' approved public reviews, kept in
-- books.rating / books.ratings_count by triggers so every list, sort and index sees it.

-- Existing rows: what was in rating / ratings_count is the catalogue's figure.
UPDATE "books" SET "catalog_rating" = "rating", "catalog_ratings_count" = "ratings_count";
--> statement-breakpoint
UPDATE "books" b SET "review_rating_sum" = t.s, "review_count" = t.c
FROM (
  SELECT "book_id", sum("rating")::int AS s, count(*)::int AS c
  FROM "reviews" WHERE "status" = 'approved' AND "visibility" = 'public'
  GROUP BY "book_id"
) t
WHERE b."id" = t."book_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nebab_books_combine_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  catalogue_count integer;
BEGIN
  -- A direct write of rating / ratings_count (fixtures, admin tools) sets the catalogue's figures.
  IF TG_OP = 'INSERT' THEN
    IF NEW.catalog_rating IS NULL AND NEW.catalog_ratings_count = 0 THEN
      NEW.catalog_rating := NEW.rating;
      NEW.catalog_ratings_count := NEW.ratings_count;
    END IF;
  ELSIF (NEW.rating IS DISTINCT FROM OLD.rating OR NEW.ratings_count IS DISTINCT FROM OLD.ratings_count)
    AND NEW.catalog_rating IS NOT DISTINCT FROM OLD.catalog_rating
    AND NEW.catalog_ratings_count = OLD.catalog_ratings_count THEN
    NEW.catalog_rating := NEW.rating;
    NEW.catalog_ratings_count := NEW.ratings_count;
  END IF;
  catalogue_count := CASE WHEN NEW.catalog_rating IS NULL THEN 0 ELSE NEW.catalog_ratings_count END;
  IF NEW.review_count > 0 THEN
    NEW.rating := (coalesce(NEW.catalog_rating, 0) * catalogue_count + NEW.review_rating_sum)::real
      / (catalogue_count + NEW.review_count);
  ELSE
    NEW.rating := NEW.catalog_rating;
  END IF;
  NEW.ratings_count := NEW.catalog_ratings_count + NEW.review_count;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "books_combine_rating" BEFORE INSERT OR UPDATE ON "books"
FOR EACH ROW EXECUTE FUNCTION nebab_books_combine_rating();
--> statement-breakpoint
-- Review totals move by deltas under the book row's lock, so concurrent reviews never lose a count.
CREATE OR REPLACE FUNCTION nebab_reviews_rating_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved' AND OLD.visibility = 'public' THEN
    UPDATE "books" SET "review_rating_sum" = "review_rating_sum" - OLD.rating,
      "review_count" = "review_count" - 1
    WHERE "id" = OLD.book_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'approved' AND NEW.visibility = 'public' THEN
    UPDATE "books" SET "review_rating_sum" = "review_rating_sum" + NEW.rating,
      "review_count" = "review_count" + 1
    WHERE "id" = NEW.book_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_rating_totals"
AFTER INSERT OR DELETE OR UPDATE OF "rating", "status", "visibility", "book_id" ON "reviews"
FOR EACH ROW EXECUTE FUNCTION nebab_reviews_rating_totals();
--> statement-breakpoint
UPDATE "books" SET "review_count" = "review_count" WHERE "review_count" > 0;

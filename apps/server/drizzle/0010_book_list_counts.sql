-- Readers' book lists: vote and book counts kept in the rows by triggers (by deltas), so the genre
-- ranking ("most voted lists") and each list's order read them without counting. Every way a vote or
-- a book goes (a vote taken back, a book removed, a list or an account deleted, a book deleted from
-- the catalogue, cascades included) moves the counts in the same transaction.
CREATE OR REPLACE FUNCTION nebab_book_list_vote_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "book_list_items" SET "vote_count" = "vote_count" + 1
      WHERE "list_id" = NEW."list_id" AND "book_id" = NEW."book_id";
    UPDATE "book_lists" SET "vote_count" = "vote_count" + 1 WHERE "id" = NEW."list_id";
    RETURN NEW;
  END IF;
  UPDATE "book_list_items" SET "vote_count" = "vote_count" - 1
    WHERE "list_id" = OLD."list_id" AND "book_id" = OLD."book_id";
  UPDATE "book_lists" SET "vote_count" = "vote_count" - 1 WHERE "id" = OLD."list_id";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "book_list_votes_counts" AFTER INSERT OR DELETE ON "book_list_votes"
  FOR EACH ROW EXECUTE FUNCTION nebab_book_list_vote_counts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION nebab_book_list_item_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "book_lists" SET "item_count" = "item_count" + 1 WHERE "id" = NEW."list_id";
    RETURN NEW;
  END IF;
  UPDATE "book_lists" SET "item_count" = "item_count" - 1 WHERE "id" = OLD."list_id";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "book_list_items_counts" AFTER INSERT OR DELETE ON "book_list_items"
  FOR EACH ROW EXECUTE FUNCTION nebab_book_list_item_counts();

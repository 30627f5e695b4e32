-- Reads for the entries that existed before reads were kept: a book being read gets its open read,
-- a finished book its completed read, with the dates the entry already held.
INSERT INTO "reading_list_reads" ("entry_id", "user_id", "started_at", "finished_at", "outcome")
SELECT e."id", e."user_id", e."started_at",
       CASE WHEN e."status" = 'completed' THEN COALESCE(e."finished_at", e."updated_at") END,
       CASE WHEN e."status" = 'completed' THEN 'completed' END
FROM "reading_list_entries" e
WHERE e."status" IN ('currentlyReading', 'completed')
  AND NOT EXISTS (SELECT 1 FROM "reading_list_reads" r WHERE r."entry_id" = e."id");

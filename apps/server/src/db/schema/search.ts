import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** A 64-bit transaction id (`pg_current_xact_id()`), as text on the wire. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Search's vocabulary (owned by catalogue-search): every word (`kind` 'w') and Latin key ('k') of the
 * active books' titles, series, other titles, authors and descriptions, with how many books hold it.
 * Kept by a trigger on `books` (migration `search_keys`), so a book added or edited anywhere updates
 * it in the same transaction; the spelling corrector of each node reads the rows changed since its
 * last look: `changed_xid` is the writing transaction, and a node asks for the rows written by
 * transactions at or after the oldest one still running at its previous look (so a long transaction
 * committing late is never missed). Rows whose count falls to 0 stay (with 0) so that change reaches
 * the nodes too.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    kind: text('kind').notNull(),
    term: text('term').notNull(),
    books: integer('books').notNull().default(0),
    /** …of which are written in Ge'ez: a Latin word mostly of such books is Amharic typed in Latin letters. */
    geezBooks: integer('geez_books').notNull().default(0),
    changedXid: xid8('changed_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [primaryKey({ columns: [t.kind, t.term] }), index('search_terms_changed_xid_idx').on(t.changedXid)],
);

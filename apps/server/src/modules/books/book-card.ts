import { sql, type SQL } from 'drizzle-orm';
import { books } from '../../db/schema/index.js';

/**
 * The book card: a book as every list shows it (search results, genre lists, trending, related,
 * shelves, lists, a club's book, a review's book). The one read model of a book outside its own
 * page, in camelCase whether Drizzle or raw SQL reads it; `books.presenter.ts` turns it into the
 * shapes of the contract.
 */
export interface BookCard {
  id: string;
  title: string;
  authors: string[];
  genres: string[];
  rating: number | null;
  ratingsCount: number;
  publicationDate: string | null;
  publicationYear: number | null;
  pageCount: number | null;
  language: string;
  description: string | null;
  coverUrl: string | null;
  thumbnailUrl: string | null;
  coverPath: string | null;
  isbn10: string | null;
  isbn13: string | null;
}

export type BookCardField = keyof BookCard;

/** The card's columns as Drizzle selects them (the keys are the card's fields). */
const CARD = {
  id: books.id,
  title: books.title,
  authors: books.authors,
  genres: books.genres,
  rating: books.rating,
  ratingsCount: books.ratingsCount,
  publicationDate: books.publicationDate,
  publicationYear: books.publicationYear,
  pageCount: books.pageCount,
  language: books.language,
  description: books.description,
  coverUrl: books.coverUrl,
  thumbnailUrl: books.thumbnailUrl,
  coverPath: books.coverPath,
  isbn10: books.isbn10,
  isbn13: books.isbn13,
} satisfies Record<BookCardField, unknown>;

type CardColumns = typeof CARD;

/** Every field of the card, in its order. */
const CARD_FIELDS = Object.keys(CARD) as BookCardField[];

/** What a cover is drawn from (`coverCandidates`). */
export const COVER_FIELDS = ['id', 'isbn10', 'isbn13', 'coverUrl', 'thumbnailUrl', 'coverPath'] as const;
export type BookCover = Pick<BookCard, (typeof COVER_FIELDS)[number]>;

/** The least of a card: title, authors and cover (a shelf, a list, a feed entry, a club's book). */
export const TILE_FIELDS = [
  'id',
  'title',
  'authors',
  'isbn10',
  'isbn13',
  'coverUrl',
  'thumbnailUrl',
  'coverPath',
] as const;
export type BookTile = Pick<BookCard, (typeof TILE_FIELDS)[number]>;

/**
 * The card's columns over `books` as a Drizzle select map: every field, or only the named ones
 * (a join that shows a tile need not read descriptions). Spread it into a join's select.
 */
export function bookCardColumns(): CardColumns;
export function bookCardColumns<K extends BookCardField>(fields: readonly K[]): Pick<CardColumns, K>;
export function bookCardColumns(fields?: readonly BookCardField[]) {
  if (!fields) return CARD;
  return Object.fromEntries(fields.map((field) => [field, CARD[field]]));
}

/**
 * The card's fields over the books row aliased `alias` (a name in the query's code, never input) as a
 * raw select list: `b.ratings_count AS "ratingsCount"`.
 */
export function bookCardSql(alias = 'b', fields: readonly BookCardField[] = CARD_FIELDS): SQL {
  return sql.raw(fields.map((field) => `${alias}.${CARD[field].name} AS "${field}"`).join(', '));
}

/**
 * The named fields of the books row aliased `alias` as one JSON object with the card's keys, for a
 * raw row that nests its book (NULL when the row has no book: a LEFT JOIN that found none).
 */
export function bookCardJson(alias = 'b', fields: readonly BookCardField[] = TILE_FIELDS): SQL {
  const pairs = fields.map((field) => `'${field}', ${alias}.${CARD[field].name}`).join(', ');
  return sql.raw(`CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object(${pairs}) END`);
}

/**
 * Books everyone may see (alias `b`): active and listed. Inactive ones leave every list, and nobody adds
 * them anywhere; an unlisted one (a reader-added book no admin has checked and fewer than three readers
 * have: `books.listed`) leaves every public list — search, typeahead, browse, genres, authors,
 * recommendations, trending, the sitemap. The one predicate of public reads.
 */
export const ACTIVE = sql`b.status = 'active' AND b.listed`;

/** `ACTIVE` over the `books` table itself (queries built with the table, not alias `b`). */
export const PUBLIC_BOOK: SQL = sql`${books.status} = 'active' AND ${books.listed}`;

/**
 * Books `viewerId` may see in lists of people's content (alias `b`): the public ones, and the unlisted
 * ones the viewer added. Admins see more on their own pages, not through this.
 */
export function visibleTo(viewerId: string | null): SQL {
  return viewerId === null ? ACTIVE : sql`b.status = 'active' AND (b.listed OR b.added_by = ${viewerId})`;
}

/** The book row `book` may be shown to `viewerId` (its page): active, and listed or added by the viewer. */
export function bookVisibleTo(
  book: { status: string; listed: boolean; addedBy: string | null },
  viewerId: string | null,
): boolean {
  return book.status === 'active' && (book.listed || (viewerId !== null && book.addedBy === viewerId));
}

/** `ACTIVE AND …` over alias `b`. */
export function whereActive(conditions: readonly SQL[]): SQL {
  return sql.join([ACTIVE, ...conditions], sql` AND `);
}

/** Catalogue popularity (alias `b`): log of ratings and want-to-read shelvings (several orderings). */
export const POPULARITY = sql.raw('(ln(1 + b.ratings_count) + 0.8 * ln(1 + b.want_to_read_count))');

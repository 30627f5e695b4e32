import { DEFAULT_LANGUAGE, translate, type Language, type ReaderSummary } from '@nebab/shared';
import { eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';

/**
 * The reader card: a person as every list shows them — the author of a review, a reply, a chat
 * message or a topic, a club member, a follower, a list's owner, who did something in the feed. The
 * one read model of a reader outside their own profile, the twin of `books/book-card.ts`: modules
 * join the people their rows name only through it (`joinReader`, `READERS`), select the card
 * (`READER_CARD_COLUMNS`, `readerCardColumns`, `readerCardSql`, `readerCardJson`), filter with its
 * predicates (`ACTIVE_READER`, `activeReader`) and present with `presentReaderCard`, never their own
 * projection. Only auth, account, admin-moderation and users import the `users` table (a lint zone).
 */
export interface ReaderCard {
  id: string;
  name: string;
  profilePicture: string | null;
  /** `deleted`: the account was removed; the card shows "Deleted reader" without name or picture. */
  status: string;
}

export type ReaderCardField = keyof ReaderCard;

/** The card's columns as Drizzle selects them (the keys are the card's fields). */
export const READER_CARD_COLUMNS = {
  id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  status: users.status,
} satisfies Record<ReaderCardField, unknown>;

type CardColumns = typeof READER_CARD_COLUMNS;

const CARD_FIELDS = Object.keys(READER_CARD_COLUMNS) as ReaderCardField[];

/** The card's columns, or only the named ones, as a Drizzle select map (spread it into a join's select). */
export function readerCardColumns(): CardColumns;
export function readerCardColumns<K extends ReaderCardField>(fields: readonly K[]): Pick<CardColumns, K>;
export function readerCardColumns(fields?: readonly ReaderCardField[]) {
  if (!fields) return READER_CARD_COLUMNS;
  return Object.fromEntries(fields.map((field) => [field, READER_CARD_COLUMNS[field]]));
}

/**
 * The reader a row names, as the arguments of a Drizzle join:
 * `.innerJoin(...joinReader(reviews.userId))` (or `.leftJoin` for a row that may name nobody).
 */
export function joinReader(userId: AnyColumn) {
  return [users, eq(users.id, userId)] as const;
}

/** Readers whose account is active (not suspended, not deleted), over the joined table. */
export const ACTIVE_READER: SQL = eq(users.status, 'active');

/** Readers whose account was not deleted (a suspended one still shows), over the joined table. */
export const UNDELETED_READER: SQL = ne(users.status, 'deleted');

/** The readers' table in raw SQL, always aliased: `JOIN ${READERS} u ON u.id = f.follower_id`. */
export const READERS: SQL = sql`${users}`;

/** One card field over the readers row aliased `alias` (the enum status as text). */
function fieldSql(alias: string, field: ReaderCardField): string {
  const column = `${alias}.${READER_CARD_COLUMNS[field].name}`;
  return field === 'status' ? `${column}::text` : column;
}

/**
 * The card's fields over the readers row aliased `alias` (a name in the query's code, never input) as
 * a raw select list in camelCase: `u.profile_picture AS "profilePicture"`.
 */
export function readerCardSql(alias = 'u', fields: readonly ReaderCardField[] = CARD_FIELDS): SQL {
  return sql.raw(fields.map((field) => `${fieldSql(alias, field)} AS "${field}"`).join(', '));
}

/**
 * The card of the readers row aliased `alias` as one JSON object with the card's keys, for a raw row
 * that nests its person (NULL when the row has none: a LEFT JOIN that found nobody).
 */
export function readerCardJson(alias = 'u', fields: readonly ReaderCardField[] = CARD_FIELDS): SQL {
  const pairs = fields.map((field) => `'${field}', ${fieldSql(alias, field)}`).join(', ');
  return sql.raw(`CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object(${pairs}) END`);
}

/** `ACTIVE_READER` over the readers row aliased `alias` in raw SQL. */
export function activeReader(alias = 'u'): SQL {
  return sql.raw(`${alias}.${users.status.name} = 'active'`);
}

/** The card as the contract shows it; a deleted account is "Deleted reader" in the request's language. */
export function presentReaderCard(
  card: Pick<ReaderCard, 'id' | 'name' | 'profilePicture'> & { status?: string },
  language: Language = DEFAULT_LANGUAGE,
): ReaderSummary {
  if (card.status === 'deleted')
    return { id: card.id, name: translate('adminModeration.deletedReader', language), profile_picture: null };
  return { id: card.id, name: card.name, profile_picture: card.profilePicture };
}

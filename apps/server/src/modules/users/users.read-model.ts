import type { Language } from '@nebab/shared';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { ACTIVE_READER, READER_CARD_COLUMNS, type ReaderCard } from './reader-card.js';

/**
 * What other modules read of people beyond a list's card (`reader-card.ts`): one card or a batch of
 * them, a profile's facts, which ids are (active) readers, the admins, who may be mailed and at which
 * address and language, and the figures the admin dashboard and the sitemap need. Each is one query;
 * they take the caller's transaction.
 */

/** A reader's card, or undefined for no such account. */
export async function findReaderCard(tx: Db, id: string): Promise<ReaderCard | undefined> {
  const [row] = await tx.select(READER_CARD_COLUMNS).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The cards of the readers in `ids` (in no order; an unknown id has none), in one query. */
export async function findReaderCards(tx: Db, ids: readonly string[]): Promise<ReaderCard[]> {
  if (ids.length === 0) return [];
  return tx
    .select(READER_CARD_COLUMNS)
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The card and what a reader's profile adds to it: where they live and since when they read here. */
export interface ReaderProfile extends ReaderCard {
  location: string | null;
  createdAt: Date;
}

export async function findReaderProfile(tx: Db, id: string): Promise<ReaderProfile | undefined> {
  const [row] = await tx
    .select({ ...READER_CARD_COLUMNS, location: users.location, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Of `ids`, those that name an active reader. */
export async function activeReaderIds(tx: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), ACTIVE_READER));
  return new Set(rows.map((row) => row.id));
}

/** Of `ids`, those that name an account (whatever its status). */
export async function existingReaderIds(tx: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return rows.map((row) => row.id);
}

/** The active admins. */
export async function activeAdminIds(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ACTIVE_READER));
  return rows.map((row) => row.id);
}

/** Who a mail about the site goes to: the address and the language it is written in. */
export interface MailReader {
  id: string;
  name: string;
  email: string;
  language: Language;
}

/**
 * The mail columns (id, name, address, saved language) for a join that mails readers in one query
 * (a club's members before a meeting); `mailReaderOf` turns a row into a `MailReader`.
 */
export const READER_MAIL_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.language,
};

/** A row of `READER_MAIL_COLUMNS` as a `MailReader` (no saved language: English). */
export function mailReaderOf<T extends { language: string | null }>(row: T): T & { language: Language } {
  return { ...row, language: row.language === 'am' ? 'am' : 'en' };
}

/** Readers a notification may mail, over the joined table: an active account with a confirmed address. */
export const MAILABLE_READER: SQL = and(ACTIVE_READER, isNotNull(users.emailVerifiedAt)) as SQL;

/** The reader when a notification may mail them (`MAILABLE_READER`), else undefined. */
export async function findMailableReader(tx: Db, id: string): Promise<MailReader | undefined> {
  const [row] = await tx
    .select(READER_MAIL_COLUMNS)
    .from(users)
    .where(and(eq(users.id, id), MAILABLE_READER))
    .limit(1);
  return row ? mailReaderOf(row) : undefined;
}

/** How many accounts there are, the deleted ones left out: a raw scalar subquery (the admin dashboard). */
export const READER_COUNT_SQL: SQL = sql`(SELECT count(*) FROM ${users} WHERE ${users.status} <> 'deleted')`;

/** When the account aliased `alias` in raw SQL last changed (the sitemap's `lastmod` of a profile). */
export function readerUpdatedAtSql(alias = 'u'): SQL {
  return sql.raw(`${alias}.${users.updatedAt.name}`);
}

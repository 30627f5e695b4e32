/**
 * Row factories for service tests (outline's `buildUser` / `buildDocument` style): rows written
 * straight into the file's database with sensible defaults, instead of sign-ups and requests over HTTP.
 * A reader comes with preferences (past the wizard) and a session whose token also works over HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@nebab/shared';
import type { Db } from '../src/db/client.js';
import { books, preferences, reviews, sessions, users } from '../src/db/schema/index.js';
import type { Actor } from '../src/lib/actor.js';
import { hashToken, newSessionToken } from '../src/lib/ids.js';
import { hashPassword } from '../src/lib/passwords.js';
import { GOOD_PASSWORD, uniqueEmail } from './helpers.js';

type BookRow = typeof books.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;

export interface BuiltReader {
  id: string;
  name: string;
  email: string;
  /** `GOOD_PASSWORD` of test/helpers.ts. */
  password: string;
  /** The session as services receive it. */
  actor: Actor;
  /** The session's bearer token, for a request over HTTP. */
  token: string;
}

let passwordHash: Promise<string> | undefined;

/** A reader (or, with `role: 'admin'`, an admin) with preferences and a session. */
export async function buildReader(
  db: Db,
  fields: { name?: string; email?: string; role?: Role; language?: 'en' | 'am'; verified?: boolean } = {},
): Promise<BuiltReader> {
  passwordHash ??= hashPassword(GOOD_PASSWORD);
  const email = (fields.email ?? uniqueEmail()).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({
      name: fields.name ?? 'Abebe Bikila',
      email,
      passwordHash: await passwordHash,
      role: fields.role ?? 'user',
      language: fields.language ?? null,
      emailVerifiedAt: fields.verified === false ? null : new Date(),
    })
    .returning();
  await db.insert(preferences).values({ userId: user!.id, languages: ['en', 'am'], genres: ['fantasy'] });
  const token = newSessionToken();
  const [session] = await db
    .insert(sessions)
    .values({ userId: user!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: sessions.id });
  return {
    id: user!.id,
    name: user!.name,
    email,
    password: GOOD_PASSWORD,
    actor: { userId: user!.id, sessionId: session!.id, role: user!.role },
    token,
  };
}

/** An active catalogue book (`test-<random>` id); pass the facts the test is about. */
export async function buildBook(
  db: Db,
  fields: Partial<Omit<typeof books.$inferInsert, 'id'>> & { id?: string } = {},
): Promise<BookRow> {
  const [book] = await db
    .insert(books)
    .values({
      id: `test-${randomBytes(5).toString('hex')}`,
      source: 'test',
      title: 'The Test Book',
      authors: ['Test Author'],
      primaryAuthor: fields.authors?.[0] ?? 'Test Author',
      genres: ['fiction'],
      ...fields,
    })
    .returning();
  return book!;
}

/** A reader's review of a book (public and approved unless told). */
export async function buildReview(
  db: Db,
  fields: { userId: string; bookId: string } & Partial<Omit<typeof reviews.$inferInsert, 'userId' | 'bookId'>>,
): Promise<ReviewRow> {
  const [review] = await db
    .insert(reviews)
    .values({ rating: 4, comment: 'A good read.', ...fields })
    .returning();
  return review!;
}

import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { readingListEntries, reviews, users, type NewUserRow, type UserRow } from '../../db/schema/index.js';

export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'name'
    | 'passwordHash'
    | 'role'
    | 'status'
    | 'googleId'
    | 'profilePicture'
    | 'birthDate'
    | 'location'
    | 'emailVerifiedAt'
    | 'recoveryEmailVerifiedAt'
    // Only a confirmed email change (`auth-links`) writes these two.
    | 'email'
    | 'recoveryEmail'
  >
>;

/** Reads and writes `users`. Every method takes an optional transaction. */
export function createUsersRepository(db: Db) {
  return {
    async findById(id: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** `email` must already be lower-cased (the shared schema does it). */
    async findByEmail(email: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findByGoogleId(googleId: string, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.googleId, googleId)).limit(1);
      return row;
    },

    async create(values: NewUserRow, tx: Db = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('users.create returned no row');
      return row;
    },

    async update(id: string, patch: UserPatch, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
      return row;
    },

    /**
     * Locks the user's row and every active admin's, in one order (so two admins leaving at once
     * queue instead of deadlocking): the user and how many other active admins remain. `NO KEY
     * UPDATE`, not `UPDATE`: rows that other transactions insert for the user meanwhile (an import's
     * batch) only take a key-share lock on it, and must not wait for this transaction while it waits
     * for them.
     */
    async lockWithAdmins(id: string, tx: Db): Promise<{ user: UserRow | undefined; otherAdmins: number }> {
      const rows = await tx
        .select()
        .from(users)
        .where(or(eq(users.id, id), and(eq(users.role, 'admin'), eq(users.status, 'active'))))
        .orderBy(users.id)
        .for('no key update');
      return {
        user: rows.find((row) => row.id === id),
        otherAdmins: rows.filter((row) => row.id !== id && row.role === 'admin' && row.status === 'active')
          .length,
      };
    },

    /** Reading list counts of the dashboard: every entry, the completed ones (books read), the given-up ones. */
    async countReadingList(
      userId: string,
      tx: Db = db,
    ): Promise<{ total: number; completed: number; didNotFinish: number }> {
      const [row] = await tx
        .select({
          total: sql<number>`count(*)::int`,
          completed: sql<number>`(count(*) FILTER (WHERE ${readingListEntries.status} = 'completed'))::int`,
          didNotFinish: sql<number>`(count(*) FILTER (WHERE ${readingListEntries.status} = 'didNotFinish'))::int`,
        })
        .from(readingListEntries)
        .where(eq(readingListEntries.userId, userId));
      return {
        total: Number(row?.total ?? 0),
        completed: Number(row?.completed ?? 0),
        didNotFinish: Number(row?.didNotFinish ?? 0),
      };
    },

    /** The user's reviews that are not deleted. */
    async countReviews(userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(reviews)
        .where(and(eq(reviews.userId, userId), ne(reviews.status, 'deleted')));
      return Number(row?.count ?? 0);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

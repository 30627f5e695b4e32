import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  loginChallenges,
  recoveryCodes,
  sessions,
  users,
  userTotp,
  type LoginChallengeRow,
  type NewUserRow,
  type SessionRow,
  type UserRow,
  type UserTotpRow,
} from '../../db/schema/index.js';

/** The columns of `users` the reader edits on the settings page. */
export type AccountPatch = Partial<
  Pick<
    NewUserRow,
    | 'name'
    | 'birthDate'
    | 'location'
    | 'profilePicture'
    | 'profilePictureKey'
    | 'recoveryEmail'
    | 'recoveryEmailVerifiedAt'
    | 'language'
    | 'theme'
  >
>;

/** Sessions of a reader, their authenticator, recovery codes and pending two-factor sign-ins. */
export function createAccountRepository(db: Db) {
  return {
    async updateUser(userId: string, patch: AccountPatch, tx: Db = db): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set(patch).where(eq(users.id, userId)).returning();
      return row;
    },

    /** The user whose current uploaded picture has this storage key. */
    async findUserByAvatarKey(key: string, tx: Db = db): Promise<{ id: string } | undefined> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.profilePictureKey, key))
        .limit(1);
      return row;
    },

    /** Live (not revoked, not expired) sessions, most recently used first. */
    async listLiveSessions(userId: string, at: Date, tx: Db = db): Promise<SessionRow[]> {
      return tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /** Ends one live session of the user; false when there is none with that id. */
    async revokeOwnSession(userId: string, sessionId: string, at: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessions.id, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, at),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    async findTotp(userId: string, tx: Db = db): Promise<UserTotpRow | undefined> {
      const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
      return row;
    },

    /** Starts (or restarts) an enrolment with a new secret; only while two-factor sign-in is off. */
    async savePendingTotp(userId: string, secret: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(userTotp)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: userTotp.userId,
          set: { secret, lastUsedStep: null, createdAt: sql`now()` },
          setWhere: isNull(userTotp.enabledAt),
        })
        .returning({ userId: userTotp.userId });
      return rows.length > 0;
    },

    /**
     * Records that the code of `step` was used, only when it is newer than the last one (so a
     * code is accepted once even by two requests at the same time). `enable` turns 2FA on.
     */
    async useTotpStep(
      userId: string,
      step: number,
      options: { enableAt?: Date } = {},
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(userTotp)
        .set(options.enableAt ? { lastUsedStep: step, enabledAt: options.enableAt } : { lastUsedStep: step })
        .where(
          and(
            eq(userTotp.userId, userId),
            or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step)),
            options.enableAt ? isNull(userTotp.enabledAt) : sql`${userTotp.enabledAt} is not null`,
          ),
        )
        .returning({ userId: userTotp.userId });
      return rows.length > 0;
    },

    async deleteTotp(userId: string, tx: Db = db): Promise<void> {
      await tx.delete(userTotp).where(eq(userTotp.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[], tx: Db = db): Promise<void> {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (codeHashes.length > 0)
        await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Marks an unused recovery code used; false when it is unknown or was used already. */
    async useRecoveryCode(userId: string, codeHash: string, at: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ userId: recoveryCodes.userId });
      return rows.length > 0;
    },

    async countUnusedRecoveryCodes(userId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    async createChallenge(
      values: { userId: string; tokenHash: string; expiresAt: Date },
      tx: Db = db,
    ): Promise<void> {
      await tx.insert(loginChallenges).values(values);
    },

    async findLiveChallenge(
      tokenHash: string,
      at: Date,
      tx: Db = db,
    ): Promise<LoginChallengeRow | undefined> {
      const [row] = await tx
        .select()
        .from(loginChallenges)
        .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, at)))
        .limit(1);
      return row;
    },

    /** Counts a wrong code; returns the failures so far. */
    /**
     * Counts one code attempt on a challenge, atomically, while it has had fewer than `max`; answers
     * the attempt's number (1…max), or null when the challenge is gone or used up.
     */
    async countChallengeAttempt(id: string, max: number, tx: Db = db): Promise<number | null> {
      const [row] = await tx
        .update(loginChallenges)
        .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
        .where(and(eq(loginChallenges.id, id), lt(loginChallenges.failedAttempts, max)))
        .returning({ failedAttempts: loginChallenges.failedAttempts });
      return row?.failedAttempts ?? null;
    },

    /** Removes a challenge; false when it was already gone (used by a parallel request). */
    async deleteChallenge(id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(loginChallenges)
        .where(eq(loginChallenges.id, id))
        .returning({ id: loginChallenges.id });
      return rows.length > 0;
    },

    async purgeChallenges(at: Date, tx: Db = db): Promise<void> {
      await tx.delete(loginChallenges).where(lt(loginChallenges.expiresAt, at));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

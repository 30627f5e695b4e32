import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oidcStates, sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.js';

export interface NewSession {
  userId: string;
  tokenHash: string;
  userAgent: string | null;
  ip: string | null;
  expiresAt: Date;
}

export interface PendingOidcSignIn {
  state: string;
  codeVerifier: string;
  nonce: string;
  createdAt: Date;
}

/** What a request's bearer token stands for: its session and the account's standing. */
export interface LiveSession {
  sessionId: string;
  lastSeenAt: Date;
  userId: string;
  status: UserRow['status'];
  role: UserRow['role'];
}

/** Sessions behind bearer tokens, and pending OpenID Connect sign-ins. */
export function createAuthRepository(db: Db) {
  // Every signed-in request asks this: built once and prepared on each connection (a named
  // statement), it is neither rebuilt by the ORM nor planned again by the database.
  const liveSession = db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      status: users.status,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('at')),
      ),
    )
    .limit(1)
    .prepare('auth_live_session');

  return {
    async createSession(values: NewSession, tx: Db = db): Promise<SessionRow> {
      const [row] = await tx.insert(sessions).values(values).returning();
      if (!row) throw new Error('sessions.create returned no row');
      return row;
    },

    /** The live session of a token hash (not revoked, not expired) with its user's standing. */
    async findLiveSession(tokenHash: string, at: Date): Promise<LiveSession | undefined> {
      const [row] = await liveSession.execute({ tokenHash, at });
      return row;
    },

    /** Records use of a session and slides its expiry forward. */
    async touchSession(sessionId: string, at: Date, expiresAt: Date, tx: Db = db): Promise<void> {
      await tx.update(sessions).set({ lastSeenAt: at, expiresAt }).where(eq(sessions.id, sessionId));
    },

    async revokeSession(sessionId: string, at: Date, tx: Db = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every other live session of the user (after a password change). */
    async revokeOtherSessions(userId: string, keepSessionId: string, at: Date, tx: Db = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every live session of the user (after a password reset). */
    async revokeAllSessions(userId: string, at: Date, tx: Db = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async saveOidcSignIn(values: Omit<PendingOidcSignIn, 'createdAt'>, tx: Db = db): Promise<void> {
      await tx.insert(oidcStates).values(values);
    },

    /** Removes and returns a pending sign-in: each state can be used once. */
    async takeOidcSignIn(state: string, tx: Db = db): Promise<PendingOidcSignIn | undefined> {
      const [row] = await tx.delete(oidcStates).where(eq(oidcStates.state, state)).returning();
      return row;
    },

    async purgeOidcSignIns(createdBefore: Date, tx: Db = db): Promise<void> {
      await tx.delete(oidcStates).where(lt(oidcStates.createdAt, createdBefore));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

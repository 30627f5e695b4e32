import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authTokens, type AuthTokenRow } from '../../db/schema/index.js';

export type AuthTokenPurpose =
  'password-reset' | 'verify-email' | 'verify-recovery' | 'email-change' | 'account-delete';

/** The auth module's one-time links (`auth_tokens`): only SHA-256 hashes are stored. */
export function createAuthTokensRepository(db: Db) {
  return {
    async create(
      values: {
        userId: string;
        purpose: AuthTokenPurpose;
        tokenHash: string;
        email: string;
        expiresAt: Date;
      },
      tx: Db = db,
    ): Promise<void> {
      await tx.insert(authTokens).values(values);
    },

    /**
     * Uses a live token of one of `purposes` (unused, unexpired) in one conditional `UPDATE`, so two
     * requests with the same token cannot both succeed. Undefined when there is none.
     */
    async consume(
      tokenHash: string,
      purposes: AuthTokenPurpose[],
      at: Date,
      tx: Db = db,
    ): Promise<AuthTokenRow | undefined> {
      const [row] = await tx
        .update(authTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            inArray(authTokens.purpose, purposes),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    /** Voids the user's other live links of `purpose` (after a reset, the older reset links die). */
    async voidAll(userId: string, purpose: AuthTokenPurpose, at: Date, tx: Db = db): Promise<void> {
      await tx
        .update(authTokens)
        .set({ usedAt: at })
        .where(
          and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)),
        );
    },
  };
}

export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>;

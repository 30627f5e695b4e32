import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginChallenges, recoveryCodes, userTotp } from '../../db/schema/index.js';

/** The reader who leaves, as the modules need them while erasing (read before anything changes). */
export interface LeavingReader {
  id: string;
  email: string;
  recoveryEmail: string | null;
}

/**
 * One module's part of erasing a reader (`DELETE /api/account`): it deletes or anonymises the rows
 * of its own tables, inside the one transaction, and answers the storage keys of files to remove
 * once that transaction has committed (uploaded pictures, covers of clubs that go).
 */
export type ReaderEraser = (reader: LeavingReader, tx: Db) => Promise<readonly string[] | void>;

/** The account module's tables: the authenticator, recovery codes and pending second-factor sign-ins. */
export const eraseSecondFactor: ReaderEraser = async (reader, tx) => {
  await tx.delete(userTotp).where(eq(userTotp.userId, reader.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, reader.id));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, reader.id));
};

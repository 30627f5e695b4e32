import { eq } from 'drizzle-orm';
import { loginChallenges, recoveryCodes, userTotp } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The account module's tables: the authenticator, recovery codes and pending second-factor sign-ins. */
export const eraseSecondFactor: ReaderEraser = async (reader, tx) => {
  await tx.delete(userTotp).where(eq(userTotp.userId, reader.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, reader.id));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, reader.id));
};

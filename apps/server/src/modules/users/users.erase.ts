import { eq } from 'drizzle-orm';
import { users, type NewUserRow } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/**
 * What is left of an account that is gone: status `deleted` (no sign-in, no profile, hidden from
 * lists), no name, email, password, Google link, picture or personal details. The row stays so that
 * what others still read beside the reader's words (chat, club topics) shows "Deleted reader".
 */
export function anonymisedAccount(id: string) {
  return {
    status: 'deleted',
    name: 'Deleted reader',
    email: `deleted-${id}@deleted.invalid`,
    passwordHash: null,
    googleId: null,
    profilePicture: null,
    profilePictureKey: null,
    birthDate: null,
    location: null,
    recoveryEmail: null,
    language: null,
    theme: null,
    role: 'user',
  } satisfies Partial<NewUserRow>;
}

/** The account row itself, anonymised; its uploaded picture is removed after the commit. */
export const eraseAccount: ReaderEraser = async (reader, tx) => {
  const [before] = await tx
    .select({ pictureKey: users.profilePictureKey })
    .from(users)
    .where(eq(users.id, reader.id));
  await tx.update(users).set(anonymisedAccount(reader.id)).where(eq(users.id, reader.id));
  return before?.pictureKey ? [before.pictureKey] : [];
};

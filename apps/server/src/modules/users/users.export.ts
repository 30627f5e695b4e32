import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The account's own facts for the reader's export (never the password hash or sign-in secrets). */
export async function exportProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      recoveryEmail: users.recoveryEmail,
      role: users.role,
      signInWith: users.authProvider,
      profilePicture: users.profilePicture,
      birthDate: users.birthDate,
      location: users.location,
      language: users.language,
      theme: users.theme,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

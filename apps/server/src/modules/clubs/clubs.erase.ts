import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clubMemberships, clubs } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';
import { MEMBER_STATES } from './clubs.repository.js';

/**
 * The reader's memberships and requests. A club they alone moderate passes to its longest-standing
 * other member; a club with no other member goes, with everything in it (its cover is answered for
 * removal). Chat messages, topics and replies they wrote stay: their author then shows as
 * "Deleted reader".
 */
export const eraseClubMemberships: ReaderEraser = async (reader, tx) => {
  const rows = await tx
    .select({ clubId: clubMemberships.clubId, state: clubMemberships.state })
    .from(clubMemberships)
    .where(eq(clubMemberships.userId, reader.id))
    .orderBy(asc(clubMemberships.clubId));
  const covers: string[] = [];
  for (const { clubId, state } of rows) {
    if (state !== 'pending') {
      const outcome = await leaveClub(clubId, reader.id, state, tx);
      if (outcome.removed) {
        if (outcome.coverKey) covers.push(outcome.coverKey);
        continue;
      }
    }
    await tx
      .delete(clubMemberships)
      .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, reader.id)));
  }
  return covers;
};

/** On the locked club: removes it when nobody else is a member, else keeps it moderated. */
async function leaveClub(
  clubId: string,
  userId: string,
  state: string,
  tx: Db,
): Promise<{ removed: boolean; coverKey: string | null }> {
  const [club] = await tx
    .select({ coverKey: clubs.coverKey })
    .from(clubs)
    .where(eq(clubs.id, clubId))
    .for('update');
  const others = await tx
    .select({ userId: clubMemberships.userId, state: clubMemberships.state })
    .from(clubMemberships)
    .where(
      and(
        eq(clubMemberships.clubId, clubId),
        ne(clubMemberships.userId, userId),
        inArray(clubMemberships.state, MEMBER_STATES),
      ),
    )
    .orderBy(asc(clubMemberships.createdAt), asc(clubMemberships.userId));
  const [longestStanding] = others;
  if (!longestStanding) {
    await tx.delete(clubs).where(eq(clubs.id, clubId));
    return { removed: true, coverKey: club?.coverKey ?? null };
  }
  if (state === 'moderator' && !others.some((other) => other.state === 'moderator'))
    await tx
      .update(clubMemberships)
      .set({ state: 'moderator' })
      .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, longestStanding.userId)));
  return { removed: false, coverKey: null };
}

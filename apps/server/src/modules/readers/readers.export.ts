import { DEFAULT_READER_PRIVACY } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, follows, readerPrivacy, users } from '../../db/schema/index.js';

/** The reader's privacy, who they follow (and asked to), who follows them, and whom they blocked. */
export async function exportRelationships(db: Db, userId: string) {
  const [privacy] = await db
    .select({
      profileVisibility: readerPrivacy.profileVisibility,
      showReadingList: readerPrivacy.showReadingList,
      showLocation: readerPrivacy.showLocation,
      reviewsPrivate: readerPrivacy.reviewsPrivate,
    })
    .from(readerPrivacy)
    .where(eq(readerPrivacy.userId, userId));
  const [following, followers, blocked] = await Promise.all([
    db
      .select({ id: follows.followeeId, name: users.name, state: follows.state, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, userId)),
    db
      .select({ id: follows.followerId, name: users.name, state: follows.state, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(eq(follows.followeeId, userId)),
    db
      .select({ id: blocks.blockedId, name: users.name, since: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId)),
  ]);
  return {
    privacy: privacy ?? DEFAULT_READER_PRIVACY,
    following,
    followers,
    blocked,
  };
}

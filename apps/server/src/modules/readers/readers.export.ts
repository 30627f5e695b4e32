import { DEFAULT_READER_PRIVACY } from '@nebab/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, follows, readerPrivacy } from '../../db/schema/index.js';
import { joinReader, READER_CARD_COLUMNS } from '../users/reader-card.js';

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
      .select({ id: follows.followeeId, name: READER_CARD_COLUMNS.name, state: follows.state, since: follows.createdAt })
      .from(follows)
      .innerJoin(...joinReader(follows.followeeId))
      .where(eq(follows.followerId, userId)),
    db
      .select({ id: follows.followerId, name: READER_CARD_COLUMNS.name, state: follows.state, since: follows.createdAt })
      .from(follows)
      .innerJoin(...joinReader(follows.followerId))
      .where(eq(follows.followeeId, userId)),
    db
      .select({ id: blocks.blockedId, name: READER_CARD_COLUMNS.name, since: blocks.createdAt })
      .from(blocks)
      .innerJoin(...joinReader(blocks.blockedId))
      .where(eq(blocks.blockerId, userId)),
  ]);
  return {
    privacy: privacy ?? DEFAULT_READER_PRIVACY,
    following,
    followers,
    blocked,
  };
}

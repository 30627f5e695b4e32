import { DEFAULT_READER_PRIVACY, type ReaderPrivacy } from '@nebab/shared';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { blocks, follows, readerPrivacy, type ReaderPrivacyRow } from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { now } from '../../lib/time.js';
import {
  activeReader,
  joinReader,
  readerCardColumns,
  readerCardSql,
  READERS,
  UNDELETED_READER,
  type ReaderCard,
} from '../users/reader-card.js';
import { activeReaderIds, findReaderProfile, type ReaderProfile } from '../users/users.read-model.js';

export type FollowRowState = 'requested' | 'following';

/** What a profile shows of the person: the reader card, their location and since when they read here. */
export type ReaderRow = ReaderProfile;

/** The card fields a page of followers / following / requests or of blocked readers shows. */
const RELATED_FIELDS = ['id', 'name', 'profilePicture'] as const;

/** A reader in a page of followers / following / requests, with when the relation began. */
export interface RelatedReaderRow extends Pick<ReaderCard, (typeof RELATED_FIELDS)[number]> {
  since: Date;
  /** Position for keyset paging: microseconds since the epoch. */
  sinceUs: string;
}

export interface KeysetCursor {
  sinceUs: string;
  id: string;
}

function privacyOfRow(row: ReaderPrivacyRow | undefined): ReaderPrivacy {
  if (!row) return { ...DEFAULT_READER_PRIVACY };
  return {
    profileVisibility: row.profileVisibility as ReaderPrivacy['profileVisibility'],
    showReadingList: row.showReadingList,
    showLocation: row.showLocation,
    reviewsPrivate: row.reviewsPrivate,
  };
}

/** Readers on either side of a block with `userId`, as a SQL set (for `NOT IN`). */
function hiddenSet(userId: string): SQL {
  return sql`(SELECT ${blocks.blockedId} FROM ${blocks} WHERE ${blocks.blockerId} = ${userId}
              UNION SELECT ${blocks.blockerId} FROM ${blocks} WHERE ${blocks.blockedId} = ${userId})`;
}

/**
 * Reads and writes the readers module's tables: `reader_privacy`, `follows`, `blocks` (the people they
 * name through the reader read model, `users/reader-card.ts`). Every method takes an optional transaction.
 */
export function createReadersRepository(db: Db) {
  const followKey = (followerId: string, followeeId: string) =>
    and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId));

  /** Followers (`side` follower) or followees of `userId`, active readers only, newest first. */
  async function relatedPage(
    userId: string,
    side: 'followers' | 'following',
    options: { state: FollowRowState; hiddenFor: string | null; cursor?: KeysetCursor; limit: number },
    tx: Db,
  ): Promise<RelatedReaderRow[]> {
    const other = side === 'followers' ? sql`f.follower_id` : sql`f.followee_id`;
    const self = side === 'followers' ? sql`f.followee_id` : sql`f.follower_id`;
    const since = sql`(extract(epoch FROM f.created_at) * 1000000)::bigint`;
    const conditions: SQL[] = [
      sql`${self} = ${userId}`,
      sql`f.state = ${options.state}`,
      activeReader('u'),
    ];
    if (options.hiddenFor) conditions.push(sql`u.id NOT IN ${hiddenSet(options.hiddenFor)}`);
    if (options.cursor)
      conditions.push(
        sql`(${since}, u.id) < (${options.cursor.sinceUs}::bigint, ${options.cursor.id}::uuid)`,
      );
    const rows = await selectRows<
      Pick<ReaderCard, (typeof RELATED_FIELDS)[number]> & { since: Date | string; since_us: string | number }
    >(
      tx,
      sql`SELECT ${readerCardSql('u', RELATED_FIELDS)}, f.created_at AS since, ${since} AS since_us
          FROM ${follows} f JOIN ${READERS} u ON u.id = ${other}
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY ${since} ${options.state === 'requested' ? sql`ASC` : sql`DESC`}, u.id DESC
          LIMIT ${options.limit}`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      profilePicture: row.profilePicture,
      since: new Date(row.since),
      sinceUs: String(row.since_us),
    }));
  }

  return {
    relatedPage: (
      userId: string,
      side: 'followers' | 'following',
      options: { state: FollowRowState; hiddenFor: string | null; cursor?: KeysetCursor; limit: number },
      tx: Db = db,
    ) => relatedPage(userId, side, options, tx),

    findReader: (id: string, tx: Db = db): Promise<ReaderRow | undefined> => findReaderProfile(tx, id),

    async privacyOf(userId: string, tx: Db = db): Promise<ReaderPrivacy> {
      const [row] = await tx.select().from(readerPrivacy).where(eq(readerPrivacy.userId, userId)).limit(1);
      return privacyOfRow(row);
    },

    async savePrivacy(userId: string, privacy: ReaderPrivacy, tx: Db = db): Promise<ReaderPrivacy> {
      const [row] = await tx
        .insert(readerPrivacy)
        .values({ userId, ...privacy })
        .onConflictDoUpdate({ target: readerPrivacy.userId, set: { ...privacy, updatedAt: now() } })
        .returning();
      return privacyOfRow(row);
    },

    async followState(followerId: string, followeeId: string, tx: Db = db): Promise<FollowRowState | null> {
      const [row] = await tx
        .select({ state: follows.state })
        .from(follows)
        .where(followKey(followerId, followeeId))
        .limit(1);
      return (row?.state as FollowRowState | undefined) ?? null;
    },

    /** The asker's follow state of each reader in `ids` (absent: none). */
    async followStatesOf(
      followerId: string,
      ids: string[],
      tx: Db = db,
    ): Promise<Map<string, FollowRowState>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: follows.followeeId, state: follows.state })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), inArray(follows.followeeId, ids)));
      return new Map(rows.map((row) => [row.id, row.state as FollowRowState]));
    },

    /** Inserts the follow unless one exists; true when this call created it. */
    async insertFollow(followerId: string, followeeId: string, state: FollowRowState, tx: Db = db) {
      const rows = await tx
        .insert(follows)
        .values({ followerId, followeeId, state })
        .onConflictDoNothing()
        .returning({ state: follows.state });
      return rows.length > 0;
    },

    /** Turns a request into a follow that begins now; false when there was no request. */
    async approveRequest(followerId: string, followeeId: string, tx: Db = db): Promise<boolean> {
      const at = now();
      const rows = await tx
        .update(follows)
        .set({ state: 'following', createdAt: at, updatedAt: at })
        .where(and(followKey(followerId, followeeId), eq(follows.state, 'requested')))
        .returning({ followerId: follows.followerId });
      return rows.length > 0;
    },

    /** Approves every pending request to `followeeId`; answers the followers. */
    async approveAllRequests(followeeId: string, tx: Db = db): Promise<string[]> {
      const at = now();
      const rows = await tx
        .update(follows)
        .set({ state: 'following', createdAt: at, updatedAt: at })
        .where(and(eq(follows.followeeId, followeeId), eq(follows.state, 'requested')))
        .returning({ followerId: follows.followerId });
      return rows.map((row) => row.followerId);
    },

    /** Removes the follow or request; true when there was one. */
    async deleteFollow(followerId: string, followeeId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(follows)
        .where(followKey(followerId, followeeId))
        .returning({ followerId: follows.followerId });
      return rows.length > 0;
    },

    /** Every follow and request between the two, either way. */
    async deleteFollowsBetween(a: string, b: string, tx: Db = db): Promise<void> {
      await tx.delete(follows).where(or(followKey(a, b), followKey(b, a)));
    },

    /** Follows and requests the reader has made (the limit counts both). */
    async countFollowing(followerId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(follows)
        .where(eq(follows.followerId, followerId));
      return Number(row?.n ?? 0);
    },

    /** Followers and followees of the reader (active readers, approved follows). */
    /**
     * A reader's followers and followees as the follower lists show them to `hiddenFor`: active
     * readers, none blocked either way with the asker.
     */
    async followCounts(
      userId: string,
      hiddenFor: string | null,
      tx: Db = db,
    ): Promise<{ followers: number; following: number }> {
      const visible = hiddenFor ? sql` AND u.id NOT IN ${hiddenSet(hiddenFor)}` : sql``;
      const [row] = await selectRows<{ followers: number | string; following: number | string }>(
        tx,
        sql`SELECT
              (SELECT count(*) FROM ${follows} f JOIN ${READERS} u ON u.id = f.follower_id
                WHERE f.followee_id = ${userId} AND f.state = 'following' AND ${activeReader('u')}${visible})::int
                AS followers,
              (SELECT count(*) FROM ${follows} f JOIN ${READERS} u ON u.id = f.followee_id
                WHERE f.follower_id = ${userId} AND f.state = 'following' AND ${activeReader('u')}${visible})::int
                AS following`,
      );
      return { followers: Number(row?.followers ?? 0), following: Number(row?.following ?? 0) };
    },

    async isBlockedEither(a: string, b: string, tx: Db = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: sql<number>`1` })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
            and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertBlock(blockerId: string, blockedId: string, tx: Db = db): Promise<void> {
      await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
    },

    async deleteBlock(blockerId: string, blockedId: string, tx: Db = db): Promise<void> {
      await tx.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    },

    /** Everyone `userId` blocked or was blocked by. */
    async hiddenFrom(userId: string, tx: Db = db): Promise<string[]> {
      const rows = await selectRows<{ id: string }>(tx, sql`SELECT x.id FROM ${hiddenSet(userId)} AS x(id)`);
      return rows.map((row) => row.id);
    },

    /** The readers `blockerId` blocked, newest first. */
    async blockedBy(blockerId: string, tx: Db = db) {
      return tx
        .select(readerCardColumns(RELATED_FIELDS))
        .from(blocks)
        .innerJoin(...joinReader(blocks.blockedId))
        .where(and(eq(blocks.blockerId, blockerId), UNDELETED_READER))
        .orderBy(sql`${blocks.createdAt} DESC`);
    },

    /**
     * Whose activity `viewerId` may see: the active readers they follow whose profile is not private
     * and who are not blocked either way; `showReadingList` tells whether their reading activity shows.
     */
    async feedSources(
      viewerId: string,
      tx: Db = db,
    ): Promise<Array<{ id: string; showReadingList: boolean }>> {
      const rows = await selectRows<{ id: string; show_reading_list: boolean | null }>(
        tx,
        sql`SELECT u.id, p.show_reading_list
            FROM ${follows} f
            JOIN ${READERS} u ON u.id = f.followee_id
            LEFT JOIN ${readerPrivacy} p ON p.user_id = u.id
            WHERE f.follower_id = ${viewerId} AND f.state = 'following' AND ${activeReader('u')}
              AND coalesce(p.profile_visibility, 'public') <> 'private'
              AND u.id NOT IN ${hiddenSet(viewerId)}`,
      );
      return rows.map((row) => ({
        id: row.id,
        showReadingList: row.show_reading_list ?? DEFAULT_READER_PRIVACY.showReadingList,
      }));
    },

    /** The actor's active followers who are not blocked either way (the audience of a live entry). */
    async audienceOf(actorId: string, tx: Db = db): Promise<string[]> {
      const rows = await selectRows<{ id: string }>(
        tx,
        sql`SELECT u.id FROM ${follows} f JOIN ${READERS} u ON u.id = f.follower_id
            WHERE f.followee_id = ${actorId} AND f.state = 'following' AND ${activeReader('u')}
              AND u.id NOT IN ${hiddenSet(actorId)}`,
      );
      return rows.map((row) => row.id);
    },

    /** Of `ids`, those that name an active reader. */
    activeIds: (ids: string[], tx: Db = db): Promise<Set<string>> => activeReaderIds(tx, ids),
  };
}

export type ReadersRepository = ReturnType<typeof createReadersRepository>;

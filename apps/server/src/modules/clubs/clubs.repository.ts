import type { ClubMembershipState } from '@nebab/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lt,
  lte,
  notInArray,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  books,
  clubMeetings,
  clubMemberships,
  clubMessages,
  clubs,
  clubTopicReplies,
  clubTopics,
  users,
  type ClubMeetingRow,
  type ClubMessageRow,
  type ClubRow,
  type ClubTopicReplyRow,
  type ClubTopicRow,
  type NewClubRow,
} from '../../db/schema/index.js';
import { escapeLike, selectRows } from '../../db/sql-helpers.js';
import { now } from '../../lib/time.js';

/** The user columns a member, message, topic or reply shows. */
const USER_COLUMNS = {
  id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  status: users.status,
};

export interface ClubPerson {
  id: string;
  name: string;
  profilePicture: string | null;
  status: string;
}

/** What the Club shape shows of a club besides its books, seen by one viewer. */
export interface ClubFacts {
  club: ClubRow;
  memberCount: number;
  topicCount: number;
  nextMeeting: ClubMeetingRow | null;
  membership: ClubMembershipState;
}

export type MembershipState = 'pending' | 'member' | 'moderator';
export const MEMBER_STATES: MembershipState[] = ['member', 'moderator'];

export interface MemberRow {
  user: ClubPerson;
  state: MembershipState;
  since: Date;
}

export interface MessageWithAuthor {
  message: ClubMessageRow;
  author: ClubPerson;
}

export interface TopicWithAuthor {
  topic: ClubTopicRow;
  author: ClubPerson;
  replyCount: number;
}

export interface TopicReplyWithAuthor {
  reply: ClubTopicReplyRow;
  author: ClubPerson;
}

/** A public club on a reader's profile. */
export interface PublicClubOfReader {
  id: string;
  name: string;
  genreFocus: string | null;
  role: 'member' | 'moderator';
  memberCount: number;
}

export interface ClubSearch {
  q?: string;
  mine: boolean;
  genre?: string;
  limit: number;
  viewerId: string | null;
}

/** Reads and writes clubs and everything in them. Every method takes an optional transaction. */
export function createClubsRepository(db: Db) {
  /** True when the viewer is a member (or moderator) of the club in `clubIdColumn`. */
  const viewerIsMember = (viewerId: string, clubIdColumn: AnyColumn): SQL =>
    sql`EXISTS (SELECT 1 FROM ${clubMemberships} m WHERE m.club_id = ${clubIdColumn} AND m.user_id = ${viewerId} AND m.state IN ('member', 'moderator'))`;

  /** The Club shape's details for `rows` (but their books), in order, as `viewerId` sees them. */
  async function views(rows: ClubRow[], viewerId: string | null, tx: Db = db): Promise<ClubFacts[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const memberCounts = await tx
      .select({ clubId: clubMemberships.clubId, n: count() })
      .from(clubMemberships)
      .where(and(inArray(clubMemberships.clubId, ids), inArray(clubMemberships.state, MEMBER_STATES)))
      .groupBy(clubMemberships.clubId);
    const topicCounts = await tx
      .select({ clubId: clubTopics.clubId, n: count() })
      .from(clubTopics)
      .where(inArray(clubTopics.clubId, ids))
      .groupBy(clubTopics.clubId);
    const mine = viewerId
      ? await tx
          .select({ clubId: clubMemberships.clubId, state: clubMemberships.state })
          .from(clubMemberships)
          .where(and(inArray(clubMemberships.clubId, ids), eq(clubMemberships.userId, viewerId)))
      : [];
    const meetings = await tx
      .selectDistinctOn([clubMeetings.clubId])
      .from(clubMeetings)
      .where(and(inArray(clubMeetings.clubId, ids), gt(clubMeetings.startsAt, now())))
      .orderBy(clubMeetings.clubId, asc(clubMeetings.startsAt), asc(clubMeetings.id));
    const members = new Map(memberCounts.map((row) => [row.clubId, Number(row.n)]));
    const topics = new Map(topicCounts.map((row) => [row.clubId, Number(row.n)]));
    const states = new Map(mine.map((row) => [row.clubId, row.state as ClubMembershipState]));
    const next = new Map(meetings.map((row) => [row.clubId, row]));
    return rows.map((club) => ({
      club,
      memberCount: members.get(club.id) ?? 0,
      topicCount: topics.get(club.id) ?? 0,
      nextMeeting: next.get(club.id) ?? null,
      membership: states.get(club.id) ?? 'none',
    }));
  }

  return {
    views,

    async findById(id: string, tx: Db = db): Promise<ClubRow | undefined> {
      const [row] = await tx.select().from(clubs).where(eq(clubs.id, id));
      return row;
    },

    /** Locks the club row for the rest of the transaction (membership changes serialise on it). */
    async lock(id: string, tx: Db): Promise<ClubRow | undefined> {
      const [row] = await tx.select().from(clubs).where(eq(clubs.id, id)).for('update');
      return row;
    },

    async search(query: ClubSearch): Promise<ClubRow[]> {
      const conditions: SQL[] = [];
      if (query.q) {
        const pattern = `%${escapeLike(query.q)}%`;
        // A private club's current book is only searchable by its members.
        const bookVisible = query.viewerId
          ? sql`(${clubs.visibility} = 'public' OR ${viewerIsMember(query.viewerId, clubs.id)})`
          : sql`${clubs.visibility} = 'public'`;
        const byName = sql`${clubs.name} ILIKE ${pattern}`;
        const byBook = sql`(${bookVisible} AND EXISTS (SELECT 1 FROM ${books} b WHERE b.id = ${clubs.currentBookId} AND b.title ILIKE ${pattern}))`;
        conditions.push(sql`(${byName} OR ${byBook})`);
      }
      if (query.mine) {
        if (!query.viewerId) return [];
        conditions.push(
          sql`EXISTS (SELECT 1 FROM ${clubMemberships} m WHERE m.club_id = ${clubs.id} AND m.user_id = ${query.viewerId})`,
        );
      }
      if (query.genre) {
        conditions.push(and(eq(clubs.genreFocus, query.genre), eq(clubs.visibility, 'public')) as SQL);
      }
      const memberCount = sql`(SELECT count(*) FROM ${clubMemberships} m WHERE m.club_id = ${clubs.id} AND m.state IN ('member', 'moderator'))`;
      return db
        .select()
        .from(clubs)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(query.mine ? asc(clubs.name) : desc(memberCount), asc(clubs.name), asc(clubs.id))
        .limit(query.limit);
    },

    async insert(values: NewClubRow, tx: Db = db): Promise<ClubRow> {
      const [row] = await tx.insert(clubs).values(values).returning();
      if (!row) throw new Error('club insert returned nothing');
      return row;
    },

    async update(id: string, values: Partial<NewClubRow>, tx: Db = db): Promise<ClubRow | undefined> {
      const [row] = await tx.update(clubs).set(values).where(eq(clubs.id, id)).returning();
      return row;
    },

    async remove(id: string, tx: Db = db): Promise<void> {
      await tx.delete(clubs).where(eq(clubs.id, id));
    },

    async membershipOf(clubId: string, userId: string, tx: Db = db): Promise<MembershipState | null> {
      const [row] = await tx
        .select({ state: clubMemberships.state })
        .from(clubMemberships)
        .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)));
      return (row?.state as MembershipState | undefined) ?? null;
    },

    /** Sets the user's state in the club (insert or update). */
    async setMembership(clubId: string, userId: string, state: MembershipState, tx: Db = db): Promise<void> {
      await tx
        .insert(clubMemberships)
        .values({ clubId, userId, state })
        .onConflictDoUpdate({
          target: [clubMemberships.clubId, clubMemberships.userId],
          set: { state, updatedAt: now() },
        });
    },

    /** Approving a request: the membership starts now. */
    async approve(clubId: string, userId: string, tx: Db = db): Promise<boolean> {
      const at = now();
      const rows = await tx
        .update(clubMemberships)
        .set({ state: 'member', createdAt: at, updatedAt: at })
        .where(
          and(
            eq(clubMemberships.clubId, clubId),
            eq(clubMemberships.userId, userId),
            eq(clubMemberships.state, 'pending'),
          ),
        )
        .returning({ userId: clubMemberships.userId });
      return rows.length > 0;
    },

    async deleteMembership(clubId: string, userId: string, tx: Db = db): Promise<void> {
      await tx
        .delete(clubMemberships)
        .where(and(eq(clubMemberships.clubId, clubId), eq(clubMemberships.userId, userId)));
    },

    /** Members (and moderators), or pending requests: moderators first, then by when they joined. */
    async members(clubId: string, which: 'members' | 'pending', tx: Db = db): Promise<MemberRow[]> {
      const rows = await tx
        .select({ user: USER_COLUMNS, state: clubMemberships.state, since: clubMemberships.createdAt })
        .from(clubMemberships)
        .innerJoin(users, eq(users.id, clubMemberships.userId))
        .where(
          and(
            eq(clubMemberships.clubId, clubId),
            which === 'members'
              ? inArray(clubMemberships.state, MEMBER_STATES)
              : eq(clubMemberships.state, 'pending'),
          ),
        )
        .orderBy(
          sql`CASE ${clubMemberships.state} WHEN 'moderator' THEN 0 ELSE 1 END`,
          asc(clubMemberships.createdAt),
          asc(clubMemberships.userId),
        );
      return rows.map((row) => ({ ...row, state: row.state as MembershipState }));
    },

    async memberIds(clubId: string, tx: Db = db): Promise<{ members: string[]; moderators: string[] }> {
      const rows = await tx
        .select({ userId: clubMemberships.userId, state: clubMemberships.state })
        .from(clubMemberships)
        .where(and(eq(clubMemberships.clubId, clubId), inArray(clubMemberships.state, MEMBER_STATES)));
      return {
        members: rows.map((row) => row.userId),
        moderators: rows.filter((row) => row.state === 'moderator').map((row) => row.userId),
      };
    },

    async findPerson(userId: string, tx: Db = db): Promise<ClubPerson | undefined> {
      const [row] = await tx.select(USER_COLUMNS).from(users).where(eq(users.id, userId));
      return row;
    },

    // Chat ---------------------------------------------------------------------------------------

    /**
     * Stores a message if the user is a member of the club and answers it with its author, in one
     * round trip (the chat's hot path); undefined when the user is not a member (or no such club).
     */
    async insertMessageIfMember(
      clubId: string,
      userId: string,
      content: string,
    ): Promise<MessageWithAuthor | undefined> {
      const [row] = await selectRows<{
        id: string;
        seq: string | number;
        club_id: string;
        user_id: string;
        content: string;
        created_at: Date | string;
        name: string;
        profile_picture: string | null;
        status: string;
      }>(
        db,
        sql`WITH m AS (
              INSERT INTO ${clubMessages} (club_id, user_id, content)
              SELECT ${clubId}, ${userId}, ${content}
              WHERE EXISTS (SELECT 1 FROM ${clubMemberships} cm WHERE cm.club_id = ${clubId}
                            AND cm.user_id = ${userId} AND cm.state IN ('member', 'moderator'))
              RETURNING id, seq, club_id, user_id, content, created_at
            )
            SELECT m.*, u.name, u.profile_picture, u.status::text AS status
            FROM m JOIN ${users} u ON u.id = m.user_id`,
      );
      if (!row) return undefined;
      const message: ClubMessageRow = {
        id: row.id,
        seq: Number(row.seq),
        clubId: row.club_id,
        userId: row.user_id,
        content: row.content,
        createdAt: new Date(row.created_at),
      };
      return {
        message,
        author: { id: row.user_id, name: row.name, profilePicture: row.profile_picture, status: row.status },
      };
    },

    /** The `seq` of a message of the club, or undefined. */
    async messageSeq(clubId: string, messageId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ seq: clubMessages.seq })
        .from(clubMessages)
        .where(and(eq(clubMessages.clubId, clubId), eq(clubMessages.id, messageId)));
      return row?.seq;
    },

    /**
     * A page of messages, returned oldest first. `after`: the `limit` messages right after that seq;
     * otherwise the `limit` latest ones (before `before` when given). Fetches one extra to tell
     * whether more remain.
     */
    async messages(
      clubId: string,
      page: { beforeSeq?: number; afterSeq?: number; limit: number },
      hidden: readonly string[] = [],
    ): Promise<{ rows: MessageWithAuthor[]; hasMore: boolean }> {
      const conditions = [eq(clubMessages.clubId, clubId)];
      if (hidden.length > 0) conditions.push(notInArray(clubMessages.userId, [...hidden]));
      if (page.beforeSeq !== undefined) conditions.push(lt(clubMessages.seq, page.beforeSeq));
      if (page.afterSeq !== undefined) conditions.push(gt(clubMessages.seq, page.afterSeq));
      const ascending = page.afterSeq !== undefined;
      const rows = await db
        .select({ message: clubMessages, author: USER_COLUMNS })
        .from(clubMessages)
        .innerJoin(users, eq(users.id, clubMessages.userId))
        .where(and(...conditions))
        .orderBy(ascending ? asc(clubMessages.seq) : desc(clubMessages.seq))
        .limit(page.limit + 1);
      const hasMore = rows.length > page.limit;
      const pageRows = rows.slice(0, page.limit);
      return { rows: ascending ? pageRows : pageRows.reverse(), hasMore };
    },

    // Discussions --------------------------------------------------------------------------------

    async topics(clubId: string): Promise<TopicWithAuthor[]> {
      const replyCount = sql<number>`(SELECT count(*)::int FROM ${clubTopicReplies} r WHERE r.topic_id = ${clubTopics.id})`;
      const rows = await db
        .select({ topic: clubTopics, author: USER_COLUMNS, replyCount })
        .from(clubTopics)
        .innerJoin(users, eq(users.id, clubTopics.userId))
        .where(eq(clubTopics.clubId, clubId))
        .orderBy(desc(clubTopics.lastActivityAt), desc(clubTopics.id));
      return rows.map((row) => ({ ...row, replyCount: Number(row.replyCount) }));
    },

    async topic(clubId: string, topicId: string, tx: Db = db): Promise<TopicWithAuthor | undefined> {
      const replyCount = sql<number>`(SELECT count(*)::int FROM ${clubTopicReplies} r WHERE r.topic_id = ${clubTopics.id})`;
      const [row] = await tx
        .select({ topic: clubTopics, author: USER_COLUMNS, replyCount })
        .from(clubTopics)
        .innerJoin(users, eq(users.id, clubTopics.userId))
        .where(and(eq(clubTopics.clubId, clubId), eq(clubTopics.id, topicId)));
      return row ? { ...row, replyCount: Number(row.replyCount) } : undefined;
    },

    async topicReplies(topicId: string): Promise<TopicReplyWithAuthor[]> {
      return db
        .select({ reply: clubTopicReplies, author: USER_COLUMNS })
        .from(clubTopicReplies)
        .innerJoin(users, eq(users.id, clubTopicReplies.userId))
        .where(eq(clubTopicReplies.topicId, topicId))
        .orderBy(asc(clubTopicReplies.createdAt), asc(clubTopicReplies.id));
    },

    async insertTopic(clubId: string, userId: string, title: string, body: string): Promise<ClubTopicRow> {
      const [row] = await db.insert(clubTopics).values({ clubId, userId, title, body }).returning();
      if (!row) throw new Error('topic insert returned nothing');
      return row;
    },

    async insertTopicReply(
      topicId: string,
      userId: string,
      body: string,
      tx: Db,
    ): Promise<ClubTopicReplyRow> {
      const [row] = await tx.insert(clubTopicReplies).values({ topicId, userId, body }).returning();
      if (!row) throw new Error('reply insert returned nothing');
      await tx.update(clubTopics).set({ lastActivityAt: row.createdAt }).where(eq(clubTopics.id, topicId));
      return row;
    },

    // Meetings -----------------------------------------------------------------------------------

    /** The club's next meeting (the soonest one still ahead), for update. */
    async upcomingMeeting(clubId: string, tx: Db): Promise<ClubMeetingRow | undefined> {
      const [row] = await tx
        .select()
        .from(clubMeetings)
        .where(and(eq(clubMeetings.clubId, clubId), gt(clubMeetings.startsAt, now())))
        .orderBy(asc(clubMeetings.startsAt))
        .limit(1);
      return row;
    },

    async insertMeeting(
      values: {
        clubId: string;
        startsAt: Date;
        title: string | null;
        location: string | null;
        createdBy: string;
      },
      tx: Db,
    ): Promise<ClubMeetingRow> {
      const [row] = await tx.insert(clubMeetings).values(values).returning();
      if (!row) throw new Error('meeting insert returned nothing');
      return row;
    },

    async updateMeeting(
      id: string,
      values: { startsAt: Date; title: string | null; location: string | null },
      tx: Db,
    ): Promise<ClubMeetingRow> {
      const [row] = await tx.update(clubMeetings).set(values).where(eq(clubMeetings.id, id)).returning();
      if (!row) throw new Error('meeting update returned nothing');
      return row;
    },

    async deleteMeeting(id: string, tx: Db): Promise<void> {
      await tx.delete(clubMeetings).where(eq(clubMeetings.id, id));
    },

    /**
     * Meetings of the given clubs, or of every club the user belongs to: upcoming (soonest first) or
     * past (latest first), with the club's name.
     */
    async meetings(
      scope: { clubId: string } | { memberId: string },
      when: 'upcoming' | 'past',
      limit: number,
    ): Promise<Array<{ meeting: ClubMeetingRow; clubName: string }>> {
      const at = now();
      const inScope =
        'clubId' in scope
          ? eq(clubMeetings.clubId, scope.clubId)
          : viewerIsMember(scope.memberId, clubMeetings.clubId);
      return db
        .select({ meeting: getTableColumns(clubMeetings), clubName: clubs.name })
        .from(clubMeetings)
        .innerJoin(clubs, eq(clubs.id, clubMeetings.clubId))
        .where(
          and(inScope, when === 'upcoming' ? gt(clubMeetings.startsAt, at) : lte(clubMeetings.startsAt, at)),
        )
        .orderBy(
          when === 'upcoming' ? asc(clubMeetings.startsAt) : desc(clubMeetings.startsAt),
          asc(clubMeetings.id),
        )
        .limit(limit);
    },

    // Readers and genres -------------------------------------------------------------------------

    /** The public clubs the user is a member or moderator of, most members first. */
    async publicClubsOf(userId: string, limit: number): Promise<PublicClubOfReader[]> {
      const rows = await selectRows<{
        id: string;
        name: string;
        genre_focus: string | null;
        state: string;
        member_count: number | string;
      }>(
        db,
        sql`SELECT c.id, c.name, c.genre_focus, m.state,
                   (SELECT count(*) FROM ${clubMemberships} x
                     WHERE x.club_id = c.id AND x.state IN ('member', 'moderator'))::int AS member_count
            FROM ${clubMemberships} m JOIN ${clubs} c ON c.id = m.club_id
            WHERE m.user_id = ${userId} AND m.state IN ('member', 'moderator') AND c.visibility = 'public'
            ORDER BY member_count DESC, c.name, c.id
            LIMIT ${limit}`,
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        genreFocus: row.genre_focus,
        role: row.state === 'moderator' ? 'moderator' : 'member',
        memberCount: Number(row.member_count),
      }));
    },

    /** A page of the genre's public clubs, most members first, and how many there are. */
    async genreGroups(
      genre: string,
      page: { page: number; pageSize: number },
    ): Promise<{ rows: ClubRow[]; total: number }> {
      const where = and(eq(clubs.genreFocus, genre), eq(clubs.visibility, 'public'));
      const memberCount = sql`(SELECT count(*) FROM ${clubMemberships} m WHERE m.club_id = ${clubs.id} AND m.state IN ('member', 'moderator'))`;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(clubs)
          .where(where)
          .orderBy(desc(memberCount), asc(clubs.name), asc(clubs.id))
          .limit(page.pageSize)
          .offset((page.page - 1) * page.pageSize),
        db.select({ n: count() }).from(clubs).where(where),
      ]);
      return { rows, total: Number(counted?.n ?? 0) };
    },

    /** Names of the public clubs among `ids`. */
    async publicNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: clubs.id, name: clubs.name })
        .from(clubs)
        .where(and(inArray(clubs.id, ids), eq(clubs.visibility, 'public')));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type ClubsRepository = ReturnType<typeof createClubsRepository>;

import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clubMeetings,
  clubMemberships,
  clubMessages,
  clubs,
  clubTopicReplies,
  clubTopics,
  type ClubMeetingRow,
  type ClubMessageRow,
  type ClubTopicReplyRow,
  type ClubTopicRow,
} from '../../db/schema/index.js';
import { selectRows } from '../../db/sql-helpers.js';
import { now } from '../../lib/time.js';
import {
  ACTIVE_READER,
  joinReader,
  READER_CARD_COLUMNS,
  READERS,
  readerCardJson,
} from '../users/reader-card.js';
import { READER_MAIL_COLUMNS } from '../users/users.read-model.js';
import { MEMBER_STATES, notBy, viewerIsMember, type ClubPerson } from './clubs.repository.js';

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

/** A topic's replies, but those by readers in `hidden`. */
const replyCount = (hidden: readonly string[]) =>
  sql<number>`(SELECT count(*)::int FROM ${clubTopicReplies} r WHERE r.topic_id = ${clubTopics.id}${
    hidden.length > 0 ? sql` AND ${notInArray(sql`r.user_id`, [...hidden])}` : sql``
  })`;

/**
 * Reads and writes what is said and planned in a club: its chat, its discussion topics and their
 * replies, its meetings. The caller checked membership (except where a method says it checks).
 */
export function createClubTalkRepository(db: Db) {
  return {
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
        author: ClubPerson;
      }>(
        db,
        sql`WITH m AS (
              INSERT INTO ${clubMessages} (club_id, user_id, content)
              SELECT ${clubId}, ${userId}, ${content}
              WHERE EXISTS (SELECT 1 FROM ${clubMemberships} cm WHERE cm.club_id = ${clubId}
                            AND cm.user_id = ${userId} AND cm.state IN ('member', 'moderator'))
              RETURNING id, seq, club_id, user_id, content, created_at
            )
            SELECT m.*, ${readerCardJson('u')} AS author
            FROM m JOIN ${READERS} u ON u.id = m.user_id`,
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
      return { message, author: row.author };
    },

    /**
     * The ids of the messages of these clubs written between `fromMs` and `toMs` milliseconds ago
     * (by the database's clock), oldest first, at most `limit` per call. Only the last moments of
     * the site's chat are read: the scan starts after the newest message older than `fromMs`.
     */
    async recentMessageIds(
      clubIds: readonly string[],
      window: { fromMs: number; toMs: number; limit: number },
    ): Promise<Array<{ clubId: string; id: string }>> {
      if (clubIds.length === 0) return [];
      const from = sql`now() - make_interval(secs => ${window.fromMs / 1000})`;
      const to = sql`now() - make_interval(secs => ${window.toMs / 1000})`;
      const rows = await db
        .select({ clubId: clubMessages.clubId, id: clubMessages.id })
        .from(clubMessages)
        .where(
          and(
            gt(
              clubMessages.seq,
              sql`COALESCE((SELECT o.seq FROM ${clubMessages} o WHERE o.created_at < ${from}
                            ORDER BY o.seq DESC LIMIT 1), 0)`,
            ),
            inArray(clubMessages.clubId, [...clubIds]),
            gte(clubMessages.createdAt, from),
            lte(clubMessages.createdAt, to),
          ),
        )
        .orderBy(desc(clubMessages.seq))
        .limit(window.limit);
      return rows.reverse();
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
      const notHidden = notBy(clubMessages.userId, hidden);
      if (notHidden) conditions.push(notHidden);
      if (page.beforeSeq !== undefined) conditions.push(lt(clubMessages.seq, page.beforeSeq));
      if (page.afterSeq !== undefined) conditions.push(gt(clubMessages.seq, page.afterSeq));
      const ascending = page.afterSeq !== undefined;
      const rows = await db
        .select({ message: clubMessages, author: READER_CARD_COLUMNS })
        .from(clubMessages)
        .innerJoin(...joinReader(clubMessages.userId))
        .where(and(...conditions))
        .orderBy(ascending ? asc(clubMessages.seq) : desc(clubMessages.seq))
        .limit(page.limit + 1);
      const hasMore = rows.length > page.limit;
      const pageRows = rows.slice(0, page.limit);
      return { rows: ascending ? pageRows : pageRows.reverse(), hasMore };
    },

    // Discussions --------------------------------------------------------------------------------

    /** The club's topics, newest activity first; none by readers in `hidden`, nor their replies in the counts. */
    async topics(clubId: string, hidden: readonly string[] = []): Promise<TopicWithAuthor[]> {
      const rows = await db
        .select({ topic: clubTopics, author: READER_CARD_COLUMNS, replyCount: replyCount(hidden) })
        .from(clubTopics)
        .innerJoin(...joinReader(clubTopics.userId))
        .where(and(eq(clubTopics.clubId, clubId), notBy(clubTopics.userId, hidden)))
        .orderBy(desc(clubTopics.lastActivityAt), desc(clubTopics.id));
      return rows.map((row) => ({ ...row, replyCount: Number(row.replyCount) }));
    },

    /** One topic of the club, unless a reader in `hidden` wrote it. */
    async topic(
      clubId: string,
      topicId: string,
      hidden: readonly string[] = [],
      tx: Db = db,
    ): Promise<TopicWithAuthor | undefined> {
      const [row] = await tx
        .select({ topic: clubTopics, author: READER_CARD_COLUMNS, replyCount: replyCount(hidden) })
        .from(clubTopics)
        .innerJoin(...joinReader(clubTopics.userId))
        .where(
          and(eq(clubTopics.clubId, clubId), eq(clubTopics.id, topicId), notBy(clubTopics.userId, hidden)),
        );
      return row ? { ...row, replyCount: Number(row.replyCount) } : undefined;
    },

    /** A topic's replies, oldest first; none by readers in `hidden`. */
    async topicReplies(topicId: string, hidden: readonly string[] = []): Promise<TopicReplyWithAuthor[]> {
      return db
        .select({ reply: clubTopicReplies, author: READER_CARD_COLUMNS })
        .from(clubTopicReplies)
        .innerJoin(...joinReader(clubTopicReplies.userId))
        .where(and(eq(clubTopicReplies.topicId, topicId), notBy(clubTopicReplies.userId, hidden)))
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

    /** Moves or renames a meeting; a move clears `reminded_at` (its members are reminded again). */
    async updateMeeting(
      id: string,
      values: { startsAt: Date; title: string | null; location: string | null },
      tx: Db,
    ): Promise<ClubMeetingRow> {
      const [row] = await tx
        .update(clubMeetings)
        .set({
          ...values,
          remindedAt: sql`CASE WHEN ${clubMeetings.startsAt} = ${values.startsAt.toISOString()}::timestamptz
                               THEN ${clubMeetings.remindedAt} END`,
        })
        .where(eq(clubMeetings.id, id))
        .returning();
      if (!row) throw new Error('meeting update returned nothing');
      return row;
    },

    /** One meeting of the club, with the club's name. */
    async meeting(
      clubId: string,
      meetingId: string,
    ): Promise<{ meeting: ClubMeetingRow; clubName: string } | undefined> {
      const [row] = await db
        .select({ meeting: getTableColumns(clubMeetings), clubName: clubs.name })
        .from(clubMeetings)
        .innerJoin(clubs, eq(clubs.id, clubMeetings.clubId))
        .where(and(eq(clubMeetings.clubId, clubId), eq(clubMeetings.id, meetingId)));
      return row;
    },

    /**
     * Claims the meetings starting in `(at, at + withinMs]` whose members were not reminded yet:
     * marks them reminded at `at` and answers them with their club's name and the members to tell
     * (members and moderators whose account is active). One UPDATE: of two nodes claiming at once,
     * the second waits on the row locks, sees `reminded_at` set and skips those rows.
     */
    async claimMeetingsToRemind(
      at: Date,
      withinMs: number,
      tx: Db,
    ): Promise<
      Array<{
        meeting: ClubMeetingRow;
        clubName: string;
        members: Array<{ id: string; name: string; email: string; language: string | null }>;
      }>
    > {
      const until = new Date(at.getTime() + withinMs);
      const claimed = await tx
        .update(clubMeetings)
        // Not a change of the meeting: `updated_at` (its calendar SEQUENCE) stays.
        .set({ remindedAt: at, updatedAt: sql`${clubMeetings.updatedAt}` })
        .where(
          and(
            sql`${clubMeetings.remindedAt} IS NULL`,
            gt(clubMeetings.startsAt, at),
            lte(clubMeetings.startsAt, until),
          ),
        )
        .returning();
      if (claimed.length === 0) return [];
      const clubIds = [...new Set(claimed.map((row) => row.clubId))];
      const [names, members] = await Promise.all([
        tx.select({ id: clubs.id, name: clubs.name }).from(clubs).where(inArray(clubs.id, clubIds)),
        tx
          .select({
            clubId: clubMemberships.clubId,
            ...READER_MAIL_COLUMNS,
          })
          .from(clubMemberships)
          .innerJoin(...joinReader(clubMemberships.userId))
          .where(
            and(
              inArray(clubMemberships.clubId, clubIds),
              inArray(clubMemberships.state, MEMBER_STATES),
              ACTIVE_READER,
            ),
          )
          .orderBy(asc(clubMemberships.userId)),
      ]);
      const nameOf = new Map(names.map((row) => [row.id, row.name]));
      return claimed
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .map((meeting) => ({
          meeting,
          clubName: nameOf.get(meeting.clubId) ?? '',
          members: members
            .filter((member) => member.clubId === meeting.clubId)
            .map(({ clubId: _clubId, ...member }) => member),
        }));
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
  };
}

export type ClubTalkRepository = ReturnType<typeof createClubTalkRepository>;

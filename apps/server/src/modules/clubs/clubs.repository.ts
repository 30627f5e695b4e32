import type { ClubMembershipState } from '@nebab/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
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
  clubs,
  clubTopics,
  type ClubMeetingRow,
  type ClubRow,
  type NewClubRow,
} from '../../db/schema/index.js';
import { escapeLike, selectRows } from '../../db/sql-helpers.js';
import { now } from '../../lib/time.js';
import { joinReader, READER_CARD_COLUMNS, type ReaderCard } from '../users/reader-card.js';
import { findReaderCard } from '../users/users.read-model.js';

/** True when the viewer is a member (or moderator) of the club in `clubIdColumn`. */
export const viewerIsMember = (viewerId: string, clubIdColumn: AnyColumn): SQL =>
  sql`EXISTS (SELECT 1 FROM ${clubMemberships} m WHERE m.club_id = ${clubIdColumn} AND m.user_id = ${viewerId} AND m.state IN ('member', 'moderator'))`;

/** Rows of none of the readers in `hidden` (blocked either way with the viewer). */
export const notBy = (column: AnyColumn, hidden: readonly string[]): SQL | undefined =>
  hidden.length > 0 ? notInArray(column, [...hidden]) : undefined;

/** The person a member, message, topic or reply shows: the reader card. */
export type ClubPerson = ReaderCard;

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

/**
 * Reads and writes clubs and their memberships (what is said and planned in them:
 * clubs.talk.repository.ts). Writes and the reads a change makes take an optional transaction; the
 * directory reads (search, a reader's clubs, genre groups, names) run alone.
 */
export function createClubsRepository(db: Db) {
  /**
   * The Club shape's details for `rows` (but their books), in order, as `viewerId` sees them: the
   * counts leave out members and topics of readers in `hidden` (blocked either way with the viewer),
   * as the member list and the topics do.
   */
  async function views(
    rows: ClubRow[],
    viewerId: string | null,
    tx: Db = db,
    hidden: readonly string[] = [],
  ): Promise<ClubFacts[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const memberCounts = await tx
      .select({ clubId: clubMemberships.clubId, n: count() })
      .from(clubMemberships)
      .where(
        and(
          inArray(clubMemberships.clubId, ids),
          inArray(clubMemberships.state, MEMBER_STATES),
          notBy(clubMemberships.userId, hidden),
        ),
      )
      .groupBy(clubMemberships.clubId);
    const topicCounts = await tx
      .select({ clubId: clubTopics.clubId, n: count() })
      .from(clubTopics)
      .where(and(inArray(clubTopics.clubId, ids), notBy(clubTopics.userId, hidden)))
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

    /**
     * What the creation cap counts of a reader: the clubs they started since `since` (and when the
     * first of those was), and the clubs they own (moderate) now.
     */
    async creationCounts(
      userId: string,
      since: Date,
      tx: Db,
    ): Promise<{ started: number; firstStartedAt: Date | null; owned: number }> {
      const [row] = await selectRows<{
        started: number | string;
        first_started_at: Date | string | null;
        owned: number | string;
      }>(
        tx,
        sql`SELECT
              (SELECT count(*) FROM ${clubs} WHERE created_by = ${userId} AND created_at >= ${since})::int
                AS started,
              (SELECT min(created_at) FROM ${clubs} WHERE created_by = ${userId} AND created_at >= ${since})
                AS first_started_at,
              (SELECT count(*) FROM ${clubMemberships} WHERE user_id = ${userId} AND state = 'moderator')::int
                AS owned`,
      );
      return {
        started: Number(row?.started ?? 0),
        firstStartedAt: row?.first_started_at ? new Date(row.first_started_at) : null,
        owned: Number(row?.owned ?? 0),
      };
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
    /** Members (moderators first) or pending requests, oldest first; none of the readers in `hidden`. */
    async members(
      clubId: string,
      which: 'members' | 'pending',
      tx: Db = db,
      hidden: readonly string[] = [],
    ): Promise<MemberRow[]> {
      const rows = await tx
        .select({ user: READER_CARD_COLUMNS, state: clubMemberships.state, since: clubMemberships.createdAt })
        .from(clubMemberships)
        .innerJoin(...joinReader(clubMemberships.userId))
        .where(
          and(
            eq(clubMemberships.clubId, clubId),
            notBy(clubMemberships.userId, hidden),
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
      return findReaderCard(tx, userId);
    },

    // Readers and genres -------------------------------------------------------------------------

    /** The public clubs the user is a member or moderator of, most members first. */
    /** The public clubs a reader belongs to, with their members but those in `hidden` counted. */
    async publicClubsOf(
      userId: string,
      limit: number,
      hidden: readonly string[] = [],
    ): Promise<PublicClubOfReader[]> {
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
                     WHERE x.club_id = c.id AND x.state IN ('member', 'moderator')${
                       hidden.length > 0 ? sql` AND ${notInArray(sql`x.user_id`, [...hidden])}` : sql``
                     })::int AS member_count
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

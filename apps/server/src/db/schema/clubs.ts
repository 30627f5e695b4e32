import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { id, timestamps, timestampTz } from './columns.js';
import { ownerUserId, users } from './users.js';

/**
 * Spec §3 Club. `cover_key` is the Storage key of the uploaded cover (`clubs/<id>.<ext>`). Books are
 * kept by id; a book removed from the catalogue clears the club's reference.
 */
export const clubs = pgTable(
  'clubs',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility').notNull().default('public'),
    genreFocus: text('genre_focus'),
    coverKey: text('cover_key'),
    currentBookId: text('current_book_id').references(() => books.id, { onDelete: 'set null' }),
    nextBookId: text('next_book_id').references(() => books.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('clubs_visibility_check', sql`${t.visibility} IN ('public', 'private')`),
    check('clubs_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
    check('clubs_description_check', sql`char_length(${t.description}) <= 2000`),
    index('clubs_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('clubs_genre_focus_idx').on(t.genreFocus),
    index('clubs_current_book_idx').on(t.currentBookId),
    /** The clubs a reader started lately (the creation cap). */
    index('clubs_created_by_idx').on(t.createdBy, t.createdAt),
  ],
);

/**
 * Spec §3 Club member / §4 Club membership: one row per (club, user). `state` pending is a request to
 * join a private club; member and moderator are members.
 */
export const clubMemberships = pgTable(
  'club_memberships',
  {
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    state: text('state').notNull(),
    /** When the request was made, or when the membership began. */
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'club_memberships_pk', columns: [t.clubId, t.userId] }),
    check('club_memberships_state_check', sql`${t.state} IN ('pending', 'member', 'moderator')`),
    index('club_memberships_user_idx').on(t.userId),
  ],
);

/**
 * Spec §3 Club message: plain trimmed text. `seq` orders messages (ids are random): history pages
 * and reconnection catch-up go by it.
 */
export const clubMessages = pgTable(
  'club_messages',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique('club_messages_seq_unique'),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    content: text('content').notNull(),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('club_messages_content_check', sql`char_length(${t.content}) BETWEEN 1 AND 2000`),
    index('club_messages_club_seq_idx').on(t.clubId, t.seq),
  ],
);

/** Discussion topics of a club; `last_activity_at` moves with each reply. */
export const clubTopics = pgTable(
  'club_topics',
  {
    id: id(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    lastActivityAt: timestampTz('last_activity_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    check('club_topics_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 200`),
    check('club_topics_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 5000`),
    index('club_topics_club_activity_idx').on(t.clubId, t.lastActivityAt),
  ],
);

export const clubTopicReplies = pgTable(
  'club_topic_replies',
  {
    id: id(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => clubTopics.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [
    check('club_topic_replies_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    index('club_topic_replies_topic_created_idx').on(t.topicId, t.createdAt),
  ],
);

/**
 * A club's meetings: every next meeting a moderator sets is one row (moving it updates the row).
 * `reminded_at`: when the members were reminded of it (24 hours before); moving it clears it.
 */
export const clubMeetings = pgTable(
  'club_meetings',
  {
    id: id(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    startsAt: timestampTz('starts_at').notNull(),
    title: text('title'),
    location: text('location'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    remindedAt: timestampTz('reminded_at'),
    ...timestamps,
  },
  (t) => [
    index('club_meetings_club_starts_idx').on(t.clubId, t.startsAt),
    /** The reminder job's scan: meetings not reminded yet, by start. */
    index('club_meetings_unreminded_idx')
      .on(t.startsAt)
      .where(sql`${t.remindedAt} IS NULL`),
  ],
);

export type ClubRow = typeof clubs.$inferSelect;
export type NewClubRow = typeof clubs.$inferInsert;
export type ClubMembershipRow = typeof clubMemberships.$inferSelect;
export type ClubMessageRow = typeof clubMessages.$inferSelect;
export type ClubTopicRow = typeof clubTopics.$inferSelect;
export type ClubTopicReplyRow = typeof clubTopicReplies.$inferSelect;
export type ClubMeetingRow = typeof clubMeetings.$inferSelect;

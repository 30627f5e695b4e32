import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, timestampTz } from './columns.js';
import { users } from './users.js';

/** A reader's privacy choices (module `readers`); no row means `DEFAULT_READER_PRIVACY`. */
export const readerPrivacy = pgTable(
  'reader_privacy',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileVisibility: text('profile_visibility').notNull().default('public'),
    showReadingList: boolean('show_reading_list').notNull().default(true),
    showLocation: boolean('show_location').notNull().default(false),
    /** Reviews written in Nebab start private (the review form's preselection; the API's default). */
    reviewsPrivate: boolean('reviews_private').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check(
      'reader_privacy_visibility_check',
      sql`${t.profileVisibility} IN ('public', 'followers', 'private')`,
    ),
  ],
);

/**
 * Who follows whom. `requested` waits for the followee's approval (a followers-only profile);
 * `following` is a follow. One row per (follower, followee); nobody follows themselves.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: uuid('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    /** When the request was made, or when the follow began. */
    ...timestamps,
  },
  (t) => [
    primaryKey({ name: 'follows_pk', columns: [t.followerId, t.followeeId] }),
    check('follows_state_check', sql`${t.state} IN ('requested', 'following')`),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.followeeId}`),
    index('follows_followee_state_idx').on(t.followeeId, t.state, t.createdAt),
    index('follows_follower_state_idx').on(t.followerId, t.state, t.createdAt),
  ],
);

/** A reader blocked another: both stop seeing each other everywhere. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pk', columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

export type ReaderPrivacyRow = typeof readerPrivacy.$inferSelect;
export type FollowRow = typeof follows.$inferSelect;
export type BlockRow = typeof blocks.$inferSelect;

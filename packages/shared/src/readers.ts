import { z } from 'zod';

/**
 * Readers meet readers (issue 15): public profiles, privacy, following and blocking.
 *
 * HTTP (all under /api):
 * - GET    /readers/:id                 anyone → ReaderProfile as the asker may see it; 404 when the
 *          reader is unknown, suspended or deleted, private (to anyone but themselves), or when either
 *          blocked the other. A followers-only profile answers `restricted: true` (the card only) to
 *          everyone but its approved followers and its owner.
 * - GET    /readers/:id/followers       whoever sees the whole profile → ReaderPage (cursor paging)
 * - GET    /readers/:id/following       idem
 * - POST   /readers/:id/follow          user → FollowResult: `following` at once for a public profile,
 *          `requested` (awaiting approval) for a followers-only one; 404 when the profile is private or
 *          hidden; 409 for oneself. Idempotent.
 * - DELETE /readers/:id/follow          user → 204: unfollow, or withdraw a request
 * - POST   /readers/:id/block           user → 204: both stop seeing each other everywhere (profiles,
 *          reviews and replies, chat, feed, notifications, lists) and every follow between them ends
 * - DELETE /readers/:id/block           user → 204
 * - GET    /me/privacy, PUT /me/privacy user → ReaderPrivacy
 * - GET    /me/follow-requests          user → FollowRequestList (oldest first)
 * - POST   /me/follow-requests/:userId  user → 204 ({ decision: approve | decline })
 * - DELETE /me/followers/:userId        user → 204 (removes a follower)
 * - GET    /me/blocks                   user → ReaderList of the readers the caller blocked
 */

export const PROFILE_VISIBILITIES = ['public', 'followers', 'private'] as const;
export const profileVisibilitySchema = z.enum(PROFILE_VISIBILITIES, 'validation.invalid');
export type ProfileVisibility = z.infer<typeof profileVisibilitySchema>;

/** `PUT /api/me/privacy` (every field required) and its answer. */
export const readerPrivacySchema = z.object({
  /** Who sees the profile: anyone, approved followers, or only the reader. */
  profileVisibility: profileVisibilitySchema,
  /** Whether the profile shows the reading list (shelves, currently reading) and reading activity. */
  showReadingList: z.boolean('validation.invalid'),
  /** Whether the profile shows the location from Settings. */
  showLocation: z.boolean('validation.invalid'),
  /** Reviews written in Nebab start private (preselected in the form, the API's default); absent: false. */
  reviewsPrivate: z.boolean('validation.invalid').default(false),
});
export type ReaderPrivacy = z.output<typeof readerPrivacySchema>;

export const DEFAULT_READER_PRIVACY: ReaderPrivacy = {
  profileVisibility: 'public',
  showReadingList: true,
  showLocation: false,
  reviewsPrivate: false,
};

/** The asker's relation to a reader: not following, waiting for approval, or following. */
export const FOLLOW_STATES = ['none', 'requested', 'following'] as const;
export const followStateSchema = z.enum(FOLLOW_STATES);
export type FollowState = z.infer<typeof followStateSchema>;

export const READER_LIMITS = {
  /** How many readers one may follow (requests included). */
  followingMax: 5000,
  pageSizeDefault: 30,
  pageSizeMax: 100,
  /** Books shown per shelf on a profile. */
  shelfBooks: 12,
  recentReviews: 5,
  profileLists: 24,
  profileClubs: 24,
} as const;

/** `POST /api/readers/:id/follow` answer. */
export const followResultSchema = z.object({ state: z.enum(['following', 'requested']) });
export type FollowResult = z.infer<typeof followResultSchema>;

export const readerParamsSchema = z.object({ id: z.uuid('validation.invalid') });
export const readerUserParamsSchema = z.object({ userId: z.uuid('validation.invalid') });

/** A reader as shown in lists and cards (spec §3 User: name, profile_picture). */
export const readerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});
export type ReaderSummary = z.infer<typeof readerSummarySchema>;

/** A reader in a followers / following / blocked list, with the asker's follow state. */
export const readerCardSchema = readerSummarySchema.extend({ follow: followStateSchema });
export type ReaderCard = z.infer<typeof readerCardSchema>;

/** A page of readers, newest relation first; `nextCursor` asks for the next page. */
export const readerPageSchema = z.object({
  items: z.array(readerCardSchema),
  nextCursor: z.string().nullable(),
});
export type ReaderPage = z.infer<typeof readerPageSchema>;

export const readerListSchema = z.object({ items: z.array(readerCardSchema) });
export type ReaderList = z.infer<typeof readerListSchema>;

/** Cursor paging of followers / following. */
export const readerPageQuerySchema = z.object({
  cursor: z.string().trim().max(200, 'validation.invalid').optional(),
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(READER_LIMITS.pageSizeMax, 'validation.invalid')
    .default(READER_LIMITS.pageSizeDefault),
});
export type ReaderPageQuery = z.infer<typeof readerPageQuerySchema>;

/** A pending request to follow the caller. */
export const followRequestSchema = z.object({ user: readerSummarySchema, requested_at: z.string() });
export type FollowRequest = z.infer<typeof followRequestSchema>;
export const followRequestListSchema = z.object({ items: z.array(followRequestSchema) });
export type FollowRequestList = z.infer<typeof followRequestListSchema>;

export const followDecisionSchema = z.object({
  decision: z.enum(['approve', 'decline'], 'validation.invalid'),
});
export type FollowDecision = z.infer<typeof followDecisionSchema>;

/** A book on a profile's shelf. */
export const profileBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  coverImage: z.string().nullable(),
  coverCandidates: z.array(z.string()),
});
export type ProfileBook = z.infer<typeof profileBookSchema>;

export const PROFILE_SHELVES = ['currentlyReading', 'wantToRead', 'completed'] as const;

/** One reading-list shelf: how many books, and the latest of them. */
export const profileShelfSchema = z.object({
  status: z.enum(PROFILE_SHELVES),
  count: z.number().int(),
  books: z.array(profileBookSchema),
});
export type ProfileShelf = z.infer<typeof profileShelfSchema>;

/** One of the reader's approved public reviews. */
export const profileReviewSchema = z.object({
  id: z.string(),
  book: profileBookSchema,
  rating: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;

/** A public club the reader belongs to. */
export const profileClubSchema = z.object({
  id: z.string(),
  name: z.string(),
  genre_focus: z.string().nullable(),
  member_count: z.number().int(),
  role: z.enum(['member', 'moderator']),
});
export type ProfileClub = z.infer<typeof profileClubSchema>;

/** A book list as shown on cards (profiles, genre lists); the full list is `BookListDetail`. */
export const bookListSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(['public', 'private']),
  mode: z.enum(['open', 'curated']),
  genre: z.string().nullable(),
  owner: readerSummarySchema,
  itemCount: z.number().int(),
  voteCount: z.number().int(),
  /** The first few books, in rank order (for the cover strip). */
  preview: z.array(profileBookSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BookListSummary = z.infer<typeof bookListSummarySchema>;

/**
 * `GET /api/readers/:id`. With `restricted` (a followers-only profile seen by someone who does not
 * follow it) only the card is filled: the counts of books, reviews and lists are null and the
 * sections empty. `readingListShown` false: the shelves are empty because the reader hides them.
 */
export const readerProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
  joined_at: z.string(),
  location: z.string().nullable(),
  visibility: profileVisibilitySchema,
  restricted: z.boolean(),
  viewer: z.object({
    /** The asker is this reader. */
    self: z.boolean(),
    /** The asker's follow of this reader (none for visitors). */
    follow: followStateSchema,
    /** This reader follows the asker. */
    followsYou: z.boolean(),
  }),
  counts: z.object({
    followers: z.number().int(),
    following: z.number().int(),
    booksRead: z.number().int().nullable(),
    reviews: z.number().int().nullable(),
    lists: z.number().int().nullable(),
  }),
  readingListShown: z.boolean(),
  currentlyReading: z.array(profileBookSchema),
  shelves: z.array(profileShelfSchema),
  recentReviews: z.array(profileReviewSchema),
  lists: z.array(bookListSummarySchema),
  clubs: z.array(profileClubSchema),
});
export type ReaderProfile = z.infer<typeof readerProfileSchema>;

import { z } from 'zod';
import { plainName, writtenText } from './text.js';
import { GENRE_SLUGS } from './genres.js';

/**
 * Book clubs (spec §2 Book clubs page, §3 Club / Club message / Club member, §4 Club membership).
 *
 * HTTP (all under /api, JSON unless noted; "member" = member or moderator):
 * - GET    /clubs?q=&mine=true&genre=<slug>&limit=   anyone → ClubList. q matches the club name, or the
 *          current book title of public clubs (and of clubs the caller belongs to). mine=true: the caller's
 *          clubs (incl. pending requests). genre: public clubs with that genre focus.
 *          Private clubs the caller is not in come back `restricted` (name only).
 * - POST   /clubs                                     user → 201 Club (JSON ClubCreate; creator = moderator)
 * - GET    /clubs/:id                                 anyone → Club (restricted for outsiders of private clubs)
 * - PATCH  /clubs/:id                                 moderator → Club (ClubPatch; 403 members/outsiders of
 *          public clubs, 404 outsiders of private clubs)
 * - PUT    /clubs/:id/cover                           moderator, multipart/form-data with one file field
 *          `cover` (≤ 2 MB jpeg/png/webp, by content) → Club. 413 too large, 415 other types.
 * - GET    /clubs/:id/cover                           whoever may see the club → the image (404 when none)
 * - POST   /clubs/:id/join                            user → Club (public: membership `member`; private:
 *          `pending`). Idempotent.
 * - DELETE /clubs/:id/membership                      user → 204: leave, or withdraw a pending request. The
 *          last moderator cannot leave while other members remain (409 `clubs.lastModerator`); when the
 *          last member leaves, the club is deleted.
 * - GET    /clubs/:id/members                         anyone (public) / members (private) → ClubMemberList
 * - PATCH  /clubs/:id/members/:userId                 moderator → ClubMember ({ role }: promote/demote; the
 *          last moderator cannot be demoted, 409)
 * - DELETE /clubs/:id/members/:userId                 moderator → 204 (removes a member; not a moderator, 409)
 * - GET    /clubs/:id/requests                        moderator → ClubJoinRequestList (pending, oldest first)
 * - POST   /clubs/:id/requests/:userId                moderator → 204 ({ decision: approve | decline })
 * - GET    /clubs/:id/messages?before=&after=&limit=  member → ClubMessageList, newest last. before/after are
 *          message ids (exclusive); without either: the latest `limit` messages.
 * - GET    /clubs/:id/topics                          anyone (public) / members (private) → ClubTopicList,
 *          newest activity first
 * - POST   /clubs/:id/topics                          member → 201 ClubTopic (ClubTopicInput)
 * - GET    /clubs/:id/topics/:topicId                 like the list → ClubTopicDetail (replies oldest first)
 * - POST   /clubs/:id/topics/:topicId/replies         member → 201 ClubTopicReply (ClubTopicReplyInput)
 * - GET    /clubs/:id/meetings?when=upcoming|past     anyone (public) / members (private) → ClubMeetingList
 *          (upcoming: soonest first; past: latest first)
 * - GET    /clubs/events?when=upcoming|past           user → ClubMeetingList of the caller's clubs
 * - GET    /genres/:slug/groups?page=&pageSize=      anyone → GenreGroupsPage: the genre's public clubs
 *          (its discussion groups), most members first; 404 for an unknown genre
 */

export const CLUB_VISIBILITIES = ['public', 'private'] as const;
export const clubVisibilitySchema = z.enum(CLUB_VISIBILITIES, 'validation.invalid');
export type ClubVisibility = z.infer<typeof clubVisibilitySchema>;

export const CLUB_ROLES = ['member', 'moderator'] as const;
export const clubRoleSchema = z.enum(CLUB_ROLES, 'validation.invalid');
export type ClubRole = z.infer<typeof clubRoleSchema>;

/** The caller's relation to a club (spec §4 Club membership). */
export const CLUB_MEMBERSHIP_STATES = ['none', 'pending', 'member', 'moderator'] as const;
export const clubMembershipStateSchema = z.enum(CLUB_MEMBERSHIP_STATES);
export type ClubMembershipState = z.infer<typeof clubMembershipStateSchema>;

/** Bounds of club inputs, shared by forms, routes and the socket server. */
export const CLUB_LIMITS = {
  nameMin: 3,
  nameMax: 80,
  descriptionMax: 2000,
  searchQueryMax: 100,
  listMax: 50,
  coverMaxBytes: 2 * 1024 * 1024,
  /** Accepted cover types (checked by content, not by name). */
  coverTypes: ['image/jpeg', 'image/png', 'image/webp'],
  messageMax: 2000,
  messagesPageDefault: 50,
  messagesPageMax: 100,
  /** Chat rate limit per user: at most `messagesPerWindow` messages in `messageWindowMs`. */
  messagesPerWindow: 5,
  messageWindowMs: 5000,
  topicTitleMax: 200,
  topicBodyMax: 5000,
  topicReplyMax: 2000,
  meetingTitleMax: 120,
  meetingLocationMax: 300,
  /** Clubs one reader may start in 24 hours (429 past it, until the oldest of them is a day old). */
  createdPerDay: 5,
  /** Clubs one reader may own — moderate — at once (429 past it: hand one over or close one first). */
  ownedMax: 20,
} as const;

const bookIdSchema = z.string().trim().min(1, 'validation.invalid').max(100, 'validation.invalid');

/** `POST /api/clubs` (JSON). The cover is uploaded afterwards with `PUT /api/clubs/:id/cover`. */
export const clubCreateSchema = z.object({
  name: plainName(
    writtenText({ error: 'clubs.nameRequired' })
      .trim()
      .min(CLUB_LIMITS.nameMin, { error: 'clubs.nameMin' })
      .max(CLUB_LIMITS.nameMax, { error: 'clubs.nameMax' }),
  ),
  description: writtenText('validation.invalid')
    .trim()
    .max(CLUB_LIMITS.descriptionMax, { error: 'clubs.descriptionMax' })
    .default(''),
  visibility: clubVisibilitySchema.default('public'),
  genre_focus: z.enum(GENRE_SLUGS, 'clubs.genreInvalid').nullable().default(null),
});
export type ClubCreate = z.infer<typeof clubCreateSchema>;
/** The create form's values before parsing. */
export type ClubCreateValues = z.input<typeof clubCreateSchema>;

/** The next meeting a moderator sets: an ISO date-time in the future, optional title and place or link. */
export const clubMeetingInputSchema = z.object({
  startsAt: z.iso
    .datetime({ offset: true, error: 'clubs.meetingDateInvalid' })
    .refine((value) => Date.parse(value) > Date.now(), { error: 'clubs.meetingInPast' }),
  title: plainName(
    writtenText('validation.invalid')
      .trim()
      .max(CLUB_LIMITS.meetingTitleMax, { error: 'clubs.meetingTitleMax' }),
  ).optional(),
  location: writtenText('validation.invalid')
    .trim()
    .max(CLUB_LIMITS.meetingLocationMax, { error: 'clubs.meetingLocationMax' })
    .optional(),
});
export type ClubMeetingInput = z.infer<typeof clubMeetingInputSchema>;

/**
 * `PATCH /api/clubs/:id` (moderators). Every field optional; `null` clears. Setting `nextMeeting`
 * moves the club's upcoming meeting (or schedules one); `null` cancels it. Book ids must name an
 * active catalogue book (400 VALIDATION with `fields.currentBookId` / `fields.nextBookId` otherwise).
 */
export const clubPatchSchema = z.object({
  name: clubCreateSchema.shape.name.optional(),
  description: writtenText('validation.invalid')
    .trim()
    .max(CLUB_LIMITS.descriptionMax, { error: 'clubs.descriptionMax' })
    .optional(),
  visibility: clubVisibilitySchema.optional(),
  genre_focus: z.enum(GENRE_SLUGS, 'clubs.genreInvalid').nullable().optional(),
  currentBookId: bookIdSchema.nullable().optional(),
  nextBookId: bookIdSchema.nullable().optional(),
  nextMeeting: clubMeetingInputSchema.nullable().optional(),
});
export type ClubPatch = z.infer<typeof clubPatchSchema>;

/** A book a club reads (spec §3 Club currentBook: title, author, coverImage). */
export const clubBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  coverImage: z.string().nullable(),
});
export type ClubBook = z.infer<typeof clubBookSchema>;

/** One meeting of a club (each next meeting saved is one). `location` may be a place or a link. */
export const clubMeetingSchema = z.object({
  id: z.string(),
  clubId: z.string(),
  clubName: z.string(),
  startsAt: z.string(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  created_at: z.string(),
});
export type ClubMeeting = z.infer<typeof clubMeetingSchema>;

/**
 * Spec §3 Club. For a private club the caller is not a member of, `restricted` is true and only
 * id, name, visibility and membership (none or pending) are meaningful: the other fields are null
 * (or 0 / empty).
 */
export const clubSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(CLUB_VISIBILITIES),
  genre_focus: z.enum(GENRE_SLUGS).nullable(),
  /** Address of the uploaded cover (`/api/clubs/:id/cover?v=…`), or null. */
  coverImage: z.string().nullable(),
  member_count: z.number().int().nullable(),
  /** Number of discussion topics. */
  discussions: z.number().int().nullable(),
  currentBook: clubBookSchema.nullable(),
  nextBook: clubBookSchema.nullable(),
  nextMeeting: clubMeetingSchema.nullable(),
  membership: clubMembershipStateSchema,
  restricted: z.boolean(),
  created_at: z.string(),
});
export type Club = z.infer<typeof clubSchema>;

export const clubListSchema = z.object({ items: z.array(clubSchema) });
export type ClubList = z.infer<typeof clubListSchema>;

/** `GET /api/clubs` query. */
export const clubSearchQuerySchema = z.object({
  q: z.string().trim().max(CLUB_LIMITS.searchQueryMax, 'validation.invalid').optional(),
  mine: z.enum(['true', 'false'], 'validation.invalid').optional(),
  genre: z.enum(GENRE_SLUGS, 'clubs.genreInvalid').optional(),
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(CLUB_LIMITS.listMax, 'validation.invalid')
    .default(CLUB_LIMITS.listMax),
});
export type ClubSearchQuery = z.infer<typeof clubSearchQuerySchema>;

export const clubParamsSchema = z.object({ id: z.uuid('validation.invalid') });
export const clubMemberParamsSchema = z.object({
  id: z.uuid('validation.invalid'),
  userId: z.uuid('validation.invalid'),
});
export const clubMeetingParamsSchema = z.object({
  id: z.uuid('validation.invalid'),
  meetingId: z.uuid('validation.invalid'),
});
export const clubTopicParamsSchema = z.object({
  id: z.uuid('validation.invalid'),
  topicId: z.uuid('validation.invalid'),
});

/** The author of a message, topic or reply (spec §3: name, profile_picture). */
export const clubUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});
export type ClubUser = z.infer<typeof clubUserSchema>;

/** Spec §3 Club member. */
export const clubMemberSchema = clubUserSchema.extend({
  role: clubRoleSchema,
  joined_at: z.string(),
});
export type ClubMember = z.infer<typeof clubMemberSchema>;
export const clubMemberListSchema = z.object({ items: z.array(clubMemberSchema) });
export type ClubMemberList = z.infer<typeof clubMemberListSchema>;

/** `PATCH /api/clubs/:id/members/:userId`. */
export const clubMemberPatchSchema = z.object({ role: clubRoleSchema });
export type ClubMemberPatch = z.infer<typeof clubMemberPatchSchema>;

/** A pending request to join a private club. */
export const clubJoinRequestSchema = z.object({
  user: clubUserSchema,
  requested_at: z.string(),
});
export type ClubJoinRequest = z.infer<typeof clubJoinRequestSchema>;
export const clubJoinRequestListSchema = z.object({ items: z.array(clubJoinRequestSchema) });
export type ClubJoinRequestList = z.infer<typeof clubJoinRequestListSchema>;

/** `POST /api/clubs/:id/requests/:userId`. */
export const clubJoinDecisionSchema = z.object({
  decision: z.enum(['approve', 'decline'], 'validation.invalid'),
});
export type ClubJoinDecision = z.infer<typeof clubJoinDecisionSchema>;

/** Chat text: trimmed, not blank, at most `CLUB_LIMITS.messageMax` characters; stored and shown as plain text. */
export const clubMessageContentSchema = writtenText({ error: 'clubs.messageRequired' })
  .trim()
  .min(1, { error: 'clubs.messageRequired' })
  .max(CLUB_LIMITS.messageMax, { error: 'clubs.messageMax' });

/** Spec §3 Club message, as stored. */
export const clubMessageSchema = z.object({
  id: z.string(),
  clubId: z.string(),
  user: clubUserSchema,
  content: z.string(),
  created_at: z.string(),
});
export type ClubMessage = z.infer<typeof clubMessageSchema>;

/** `GET /api/clubs/:id/messages`: newest last. `hasMore`: older (with `before`/none) or newer (with `after`) remain. */
export const clubMessageListSchema = z.object({
  items: z.array(clubMessageSchema),
  hasMore: z.boolean(),
});
export type ClubMessageList = z.infer<typeof clubMessageListSchema>;

export const clubMessagesQuerySchema = z.object({
  before: z.uuid('validation.invalid').optional(),
  after: z.uuid('validation.invalid').optional(),
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(CLUB_LIMITS.messagesPageMax, 'validation.invalid')
    .default(CLUB_LIMITS.messagesPageDefault),
});
export type ClubMessagesQuery = z.infer<typeof clubMessagesQuerySchema>;

/** `POST /api/clubs/:id/topics`. */
export const clubTopicInputSchema = z.object({
  title: plainName(
    writtenText({ error: 'clubs.topicTitleRequired' })
      .trim()
      .min(1, { error: 'clubs.topicTitleRequired' })
      .max(CLUB_LIMITS.topicTitleMax, { error: 'clubs.topicTitleMax' }),
  ),
  body: writtenText({ error: 'clubs.topicBodyRequired' })
    .trim()
    .min(1, { error: 'clubs.topicBodyRequired' })
    .max(CLUB_LIMITS.topicBodyMax, { error: 'clubs.topicBodyMax' }),
});
export type ClubTopicInput = z.infer<typeof clubTopicInputSchema>;

/** `POST /api/clubs/:id/topics/:topicId/replies`. */
export const clubTopicReplyInputSchema = z.object({
  body: writtenText({ error: 'clubs.replyRequired' })
    .trim()
    .min(1, { error: 'clubs.replyRequired' })
    .max(CLUB_LIMITS.topicReplyMax, { error: 'clubs.replyMax' }),
});
export type ClubTopicReplyInput = z.infer<typeof clubTopicReplyInputSchema>;

/** A discussion topic (plain text). */
export const clubTopicSchema = z.object({
  id: z.string(),
  clubId: z.string(),
  title: z.string(),
  body: z.string(),
  user: clubUserSchema,
  reply_count: z.number().int(),
  created_at: z.string(),
  last_activity_at: z.string(),
});
export type ClubTopic = z.infer<typeof clubTopicSchema>;
export const clubTopicListSchema = z.object({ items: z.array(clubTopicSchema) });
export type ClubTopicList = z.infer<typeof clubTopicListSchema>;

export const clubTopicReplySchema = z.object({
  id: z.string(),
  topicId: z.string(),
  user: clubUserSchema,
  body: z.string(),
  created_at: z.string(),
});
export type ClubTopicReply = z.infer<typeof clubTopicReplySchema>;

export const clubTopicDetailSchema = clubTopicSchema.extend({ replies: z.array(clubTopicReplySchema) });
export type ClubTopicDetail = z.infer<typeof clubTopicDetailSchema>;

export const clubMeetingListSchema = z.object({ items: z.array(clubMeetingSchema) });
export type ClubMeetingList = z.infer<typeof clubMeetingListSchema>;

export const CLUB_MEETING_WHEN = ['upcoming', 'past'] as const;
export const clubMeetingsQuerySchema = z.object({
  when: z.enum(CLUB_MEETING_WHEN, 'validation.invalid').default('upcoming'),
});
export type ClubMeetingsQuery = z.infer<typeof clubMeetingsQuerySchema>;

/** `GET /api/genres/:slug/groups`: the genre's public clubs, most members first. */
export const genreGroupsPageSchema = z.object({
  items: z.array(clubSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GenreGroupsPage = z.infer<typeof genreGroupsPageSchema>;

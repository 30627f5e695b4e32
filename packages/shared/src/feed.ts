import { z } from 'zod';
import { profileBookSchema, readerSummarySchema } from './readers.js';

/**
 * The activity feed of the dashboard ("From people you follow", issue 15): what the readers the
 * caller follows did, newest first. Each actor's privacy holds at every read: a private profile
 * shows nothing, a hidden reading list hides `started` / `finished`, a private or hidden review never
 * shows, nor does a private list or a private club, nor anyone the caller blocked or was blocked by.
 *
 * - GET /api/feed?cursor=&limit=   user → FeedPage (`nextCursor` null at the end)
 * - Socket.IO `feed:new { entry }` to each follower who may see a new entry; `feed:removed { ids }`
 *   when entries are withdrawn (a review made private, a club left).
 */
export const FEED_KINDS = ['started', 'finished', 'rated', 'reviewed', 'listed', 'joinedClub'] as const;
export const feedKindSchema = z.enum(FEED_KINDS);
export type FeedKind = z.infer<typeof feedKindSchema>;

export const FEED_LIMITS = {
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Characters of a review kept in the feed. */
  excerptMax: 280,
} as const;

export const feedEntrySchema = z.object({
  id: z.string(),
  kind: feedKindSchema,
  actor: readerSummarySchema,
  book: profileBookSchema.nullable(),
  /** `rated` / `reviewed`: the stars. */
  rating: z.number().int().nullable(),
  /** `reviewed`: the start of the review. */
  excerpt: z.string().nullable(),
  reviewId: z.string().nullable(),
  /** `listed`: the list the book went on. */
  list: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** `joinedClub`: the club. */
  club: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type FeedEntry = z.infer<typeof feedEntrySchema>;

export const feedQuerySchema = z.object({
  cursor: z.string().trim().max(40, 'validation.invalid').optional(),
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(FEED_LIMITS.pageSizeMax, 'validation.invalid')
    .default(FEED_LIMITS.pageSizeDefault),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const feedPageSchema = z.object({
  items: z.array(feedEntrySchema),
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

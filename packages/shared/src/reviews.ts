import { z } from 'zod';
import { GENRE_SLUGS } from './genres.js';
import { BOOK_LANGUAGES } from './uploads.js';
import { writtenText } from './text.js';

/** Spec §3 Review status. New reviews are approved; three distinct reporters flag one. */
export const REVIEW_STATUSES = ['approved', 'rejected', 'flagged', 'deleted'] as const;
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

export const REVIEW_VISIBILITIES = ['public', 'private'] as const;
export const reviewVisibilitySchema = z.enum(REVIEW_VISIBILITIES, 'validation.invalid');
export type ReviewVisibility = z.infer<typeof reviewVisibilitySchema>;

export const REVIEW_REACTIONS = ['like', 'dislike'] as const;
export type ReviewReactionType = (typeof REVIEW_REACTIONS)[number];

/** Bounds of review inputs. */
export const REVIEW_LIMITS = {
  commentMax: 5000,
  replyMax: 2000,
  /** Reports from this many distinct users flag a review. */
  flagAfterReports: 3,
} as const;

/** Spec §3 Review submission / §5 Review: rating 1–5 required, comment required. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'reviews.ratingRequired' })
    .int({ error: 'reviews.ratingRange' })
    .min(1, { error: 'reviews.ratingRange' })
    .max(5, { error: 'reviews.ratingRange' }),
  comment: writtenText({ error: 'reviews.commentRequired' })
    .trim()
    .min(1, { error: 'reviews.commentRequired' })
    .max(REVIEW_LIMITS.commentMax, { error: 'reviews.commentMax' }),
  /** Absent: the reader's default (`reviewsPrivate` of `PUT /api/me/privacy`: private, else public). */
  visibility: reviewVisibilitySchema.optional(),
  /** The comment gives away the plot: others see it only after "Show spoiler". */
  spoiler: z.boolean('validation.invalid').default(false),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
/** The form's values before parsing (visibility optional). */
export type ReviewInputValues = z.input<typeof reviewInputSchema>;

/** `PATCH /api/reviews/:id`: any of the submission's fields. */
export const reviewPatchSchema = z.object({
  rating: reviewInputSchema.shape.rating.optional(),
  comment: reviewInputSchema.shape.comment.optional(),
  visibility: reviewVisibilitySchema.optional(),
  spoiler: z.boolean('validation.invalid').optional(),
});
export type ReviewPatch = z.infer<typeof reviewPatchSchema>;

/** `POST /api/reviews/:id/replies`. */
export const replyInputSchema = z.object({
  text: writtenText({ error: 'reviews.replyRequired' })
    .trim()
    .min(1, { error: 'reviews.replyRequired' })
    .max(REVIEW_LIMITS.replyMax, { error: 'reviews.replyMax' }),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

/** `PUT /api/reviews/:id/reaction`: null removes the caller's reaction. */
export const reactionInputSchema = z.object({
  type: z.enum(REVIEW_REACTIONS, 'validation.invalid').nullable(),
});
export type ReactionInput = z.infer<typeof reactionInputSchema>;

export const reviewParamsSchema = z.object({ id: z.uuid('validation.invalid') });
export const bookReviewsParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The author of a review or reply as shown (spec §3: name, profile_picture). */
export const reviewUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});
export type ReviewUser = z.infer<typeof reviewUserSchema>;

/** Spec §3 Reply. */
export const replySchema = z.object({
  id: z.string(),
  user: reviewUserSchema,
  date: z.string(),
  text: z.string(),
});
export type Reply = z.infer<typeof replySchema>;

/** `PUT /api/reviews/:id/reaction` answer; also part of every Review. */
export const reactionSummarySchema = z.object({
  likes: z.number().int(),
  dislikes: z.number().int(),
  mine: z.enum(REVIEW_REACTIONS).nullable(),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

/** Spec §3 Review, with the rating, visibility and the caller's own reaction. */
export const reviewSchema = z.object({
  id: z.string(),
  reviewID: z.string(),
  bookId: z.string(),
  user: reviewUserSchema,
  rating: z.number().int(),
  comment: z.string(),
  visibility: z.enum(REVIEW_VISIBILITIES),
  spoiler: z.boolean(),
  status: reviewStatusSchema,
  /** Came with a library import and not written in Nebab since (its visibility and date are the import's). */
  imported: z.boolean(),
  timestamp: z.string(),
  updated_at: z.string(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  mine: z.enum(REVIEW_REACTIONS).nullable(),
  replies: z.array(replySchema),
});
export type Review = z.infer<typeof reviewSchema>;

/** `GET /api/books/:id/reviews`. */
export const reviewListSchema = z.object({ items: z.array(reviewSchema) });
export type ReviewList = z.infer<typeof reviewListSchema>;

/** Paging of the public review feed (`GET /api/reviews`). */
export const REVIEW_FEED_LIMITS = { pageSizeDefault: 12, pageSizeMax: 48, pageMax: 500 } as const;

/**
 * `GET /api/reviews`: recent approved public reviews across the catalogue, newest first. `genre` and
 * `language` are the book's; `rating` keeps reviews of exactly that many stars.
 */
export const reviewFeedQuerySchema = z.object({
  genre: z.enum(GENRE_SLUGS, 'validation.invalid').optional(),
  language: z.enum(BOOK_LANGUAGES, 'validation.invalid').optional(),
  rating: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(5, 'validation.invalid')
    .optional(),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(REVIEW_FEED_LIMITS.pageMax, 'validation.invalid')
    .default(1),
  pageSize: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(REVIEW_FEED_LIMITS.pageSizeMax, 'validation.invalid')
    .default(REVIEW_FEED_LIMITS.pageSizeDefault),
});
export type ReviewFeedQuery = z.infer<typeof reviewFeedQuerySchema>;

/** The book a feed review is about. */
export const reviewFeedBookSchema = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string(),
  genre: z.string().nullable(),
  language: z.string(),
  coverCandidates: z.array(z.string()),
});
export type ReviewFeedBook = z.infer<typeof reviewFeedBookSchema>;

/** One review of the feed: the Review fields a list shows, its reply count and its book. */
export const reviewFeedItemSchema = z.object({
  id: z.string(),
  reviewID: z.string(),
  user: reviewUserSchema,
  rating: z.number().int(),
  comment: z.string(),
  timestamp: z.string(),
  updated_at: z.string(),
  likes: z.number().int(),
  dislikes: z.number().int(),
  replyCount: z.number().int(),
  book: reviewFeedBookSchema,
});
export type ReviewFeedItem = z.infer<typeof reviewFeedItemSchema>;

export const reviewFeedSchema = z.object({
  items: z.array(reviewFeedItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewFeed = z.infer<typeof reviewFeedSchema>;

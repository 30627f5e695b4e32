import { z } from 'zod';

/** `GET /api/recommendations?limit=`: default 12, at most 50. */
export const RECOMMENDATIONS_DEFAULT_LIMIT = 12;
export const RECOMMENDATIONS_MAX_LIMIT = 50;

export const recommendationsQuerySchema = z.object({
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(RECOMMENDATIONS_MAX_LIMIT, 'validation.invalid')
    .default(RECOMMENDATIONS_DEFAULT_LIMIT),
});
export type RecommendationsQuery = z.infer<typeof recommendationsQuerySchema>;

export const RECOMMENDATION_REASON_KINDS = [
  'because',
  'popularInGenre',
  'byAuthor',
  'popularInLanguage',
] as const;

/** What the reader did with the seed book of a `because` reason ("Because you finished Dune"). */
export const RECOMMENDATION_SEED_RELATIONS = ['finished', 'reading', 'loved', 'rated', 'wantToRead'] as const;
export type RecommendationSeedRelation = (typeof RECOMMENDATION_SEED_RELATIONS)[number];

/** Why a book is recommended: the seed book, the preferred genre, author or language. */
export const recommendationReasonSchema = z.object({
  kind: z.enum(RECOMMENDATION_REASON_KINDS),
  bookId: z.string().optional(),
  /** With `because`: finished, reading, loved (a favourite or 5★), rated (4★), wantToRead. */
  relation: z.enum(RECOMMENDATION_SEED_RELATIONS).optional(),
  bookTitle: z.string().optional(),
  genre: z.string().optional(),
  author: z.string().optional(),
  language: z.string().optional(),
});
export type RecommendationReason = z.infer<typeof recommendationReasonSchema>;

export const recommendationItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  coverImage: z.string().nullable(),
  coverCandidates: z.array(z.string()),
  authors: z.array(z.string()),
  rating: z.number().nullable(),
  reason: recommendationReasonSchema,
});
export type RecommendationItem = z.infer<typeof recommendationItemSchema>;

export const recommendationsResponseSchema = z.object({ items: z.array(recommendationItemSchema) });
export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;

import { z } from 'zod';

/** The dashboard tiles of the signed-in reader (`GET /api/me/stats`). */
export const userStatsSchema = z.object({
  booksRead: z.number().int(),
  readingList: z.number().int(),
  reviewsWritten: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** Which sign-in providers this server has configured (`GET /api/auth/providers`). */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

import { z } from 'zod';
import { GENRE_SLUGS } from './genres.js';

/**
 * The wire shape of one genre (`GET /api/genres`). Kept apart from the genre catalogue so a client
 * that shows the catalogue does not load zod with it.
 */
export const genreSummarySchema = z.object({
  slug: z.enum(GENRE_SLUGS),
  name: z.string(),
  title: z.string(),
  description: z.string(),
});

import { z } from 'zod';
import { plainName, writtenText } from './text.js';

/** Bounds of a reader's own shelves. */
export const SHELF_LIMITS = { nameMax: 60, perReader: 100 } as const;

/** A shelf name: trimmed, inner runs of spaces folded, 1–60 characters; unique per reader ignoring case. */
export const shelfNameSchema = plainName(writtenText('shelves.nameRequired'))
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1, 'shelves.nameRequired').max(SHELF_LIMITS.nameMax, 'shelves.nameTooLong'));

/** `POST /api/shelves`, `PATCH /api/shelves/:id`. */
export const shelfInputSchema = z.object({ name: shelfNameSchema });
export type ShelfInput = z.infer<typeof shelfInputSchema>;

export const shelfParamsSchema = z.object({ id: z.uuid('validation.invalid') });
export const shelfBookParamsSchema = z.object({
  id: z.uuid('validation.invalid'),
  bookId: z.string().min(1).max(100),
});

/** A reader's shelf (private to them) with the number of books on it. */
export const shelfSchema = z.object({
  id: z.string(),
  name: z.string(),
  bookCount: z.number().int(),
  createdAt: z.string(),
});
export type Shelf = z.infer<typeof shelfSchema>;

export const shelvesResponseSchema = z.object({ items: z.array(shelfSchema) });
export type ShelvesResponse = z.infer<typeof shelvesResponseSchema>;

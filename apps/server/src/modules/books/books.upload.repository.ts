import type { Db } from '../../db/client.js';
import { books } from '../../db/schema/index.js';

export type UploadedBookValues = typeof books.$inferInsert;

/** Writes the rows of uploaded books. Every method takes an optional transaction. */
export function createBookUploadRepository(db: Db) {
  return {
    async insert(values: UploadedBookValues, tx: Db = db): Promise<void> {
      await tx.insert(books).values(values);
    },
  };
}

export type BookUploadRepository = ReturnType<typeof createBookUploadRepository>;

import { eq } from 'drizzle-orm';
import { bookReports } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reports of books the reader filed. */
export const eraseBookReports: ReaderEraser = async (reader, tx) => {
  await tx.delete(bookReports).where(eq(bookReports.userId, reader.id));
};

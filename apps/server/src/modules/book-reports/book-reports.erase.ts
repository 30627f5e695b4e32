import { eq } from 'drizzle-orm';
import { bookReports } from '../../db/schema/index.js';
import type { ReaderEraser } from '../account/account.erase.js';

/** The reports of books the reader filed. */
export const eraseBookReports: ReaderEraser = async (reader, tx) => {
  await tx.delete(bookReports).where(eq(bookReports.userId, reader.id));
};

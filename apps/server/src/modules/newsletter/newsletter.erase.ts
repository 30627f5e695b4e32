import { inArray } from 'drizzle-orm';
import { newsletterSubscriptions } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The newsletter subscription of the reader's login or recovery address. */
export const eraseNewsletter: ReaderEraser = async (reader, tx) => {
  const addresses = [reader.email, reader.recoveryEmail].filter((email): email is string => !!email);
  await tx.delete(newsletterSubscriptions).where(inArray(newsletterSubscriptions.email, addresses));
};

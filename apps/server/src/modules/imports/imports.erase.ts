import { eq } from 'drizzle-orm';
import { imports } from '../../db/schema/index.js';
import type { ReaderEraser } from '../../lib/reader-eraser.js';

/** The reader's imports with their rows (a job still queued for one then finds nothing to apply). */
export const eraseImports: ReaderEraser = async (reader, tx) => {
  await tx.delete(imports).where(eq(imports.userId, reader.id));
};

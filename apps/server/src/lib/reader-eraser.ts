import type { Db } from '../db/client.js';

/**
 * The port of leaving for good (`DELETE /api/account`), a kernel type like `Actor`: the account
 * module runs the erasers, every module that keeps a reader's rows provides one, and neither imports
 * the other (services.leaving.ts lists them).
 */

/** The reader who leaves, as the modules need them while erasing (read before anything changes). */
export interface LeavingReader {
  id: string;
  email: string;
  recoveryEmail: string | null;
}

/**
 * One module's part of erasing a reader: it deletes or anonymises the rows of its own tables, inside
 * the one transaction, and answers the storage keys of files to remove once that transaction has
 * committed (uploaded pictures, covers of clubs that go).
 */
export type ReaderEraser = (reader: LeavingReader, tx: Db) => Promise<readonly string[] | void>;

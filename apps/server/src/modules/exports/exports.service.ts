import type { Actor } from '../../lib/actor.js';
import type { LibraryItem } from '../reading-list/reading-list.export.js';
import { goodreadsCsv } from './exports.goodreads.js';

/** What each module contributes to a reader's exports (wired in services.ts: each module reads its own tables). */
export interface ExportSources {
  library(userId: string): Promise<LibraryItem[]>;
  reviewsByBook(
    userId: string,
  ): Promise<ReadonlyMap<string, { rating: number; comment: string; spoiler: boolean }>>;
  /** Named parts of the account export, in the order they appear. */
  account: Record<string, (userId: string) => Promise<unknown>>;
}

/** Version of the account export's layout (bump when a part changes shape). */
export const ACCOUNT_EXPORT_FORMAT = 1;

/**
 * A reader takes their data with them: the library in Goodreads' CSV layout, and everything Nebab
 * keeps about them as JSON. Only for the signed-in reader themself.
 */
export function createExportsService(deps: { sources: ExportSources; now?: () => Date }) {
  const { sources, now = () => new Date() } = deps;
  return {
    async goodreadsCsv(actor: Actor): Promise<string> {
      const [library, reviews] = await Promise.all([
        sources.library(actor.userId),
        sources.reviewsByBook(actor.userId),
      ]);
      return goodreadsCsv(library, reviews);
    },

    async account(actor: Actor): Promise<Record<string, unknown>> {
      const parts = Object.entries(sources.account);
      const values = await Promise.all(parts.map(([, read]) => read(actor.userId)));
      return {
        format: ACCOUNT_EXPORT_FORMAT,
        exportedAt: now().toISOString(),
        ...Object.fromEntries(parts.map(([name], i) => [name, values[i]])),
      };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;

import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SsrInput, SsrOutput } from '@nebab/shared';

/** The client's server-rendering entry, built by `npm run build` next to the client build. */
export interface SsrEntry {
  render(input: SsrInput): Promise<SsrOutput>;
}

/** Where the entry is built: `apps/web/dist-ssr` beside `apps/web/dist` (never served as a file). */
export function ssrEntryPath(webDist: string): string {
  return path.join(path.dirname(path.resolve(webDist)), 'dist-ssr', 'entry-server.js');
}

/** Imports the entry, or null when the client was built without it (pages are then shells with heads). */
export async function loadSsrEntry(webDist: string): Promise<SsrEntry | null> {
  const file = ssrEntryPath(webDist);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as Partial<SsrEntry>;
  return typeof entry.render === 'function' ? (entry as SsrEntry) : null;
}

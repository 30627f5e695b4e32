import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { createAppMetaRepository } from './catalog.repository.js';

/** `app_meta` key holding the version of the imported catalogue (absent until the first import). */
export const CATALOG_VERSION_KEY = 'catalog_version';
/** `app_meta` key recording the last time the start-up hook ran. */
export const CATALOG_HOOK_KEY = 'catalog_hook';

export interface CatalogOutcome {
  /** The catalogue version found in the database, or null when none was imported yet. */
  version: string | null;
  /** What the hook did. Until the importer lands it only records that it ran. */
  action: 'recorded';
}

interface Logger {
  info(object: object, message: string): void;
}

/**
 * Makes sure the shipped book catalogue is in the database, idempotently. Runs on start when
 * CATALOG_AUTO_IMPORT is on, and from `npm run catalog:import`.
 *
 * The importer arrives with the next issue: it will compare `catalog_version` with the version of
 * the shipped data and import when they differ. Today the hook only reads the version and records
 * that it ran.
 */
export async function ensureCatalog(db: Db, _config: AppConfig, logger?: Logger): Promise<CatalogOutcome> {
  const meta = createAppMetaRepository(db);
  const stored = await meta.get(CATALOG_VERSION_KEY);
  const version = typeof stored === 'string' ? stored : null;
  await meta.set(CATALOG_HOOK_KEY, { ranAt: new Date().toISOString(), catalogVersion: version });
  logger?.info({ catalogVersion: version }, 'catalogue hook ran (importer not implemented yet)');
  return { version, action: 'recorded' };
}

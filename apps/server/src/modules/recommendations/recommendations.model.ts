import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../lib/logger.js';
import { loadGoodbooksInteractions } from './goodbooks-interactions.js';
import { buildItemModel, deserializeModel, serializeModel, type ItemModel } from './item-model.js';

/** Bump when the build options below change: a cached model of another version is rebuilt. */
const MODEL_CACHE_VERSION = 'v1';
const CACHE_FILE = 'recs-model.bin';
const KEY_FILE = 'recs-model.key';

export interface ModelSource {
  catalogDir: string;
  /** Where the serialized model is cached; undefined = memory only. */
  cacheDir?: string;
  logger?: Logger;
}

/**
 * Loads the item–item model of the shipped ratings (`ratings.csv.gz`): from the cache file when its
 * key (hash of the ratings file + cache version) matches, else built (~2.5 s) and written to the cache.
 * No ratings file = no model (null).
 */
export function loadItemModel({ catalogDir, cacheDir, logger }: ModelSource): ItemModel | null {
  const ratingsFile = join(catalogDir, 'ratings.csv.gz');
  if (!existsSync(ratingsFile)) {
    logger?.warn({ ratingsFile }, 'no ratings file: recommendations use preferences only');
    return null;
  }
  const started = Date.now();
  const key = `${MODEL_CACHE_VERSION}:${createHash('sha256').update(readFileSync(ratingsFile)).digest('hex')}`;
  if (cacheDir) {
    try {
      const keyPath = join(cacheDir, KEY_FILE);
      if (existsSync(keyPath) && readFileSync(keyPath, 'utf8') === key) {
        const model = deserializeModel(readFileSync(join(cacheDir, CACHE_FILE)));
        logger?.info({ ms: Date.now() - started }, 'recommendation model loaded from cache');
        return model;
      }
    } catch (error) {
      logger?.warn({ err: error }, 'recommendation model cache unreadable, rebuilding');
    }
  }
  const model = buildItemModel(loadGoodbooksInteractions(catalogDir));
  logger?.info({ ms: Date.now() - started, books: model.bookIds.length }, 'recommendation model built');
  if (cacheDir) {
    try {
      mkdirSync(cacheDir, { recursive: true });
      const temp = join(cacheDir, `${CACHE_FILE}.${process.pid}.tmp`);
      writeFileSync(temp, serializeModel(model));
      renameSync(temp, join(cacheDir, CACHE_FILE));
      writeFileSync(join(cacheDir, KEY_FILE), key);
    } catch (error) {
      logger?.warn({ err: error }, 'recommendation model cache not written');
    }
  }
  return model;
}

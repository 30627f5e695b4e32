import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Logger } from '../../lib/logger.js';
import { buildEaseModel, type EaseOptions } from './ease-model.js';
import { loadGoodbooksInteractions } from './goodbooks-interactions.js';
import { buildItemModel, deserializeModel, serializeModel, type ItemModel } from './item-model.js';

/** Bump when the fallback build options below change: a cached model of another version is rebuilt. */
const MODEL_CACHE_VERSION = 'v1';
const CACHE_FILE = 'recs-model.bin';
const KEY_FILE = 'recs-model.key';

/** The precomputed model shipped beside the ratings (written by `npm run recs:build`). */
export const SHIPPED_MODEL_FILE = 'recs-ease.bin.gz';
export const SHIPPED_MODEL_META = 'recs-ease.json';

/** λ and neighbours of the shipped EASE^R model, chosen with `npm run bench:recs` (see docs/benchmarks.md). */
export const EASE_DEFAULTS = { lambda: 200, neighbours: 100 } as const;

/** What `recs-ease.json` says about the shipped model. */
export interface ShippedModelMeta {
  kind: 'ease';
  /** SHA-256 of the ratings file it was built from: a different file means the model is stale. */
  ratingsSha256: string;
  lambda: number;
  neighbours: number;
  books: number;
  pairs: number;
  bytes: number;
  buildSeconds: number;
  builtAt: string;
}

export interface ModelSource {
  catalogDir: string;
  /** Where the fallback model is cached; undefined = memory only. */
  cacheDir?: string;
  logger?: Logger;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Builds the pruned EASE^R model over the shipped ratings and writes it (and its description). */
export function writeShippedModel(
  catalogDir: string,
  options: Pick<EaseOptions, 'lambda' | 'neighbours' | 'progress'>,
): ShippedModelMeta {
  const ratingsFile = join(catalogDir, 'ratings.csv.gz');
  const started = Date.now();
  const model = buildEaseModel(loadGoodbooksInteractions(catalogDir), { ...options, prune: 'positive' });
  const bytes = gzipSync(serializeModel(model), { level: 9 });
  const meta: ShippedModelMeta = {
    kind: 'ease',
    ratingsSha256: sha256(readFileSync(ratingsFile)),
    lambda: options.lambda,
    neighbours: options.neighbours,
    books: model.bookIds.length,
    pairs: model.neighbourIndex.length,
    bytes: bytes.length,
    buildSeconds: (Date.now() - started) / 1000,
    builtAt: new Date().toISOString(),
  };
  writeFileSync(join(catalogDir, SHIPPED_MODEL_FILE), bytes);
  writeFileSync(join(catalogDir, SHIPPED_MODEL_META), `${JSON.stringify(meta, null, 2)}\n`);
  return meta;
}

/** The shipped model when it exists and was built from these ratings; otherwise null. */
function readShippedModel(catalogDir: string, ratings: Buffer, logger?: Logger): ItemModel | null {
  const metaPath = join(catalogDir, SHIPPED_MODEL_META);
  const modelPath = join(catalogDir, SHIPPED_MODEL_FILE);
  if (!existsSync(metaPath) || !existsSync(modelPath)) return null;
  try {
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as ShippedModelMeta;
    if (meta.ratingsSha256 !== sha256(ratings)) {
      logger?.warn(
        'the shipped recommendation model was built from other ratings: rebuild it (npm run recs:build)',
      );
      return null;
    }
    return deserializeModel(gunzipSync(readFileSync(modelPath)));
  } catch (error) {
    logger?.warn({ err: error }, 'the shipped recommendation model is unreadable');
    return null;
  }
}

/**
 * The collaborative model of the shipped ratings (`ratings.csv.gz`): the precomputed EASE^R model
 * when it matches the ratings (read in ~0.1 s); else the item–item model, from the cache file when its
 * key (hash of the ratings file + cache version) matches, or built (~2.5 s) and written to the cache.
 * No ratings file = no model (null).
 */
export function loadItemModel({ catalogDir, cacheDir, logger }: ModelSource): ItemModel | null {
  const ratingsFile = join(catalogDir, 'ratings.csv.gz');
  if (!existsSync(ratingsFile)) {
    logger?.warn({ ratingsFile }, 'no ratings file: recommendations use preferences only');
    return null;
  }
  const started = Date.now();
  const ratings = readFileSync(ratingsFile);
  const shipped = readShippedModel(catalogDir, ratings, logger);
  if (shipped) {
    logger?.info(
      { ms: Date.now() - started, books: shipped.bookIds.length },
      'recommendation model (EASE^R) loaded',
    );
    return shipped;
  }
  const key = `${MODEL_CACHE_VERSION}:${sha256(ratings)}`;
  if (cacheDir) {
    try {
      const keyPath = join(cacheDir, KEY_FILE);
      if (existsSync(keyPath) && readFileSync(keyPath, 'utf8') === key) {
        const model = deserializeModel(readFileSync(join(cacheDir, CACHE_FILE)));
        logger?.info({ ms: Date.now() - started }, 'recommendation model (item-kNN) loaded from cache');
        return model;
      }
    } catch (error) {
      logger?.warn({ err: error }, 'recommendation model cache unreadable, rebuilding');
    }
  }
  const model = buildItemModel(loadGoodbooksInteractions(catalogDir));
  logger?.info(
    { ms: Date.now() - started, books: model.bookIds.length },
    'recommendation model (item-kNN) built',
  );
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

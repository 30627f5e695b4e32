/**
 * `npm run recs:build [-- --lambda 200 --k 100]`: precomputes the shipped recommendation model.
 *
 * Solves pruned EASE^R over every 4–5★ rating of `catalog-data/ratings.csv.gz` (a ~10,000² inverse:
 * minutes of one core, which is why it is not done at start-up) and writes `recs-ease.bin.gz` and its
 * description `recs-ease.json` (the ratings file's SHA-256, λ, neighbours, build time) beside the
 * ratings. The server loads that file in milliseconds when the hash matches its ratings file; otherwise
 * it falls back to building the item–item model (~3 s). Rerun after the ratings change.
 */
import { invocationDir, loadConfig } from '../config.js';
import { EASE_DEFAULTS, writeShippedModel } from '../modules/recommendations/recommendations.model.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

const config = loadConfig(process.env, invocationDir());
const lambda = Number(arg('lambda') ?? EASE_DEFAULTS.lambda);
const neighbours = Number(arg('k') ?? EASE_DEFAULTS.neighbours);
const started = Date.now();
let lastReport = 0;
const meta = writeShippedModel(config.catalogDir, {
  lambda,
  neighbours,
  progress: (phase, done, total) => {
    if (Date.now() - lastReport < 10_000) return;
    lastReport = Date.now();
    console.log(`${phase} ${done}/${total} · ${((Date.now() - started) / 1000).toFixed(0)} s`);
  },
});
console.log(
  `recs-ease.bin.gz: ${meta.books} books, ${meta.pairs} weights, λ ${meta.lambda}, k ${meta.neighbours}, ` +
    `${(meta.bytes / 1024 / 1024).toFixed(2)} MB, built in ${meta.buildSeconds.toFixed(0)} s`,
);

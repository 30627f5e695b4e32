/**
 * How many edits apart two words are (spelling correction in search, a surname's typo in book
 * matching), counted without allocating: both run it over many terms in one synchronous loop.
 */

/** The distance rows, reused from call to call (the lookups are synchronous): no garbage per term. */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring),
 * or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return max + 1;
  if (rows[0]!.length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [previous2, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j += 1) previous[j] = j;
  for (let i = 1; i <= m; i += 1) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const aPrevious = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= n; j += 1) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1));
      if (j > 1 && ai === b.charCodeAt(j - 2) && aPrevious === bj)
        value = Math.min(value, previous2[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return Math.min(previous[n]!, max + 1);
}

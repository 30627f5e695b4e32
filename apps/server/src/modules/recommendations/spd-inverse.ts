/**
 * In-place inverse of a symmetric positive definite matrix, in plain TypeScript (no native code).
 *
 * EASE^R needs P = (XᵀX + λI)⁻¹ for ~10,000 books. The work is ~n³/2 multiply-adds done as
 * three triangular sweeps (LAPACK's potrf + trtri + lauum, reshaped so that every inner loop is a
 * dot product of two contiguous row slices):
 *   1. Cholesky A = L·Lᵀ (L in the strict lower triangle, its diagonal apart);
 *   2. V = L⁻ᵀ (upper triangle, row i of V is column i of L⁻¹);
 *   3. P = V·Vᵀ (lower triangle, its diagonal apart).
 * Rows are processed in blocks of four: each streamed row is reused by four dot products at once,
 * which is what keeps V8 (no SIMD) near its arithmetic speed instead of memory speed.
 */

/** Blocked dot products: out[r] = Σ_{k<len} a[rowsR + k] · a[row + k] for the four row starts. */
function dot4(
  a: Float64Array,
  r0: number,
  r1: number,
  r2: number,
  r3: number,
  row: number,
  len: number,
  out: Float64Array,
): void {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let k = 0; k < len; k += 1) {
    const v = a[row + k]!;
    s0 += a[r0 + k]! * v;
    s1 += a[r1 + k]! * v;
    s2 += a[r2 + k]! * v;
    s3 += a[r3 + k]! * v;
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
}

function dot(a: Float64Array, x: number, y: number, len: number): number {
  let s0 = 0;
  let s1 = 0;
  let k = 0;
  for (; k + 1 < len; k += 2) {
    s0 += a[x + k]! * a[y + k]!;
    s1 += a[x + k + 1]! * a[y + k + 1]!;
  }
  if (k < len) s0 += a[x + k]! * a[y + k]!;
  return s0 + s1;
}

export interface InverseProgress {
  (phase: 'cholesky' | 'triangular' | 'product', done: number, total: number): void;
}

/**
 * Replaces the n×n row-major SPD matrix `a` by its inverse (both triangles filled).
 * Throws when the matrix is not positive definite.
 */
export function invertSpd(a: Float64Array, n: number, progress?: InverseProgress): void {
  if (a.length !== n * n) throw new Error('invertSpd: size mismatch');
  const diagL = new Float64Array(n);
  const out = new Float64Array(4);
  const report = (phase: Parameters<InverseProgress>[0], i: number) => {
    if (progress && (i & 255) === 0) progress(phase, i, n);
  };

  // 1. Cholesky (row-oriented Crout): L[i][j] = (A[i][j] − Σ_{k<j} L[i][k]·L[j][k]) / L[j][j].
  let i0 = 0;
  for (; i0 + 4 <= n; i0 += 4) {
    report('cholesky', i0);
    const r0 = i0 * n;
    const r1 = r0 + n;
    const r2 = r1 + n;
    const r3 = r2 + n;
    for (let j = 0; j < i0; j += 1) {
      dot4(a, r0, r1, r2, r3, j * n, j, out);
      const d = diagL[j]!;
      a[r0 + j] = (a[r0 + j]! - out[0]!) / d;
      a[r1 + j] = (a[r1 + j]! - out[1]!) / d;
      a[r2 + j] = (a[r2 + j]! - out[2]!) / d;
      a[r3 + j] = (a[r3 + j]! - out[3]!) / d;
    }
    for (let i = i0; i < i0 + 4; i += 1) choleskyTail(a, n, i, i0, diagL);
  }
  for (let i = i0; i < n; i += 1) {
    for (let j = 0; j < i0; j += 1) a[i * n + j] = (a[i * n + j]! - dot(a, i * n, j * n, j)) / diagL[j]!;
    choleskyTail(a, n, i, i0, diagL);
  }

  // 2. V = L⁻ᵀ: X = L⁻¹ has X[i][j] = −(Σ_{j≤k<i} L[i][k]·X[k][j]) / L[i][i]; V[j][k] = X[k][j],
  //    so the sum is a dot product of row i of L and row j of V over k in [j, i).
  for (let j = 0; j < n; j += 1) a[j * n + j] = 1 / diagL[j]!;
  i0 = 0;
  for (; i0 + 4 <= n; i0 += 4) {
    report('triangular', i0);
    const r = [i0 * n, (i0 + 1) * n, (i0 + 2) * n, (i0 + 3) * n] as const;
    for (let j = 0; j < i0; j += 1) {
      // Σ over k in [j, i0) for the four rows at once; the in-block k are added below.
      dot4(a, r[0] + j, r[1] + j, r[2] + j, r[3] + j, j * n + j, i0 - j, out);
      for (let q = 0; q < 4; q += 1) {
        const i = i0 + q;
        let s = out[q]!;
        for (let k = i0; k < i; k += 1) s += a[i * n + k]! * a[j * n + k]!;
        a[j * n + i] = -s / diagL[i]!;
      }
    }
    for (let j = i0; j < i0 + 4; j += 1)
      for (let i = j + 1; i < i0 + 4; i += 1) {
        let s = 0;
        for (let k = j; k < i; k += 1) s += a[i * n + k]! * a[j * n + k]!;
        a[j * n + i] = -s / diagL[i]!;
      }
  }
  for (let i = i0; i < n; i += 1)
    for (let j = 0; j < i; j += 1) a[j * n + i] = -dot(a, i * n + j, j * n + j, i - j) / diagL[i]!;

  // 3. P = V·Vᵀ: P[j][i] (i ≤ j) = Σ_{k≥j} V[i][k]·V[j][k], written into the lower triangle
  //    (L is no longer needed); the diagonal is kept apart until V's diagonal has been used.
  const diagP = new Float64Array(n);
  let j0 = 0;
  for (; j0 + 4 <= n; j0 += 4) {
    report('product', j0);
    const last = j0 + 3;
    const tail = n - last;
    const r = [j0 * n, (j0 + 1) * n, (j0 + 2) * n, (j0 + 3) * n] as const;
    // Rows i < j0: common part k ≥ last for the four rows j, then each row's own head k in [j, last).
    for (let i = 0; i < j0; i += 1) {
      dot4(a, r[0] + last, r[1] + last, r[2] + last, r[3] + last, i * n + last, tail, out);
      for (let q = 0; q < 4; q += 1) {
        const j = j0 + q;
        let s = out[q]!;
        for (let k = j; k < last; k += 1) s += a[i * n + k]! * a[j * n + k]!;
        a[j * n + i] = s;
      }
    }
    for (let j = j0; j <= last; j += 1)
      for (let i = j0; i <= j; i += 1) {
        const s = dot(a, i * n + j, j * n + j, n - j);
        if (i === j) diagP[j] = s;
        else a[j * n + i] = s;
      }
  }
  for (let j = j0; j < n; j += 1)
    for (let i = 0; i <= j; i += 1) {
      const s = dot(a, i * n + j, j * n + j, n - j);
      if (i === j) diagP[j] = s;
      else a[j * n + i] = s;
    }
  // Mirror the lower triangle into the upper one and set the diagonal.
  for (let i = 0; i < n; i += 1) {
    a[i * n + i] = diagP[i]!;
    for (let j = i + 1; j < n; j += 1) a[i * n + j] = a[j * n + i]!;
  }
}

/** The in-block part of Cholesky row i: columns j in [from, i], then the diagonal. */
function choleskyTail(a: Float64Array, n: number, i: number, from: number, diagL: Float64Array): void {
  const ri = i * n;
  for (let j = from; j < i; j += 1) a[ri + j] = (a[ri + j]! - dot(a, ri, j * n, j)) / diagL[j]!;
  const s = a[ri + i]! - dot(a, ri, ri, i);
  if (!(s > 0)) throw new Error(`invertSpd: not positive definite at row ${i}`);
  diagL[i] = Math.sqrt(s);
}

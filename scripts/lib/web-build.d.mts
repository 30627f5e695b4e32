/** Types of web-build.mjs for the TypeScript scripts (cluster, benchmarks). */
export function webFingerprint(root: string): string;
/** Builds the web client when its inputs changed since the last build (or always with `force`); true when it built. */
export function ensureWebBuild(root: string, options?: { force?: boolean }): boolean;

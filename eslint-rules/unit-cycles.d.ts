import type { ESLint } from 'eslint';

/** Every cycle between the units under `root` (absolute) on disk, each as `a → b → … → a`. */
export function unitCyclesUnder(root: string): string[];

declare const plugin: ESLint.Plugin;
export default plugin;

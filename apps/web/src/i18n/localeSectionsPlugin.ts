import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { pickSections, type MessagePart } from './sections';

/** `/path/en.json?sections=core` (other query parameters, such as Vite's `import` or `t`, ignored). */
function splitId(id: string): { file: string; part: MessagePart } | null {
  const queryStart = id.indexOf('?');
  if (queryStart < 0) return null;
  const part = new URLSearchParams(id.slice(queryStart + 1)).get('sections');
  if (part !== 'core' && part !== 'rest') return null;
  return { file: id.slice(0, queryStart), part };
}

/**
 * Serves `<locale>.json?sections=core` and `<locale>.json?sections=rest`: the file's top-level
 * sections that are (or are not) in `CORE_SECTIONS` (./sections.ts), as a module whose default export
 * is that object. Works for relative paths and package exports
 * (`@nebab/shared/locales/en.json?sections=core`), in `vite`, `vite build` and vitest; the source file
 * is watched, so editing a locale reloads both parts in dev.
 */
export function localeSections(): Plugin {
  return {
    name: 'nebab:locale-sections',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const split = splitId(source);
      if (!split) return null;
      const resolved = await this.resolve(split.file, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      return `${resolved.id}?sections=${split.part}`;
    },
    load(id) {
      const split = splitId(id);
      if (!split) return null;
      this.addWatchFile(split.file);
      const messages = JSON.parse(readFileSync(split.file, 'utf8')) as Record<string, unknown>;
      // JavaScript, not JSON: the JSON plugin leaves ids with a query alone. JSON.parse of a string
      // literal is the fastest way to ship a large object.
      const json = JSON.stringify(pickSections(messages, split.part));
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import sharedAmCore from '@nebab/shared/locales/am.json?sections=core';
import sharedAmRest from '@nebab/shared/locales/am.json?sections=rest';
import sharedAm from '@nebab/shared/locales/am.json';
import sharedEnCore from '@nebab/shared/locales/en.json?sections=core';
import sharedEnRest from '@nebab/shared/locales/en.json?sections=rest';
import sharedEn from '@nebab/shared/locales/en.json';
import type { RouteObject } from 'react-router';
import { LandingPage } from '../pages/LandingPage/LandingPage';
import { routes } from '../routes';
import webAmCore from './locales/am.json?sections=core';
import webAmRest from './locales/am.json?sections=rest';
import webAm from './locales/am.json';
import webEnCore from './locales/en.json?sections=core';
import webEnRest from './locales/en.json?sections=rest';
import webEn from './locales/en.json';
import englishCore from './parts/en.core';
import { CORE_SECTIONS, isCoreMessagesRoute, pickSections } from './sections';

const files = [
  { name: 'web en', whole: webEn, core: webEnCore, rest: webEnRest },
  { name: 'web am', whole: webAm, core: webAmCore, rest: webAmRest },
  { name: 'shared en', whole: sharedEn, core: sharedEnCore, rest: sharedEnRest },
  { name: 'shared am', whole: sharedAm, core: sharedAmCore, rest: sharedAmRest },
];

describe.each(files)('$name split by the localeSections plugin', ({ whole, core, rest }) => {
  it('puts each section in exactly one part, unchanged, and loses none', () => {
    const coreKeys = Object.keys(core);
    const restKeys = Object.keys(rest);
    expect(coreKeys.filter((key) => restKeys.includes(key))).toEqual([]);
    expect([...coreKeys, ...restKeys].sort()).toEqual(Object.keys(whole).sort());
    expect({ ...core, ...rest }).toEqual(whole);
  });

  it('has the core sections in the core part and no others', () => {
    for (const section of Object.keys(core)) expect(CORE_SECTIONS).toContain(section);
    expect(core).toEqual(pickSections(whole, 'core'));
  });
});

describe('CORE_SECTIONS', () => {
  it('names only sections that exist (in the web or the shared messages)', () => {
    const known = new Set([...Object.keys(webEn), ...Object.keys(sharedEn)]);
    expect(CORE_SECTIONS.filter((section) => !known.has(section))).toEqual([]);
  });

  it('keep the rest the bigger part (the point of the split)', () => {
    const size = (value: unknown) => JSON.stringify(value).length;
    expect(size(englishCore)).toBeLessThan(size({ ...sharedEnRest, ...webEnRest }) / 2);
  });
});

/** Routes marked CORE_MESSAGES_ROUTE, in the order of the table. */
function coreRoutes(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => [
    ...(isCoreMessagesRoute(route.handle) ? [route] : []),
    ...coreRoutes(route.children ?? []),
  ]);
}

describe('core routes', () => {
  it('are the landing page only (add its page to CORE_PAGES below when marking another one)', async () => {
    const marked = coreRoutes(routes);
    const components = await Promise.all(
      marked.map(async (route) => {
        if (typeof route.lazy !== 'function') return route.Component;
        return ((await route.lazy()) as { Component?: unknown }).Component;
      }),
    );
    expect(components).toEqual([LandingPage]);
  });
});

// ---- every section used by code that renders without the rest of the messages is core ----

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Pages of the routes marked CORE_MESSAGES_ROUTE (checked above). */
const CORE_PAGES = ['pages/LandingPage/LandingPage.tsx'];
/** Dynamic imports not followed: the route table's pages wait for the messages; ./parts are messages. */
const WAITING_IMPORTERS = ['routes.tsx', 'i18n/index.ts'];

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

const STATIC_IMPORT = /(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Source files that render (or run) before the rest of the messages arrive. */
function eagerModules(): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? match[2]);
    // Lazy parts of the shell (header menus, notification popover) do not wait for the messages.
    if (!WAITING_IMPORTERS.includes(relative(srcDir, file)))
      specifiers.push(...[...source.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]));
    for (const specifier of specifiers) {
      const next = specifier ? resolveModule(file, specifier) : null;
      if (next) visit(next);
    }
  };
  visit(resolve(srcDir, 'main.tsx'));
  for (const page of CORE_PAGES) visit(resolve(srcDir, page));
  return seen;
}

describe('eager code', () => {
  it('uses only core sections (else add the section to CORE_SECTIONS or move the code behind a route)', () => {
    const sections = new Set([...Object.keys(webEn), ...Object.keys(sharedEn)]);
    const modules = eagerModules();
    expect(modules.has(resolve(srcDir, 'features/shell/SiteHeader.tsx'))).toBe(true);
    expect(modules.has(resolve(srcDir, 'features/shell/ThemeMenu.tsx'))).toBe(true);
    expect(modules.has(resolve(srcDir, 'pages/LandingPage/HeroSection.tsx'))).toBe(true);
    const outside: string[] = [];
    for (const file of modules) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      const source = readFileSync(file, 'utf8');
      // 'nav.signIn', "toast.close", `genres.${slug}`: a string that starts with a section name
      for (const match of source.matchAll(/['"`]([A-Za-z]+)\.(?:\w|\$\{)/g)) {
        const section = match[1] ?? '';
        if (sections.has(section) && !(CORE_SECTIONS as readonly string[]).includes(section))
          outside.push(`${section} ← ${relative(srcDir, file)}`);
      }
    }
    expect([...new Set(outside)]).toEqual([]);
  });
});
